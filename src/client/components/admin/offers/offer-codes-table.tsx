import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useState } from "react";
import {
  type AdminOfferCode,
  formatDiscount,
  formatDuration,
  formatUsage,
  OFFER_ADMIN_MSG,
  type OfferCodeStatus,
  offerCodeStatus,
} from "../../../../shared/admin/offers.ts";
import { TIERS, type TierId } from "../../../../shared/constants.ts";
import { adminOffersApi } from "../../../../shared/contract/admin-offers.ts";
import { call, storeAnswer } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { TableCell, TableHead, TableRow } from "../../ui/table.tsx";
import { formatDateGB } from "../common.tsx";
import { CardsAndTable } from "../short-list.tsx";
import { offerCodesQuery } from "./create-offer-code-dialog.tsx";
import { EditOfferCodeDialog } from "./edit-offer-code-dialog.tsx";

const STATUS_VARIANT: Record<OfferCodeStatus, "success" | "neutral" | "destructive" | "warning"> = {
  Active: "success",
  Inactive: "neutral",
  Expired: "destructive",
  "Used up": "warning",
  Scheduled: "warning",
};

function tierNames(tiers: TierId[] | null): string | null {
  return tiers ? tiers.map((t) => TIERS[t]?.name ?? t).join(", ") : null;
}

/** Enable / Disable: one request per click; the row's button waits for the answer. */
function useToggleOfferCode() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const mutation = useMutation({
    mutationFn: async (v: { id: number; isActive: boolean }) =>
      await call(adminOffersApi.update, { params: { id: String(v.id) }, body: { isActive: v.isActive } }),
    onMutate: (v) => setBusy((s) => new Set(s).add(v.id)),
    onSettled: (_d, _e, v) =>
      setBusy((s) => {
        const next = new Set(s);
        next.delete(v.id);
        return next;
      }),
    onSuccess: (saved) => {
      storeAnswer(queryClient, offerCodesQuery.queryKey, (rows) =>
        rows?.map((r) => (r.id === saved.id ? saved : r)),
      );
      toast({
        title: "Status Updated",
        description: `${saved.code} is now ${saved.isActive ? "enabled" : "disabled"}.`,
      });
    },
    onError: (error) => toastCallError(OFFER_ADMIN_MSG.updateFailed, error),
  });
  return {
    busy,
    toggle: (row: AdminOfferCode) => {
      if (busy.has(row.id)) return;
      mutation.mutate({ id: row.id, isActive: !row.isActive });
    },
  };
}

/** Code, Description, Discount, Duration, Usage, Status, Expires, Actions (spec section 2). */
export function OfferCodesTable({ rows }: { rows: AdminOfferCode[] }) {
  const { busy, toggle } = useToggleOfferCode();
  const [editing, setEditing] = useState<AdminOfferCode | null>(null);
  const now = new Date();
  const editButton = (row: AdminOfferCode) => (
    <Button variant="ghost" size="sm" aria-label={`Edit ${row.code}`} onClick={() => setEditing(row)}>
      <Pencil aria-hidden />
      Edit
    </Button>
  );
  const toggleButton = (row: AdminOfferCode) => (
    <Button
      variant={row.isActive ? "outline" : "primary"}
      size="sm"
      className="min-w-24"
      disabled={busy.has(row.id)}
      aria-label={`${row.isActive ? "Disable" : "Enable"} ${row.code}`}
      onClick={() => toggle(row)}
    >
      {busy.has(row.id) ? "Saving..." : row.isActive ? "Disable" : "Enable"}
    </Button>
  );
  return (
    <>
      {/* Phones: one card per code, its figures as a short list. */}
      <CardsAndTable
        items={rows}
        label="Offer codes"
        head={
          <>
            <TableHead>Code</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Discount</TableHead>
            <TableHead>Duration</TableHead>
            <TableHead>Usage</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Expires</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </>
        }
        card={(row) => {
          const status = offerCodeStatus(row, now);
          const tiers = tierNames(row.applicableTiers);
          return (
            <li key={row.id} className="grid gap-3 rounded-xl border border-border p-4">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 font-mono font-semibold tracking-wide break-all">{row.code}</p>
                <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>
              </div>
              {(row.description || tiers) && (
                <div>
                  {row.description && <p className="text-sm break-words">{row.description}</p>}
                  {tiers && <p className="text-xs text-muted-foreground">{tiers} only</p>}
                </div>
              )}
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {(
                  [
                    ["Discount", formatDiscount(row)],
                    ["Duration", formatDuration(row.durationMonths)],
                    ["Usage", formatUsage(row)],
                    ["Expires", row.validUntil ? formatDateGB(row.validUntil) : "Never"],
                  ] as const
                ).map(([term, value]) => (
                  <div key={term}>
                    <dt className="text-xs text-muted-foreground">{term}</dt>
                    <dd className="tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
              <div className="flex flex-wrap gap-2">
                {editButton(row)}
                {toggleButton(row)}
              </div>
            </li>
          );
        }}
        row={(row) => {
          const status = offerCodeStatus(row, now);
          const tiers = tierNames(row.applicableTiers);
          return (
            <TableRow key={row.id} data-testid={`offer-code-${row.code}`}>
              <TableCell className="font-mono font-semibold tracking-wide whitespace-nowrap">
                {row.code}
              </TableCell>
              <TableCell className="min-w-48 max-w-80">
                <p className="break-words">
                  {row.description ?? <span className="text-muted-foreground">-</span>}
                </p>
                {tiers && <p className="mt-0.5 text-xs text-muted-foreground">{tiers} only</p>}
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {formatDiscount(row)}
                {row.minOrderValue !== null && (
                  <p className="text-xs text-muted-foreground">plans from £{row.minOrderValue.toFixed(2)}</p>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDuration(row.durationMonths)}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{formatUsage(row)}</TableCell>
              <TableCell>
                <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {row.validUntil ? formatDateGB(row.validUntil) : "Never"}
              </TableCell>
              <TableCell className="text-right">
                <div className="flex justify-end gap-2">
                  {editButton(row)}
                  {toggleButton(row)}
                </div>
              </TableCell>
            </TableRow>
          );
        }}
      />
      {editing && (
        <EditOfferCodeDialog
          key={editing.id}
          code={editing}
          open
          onOpenChange={(next) => {
            if (!next) setEditing(null);
          }}
        />
      )}
    </>
  );
}
