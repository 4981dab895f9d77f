import { useQuery } from "@tanstack/react-query";
import type { ReactNode, RefObject } from "react";
import { Link } from "wouter";
import { HistorySection } from "../../../../client/components/admin/audit/stale-edit.tsx";
import { formatDateGB, formatDateTimeGB } from "../../../../client/components/admin/common.tsx";
import { Button } from "../../../../client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../../client/components/ui/dialog.tsx";
import { Skeleton } from "../../../../client/components/ui/skeleton.tsx";
import { Spinner } from "../../../../client/components/ui/spinner.tsx";
import { queryOf } from "../../../../client/lib/api.ts";
import { cn } from "../../../../client/lib/cn.ts";
import { errorMessage } from "../../../../client/lib/queryClient.ts";
import { TIERS } from "../../../../shared/constants.ts";
import { giftsApi } from "../../contract.ts";
import { ADMIN_GIFTS_MSG, GIFT_HISTORY_LABELS } from "../../shared/admin.ts";
import { type AdminGiftRow, formatGiftCode } from "../../shared/schemas.ts";
import { formatMoney, longDay, monthsLabel } from "../format.ts";
import { GiftActions } from "./gift-actions.tsx";
import { GiftStatusBadge } from "./gift-badges.tsx";

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

/** "Redeemed 26/11/2026 by Sam Rivers", linked to the member, as the list and the dialog both say it. */
export function RedeemedLine({ gift, className }: { gift: AdminGiftRow; className?: string }) {
  if (!gift.redeemedAt) return null;
  return (
    <span className={cn("text-xs text-muted-foreground", className)}>
      {formatDateGB(gift.redeemedAt)} by{" "}
      {gift.redeemer ? (
        <Link
          href={`/admin/members/${gift.redeemer.id}`}
          className="text-brand underline underline-offset-4 [overflow-wrap:anywhere]"
        >
          {gift.redeemer.name}
        </Link>
      ) : (
        "a deleted account"
      )}
    </span>
  );
}

function History({ id }: { id: number }) {
  const history = useQuery({
    ...queryOf(giftsApi.adminHistory, { params: { id: String(id) } }),
    staleTime: 0,
  });
  if (history.isError)
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="font-medium">{ADMIN_GIFTS_MSG.historyFailed}</p>
        <p className="text-muted-foreground">{errorMessage(history.error)}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => history.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (!history.data)
    return (
      <div role="status" aria-label="Loading the history" className="grid gap-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  return (
    <ol aria-label="History" className="grid gap-0" data-testid="gift-history">
      {history.data.events.map((e, i) => (
        <li
          key={`${e.kind}-${i}`}
          className="relative grid gap-0.5 border-l-2 border-border pb-4 pl-5 last:pb-0"
        >
          <span
            aria-hidden
            className={cn(
              "absolute top-1 -left-[7px] size-3 rounded-full border-2 border-surface",
              e.kind === "refunded" || e.kind === "send_failed"
                ? "bg-destructive-text"
                : e.kind === "redeemed"
                  ? "bg-success-text"
                  : "bg-brand",
            )}
          />
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-medium">{GIFT_HISTORY_LABELS[e.kind]}</span>
            <time dateTime={String(e.at)} className="text-xs text-muted-foreground tabular-nums">
              {formatDateTimeGB(e.at)}
            </time>
          </p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{e.detail}</p>
        </li>
      ))}
    </ol>
  );
}

function GiftBody({ id }: { id: number }) {
  const query = useQuery({
    ...queryOf(giftsApi.adminGet, { params: { id: String(id) } }),
    staleTime: 0,
  });
  if (query.isError)
    return (
      <div role="alert" className="grid gap-3">
        <DialogTitle>Gift #{id}</DialogTitle>
        <p className="text-muted-foreground">{errorMessage(query.error)}</p>
        <Button variant="outline" className="justify-self-start" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  const g = query.data;
  if (!g)
    return (
      <>
        <DialogTitle className="sr-only">Gift #{id}</DialogTitle>
        <div className="flex justify-center py-12">
          <Spinner className="size-7 text-brand" label="Loading the gift" />
        </div>
      </>
    );
  const tier = TIERS[g.tier].name;
  return (
    <div className="grid gap-6">
      <DialogHeader>
        <p className="flex flex-wrap items-center gap-2 font-mono text-xs text-muted-foreground">
          Gift #{g.id} <GiftStatusBadge status={g.status} />
        </p>
        <DialogTitle className="[overflow-wrap:anywhere]">
          {tier} for {monthsLabel(g.months)}, for {g.recipientNames}
        </DialogTitle>
        <DialogDescription>
          From {g.buyerName} · {formatMoney(g.amountPence)} · ordered {formatDateGB(g.createdAt)}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid gap-4 rounded-xl border border-border p-4 sm:grid-cols-2">
        <Fact label="From">
          <span className="block font-medium">{g.buyerName}</span>
          <span className="break-all text-muted-foreground">{g.buyerEmail}</span>
        </Fact>
        <Fact label="For">
          <span className="block font-medium">{g.recipientNames}</span>
          <span className="break-all text-muted-foreground">{g.recipientEmail}</span>
        </Fact>
        <Fact label="Gift">
          {tier} × {monthsLabel(g.months)}, {formatMoney(g.amountPence)}
        </Fact>
        <Fact label="Code">
          {g.code ? (
            <span className="font-mono tracking-wider" data-testid="gift-code">
              {formatGiftCode(g.code)}
            </span>
          ) : (
            <span className="text-muted-foreground">Issued once paid</span>
          )}
        </Fact>
        <Fact label={g.deliveredAt ? "Delivered" : "Delivery day"}>
          {g.deliveredAt ? formatDateTimeGB(g.deliveredAt) : longDay(g.deliverOn)}
        </Fact>
        {g.redeemedAt ? (
          <Fact label="Redeemed">
            <RedeemedLine gift={g} className="text-sm text-foreground" />
            {g.redeemer && <span className="block break-all text-muted-foreground">{g.redeemer.email}</span>}
            <span className="block text-muted-foreground">
              {g.redeemedAs === "credit" ? "As credit on their paid plan" : "As a gifted plan"}
            </span>
          </Fact>
        ) : (
          g.expiresAt &&
          g.status !== "refunded" && (
            <Fact label={g.status === "expired" ? "Code expired" : "Code works until"}>
              {formatDateGB(g.expiresAt)}
            </Fact>
          )
        )}
        {g.message && (
          <Fact label="Message" wide>
            <span className="block border-l-2 border-brand pl-3 whitespace-pre-line italic">{g.message}</span>
          </Fact>
        )}
      </dl>
      <section aria-labelledby={`gift-actions-${g.id}`} className="grid gap-3">
        <h3 id={`gift-actions-${g.id}`} className="font-sans text-sm font-semibold">
          Actions
        </h3>
        <GiftActions gift={g} />
      </section>
      <section aria-labelledby={`gift-history-${g.id}`} className="grid gap-3">
        <h3 id={`gift-history-${g.id}`} className="font-sans text-sm font-semibold">
          History
        </h3>
        <History id={g.id} />
      </section>
      <HistorySection entity="gift" entityId={g.id} />
    </div>
  );
}

/**
 * One gift: who it is from and for, the code, the delivery day, who redeemed it, the actions and the whole
 * history. Focus goes back to the button that opened it (the list keeps it in `opener`).
 */
export function GiftDialog({
  id,
  onOpenChange,
  opener,
}: {
  id: number | null;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={id !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl"
        aria-describedby={undefined}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          opener.current?.focus();
        }}
      >
        {id !== null && <GiftBody key={id} id={id} />}
      </DialogContent>
    </Dialog>
  );
}
