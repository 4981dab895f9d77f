import { Download, Eye, Gift } from "lucide-react";
import { type MouseEvent, useRef, useState } from "react";
import {
  ADMIN_GIFT_DEFAULT_FILTER,
  ADMIN_GIFTS_MSG,
  ADMIN_GIFTS_URL,
  GIFT_STATUS_LABELS,
} from "../../../shared/admin/gifts.ts";
import { TIERS } from "../../../shared/constants.ts";
import { type AdminGiftFilter, type AdminGiftRow, GIFT_STATUSES } from "../../../shared/gifts.ts";
import {
  AdminSection,
  EmptyState,
  formatDateGB,
  Pager,
  SearchBox,
  TableSkeleton,
  useDebounced,
  usePagedList,
} from "../../components/admin/common.tsx";
import { GiftStatusBadge } from "../../components/admin/gifts/gift-badges.tsx";
import { GiftDialog, RedeemedLine } from "../../components/admin/gifts/gift-dialog.tsx";
import { useGiftExport } from "../../components/admin/gifts/use-gift-export.ts";
import {
  CardActions,
  CardField,
  CardFields,
  CardItem,
  CardList,
} from "../../components/admin/members/mobile-card.tsx";
import { formatMoney, monthsLabel } from "../../components/gifts/gift-format.ts";
import { LoadErrorCard } from "../../components/load-error-card.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "../../components/ui/select.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

/** The filter's words: "All gifts" leaves out checkouts awaiting payment, which have their own entry. */
const FILTER_LABELS: Record<AdminGiftFilter, string> = { bought: "All gifts", ...GIFT_STATUS_LABELS };
const FILTERS: AdminGiftFilter[] = ["bought", ...GIFT_STATUSES.filter((s) => s !== "pending"), "pending"];

const what = (g: AdminGiftRow) => `${TIERS[g.tier].name} × ${monthsLabel(g.months)}`;

/** "24/12/2026", with whether it has gone. */
function DeliveryDay({ gift }: { gift: AdminGiftRow }) {
  return (
    <>
      <span className="tabular-nums">{formatDateGB(gift.deliveredAt ?? `${gift.deliverOn}T12:00:00Z`)}</span>
      <span className="block text-xs text-muted-foreground">{gift.deliveredAt ? "Sent" : "Due"}</span>
    </>
  );
}

function OpenButton({ gift, onOpen }: { gift: AdminGiftRow; onOpen: (e: MouseEvent<HTMLElement>) => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onOpen}
      aria-label={`Open gift #${gift.id} from ${gift.buyerName} to ${gift.recipientNames}`}
    >
      <Eye aria-hidden />
      Open
    </Button>
  );
}

/**
 * The "gifts" tab of /admin: every gift bought, searched (names, e-mails, code) and filtered by status on the
 * server, with the CSV export; each gift opens in a dialog with its actions and history.
 */
export default function GiftsTab() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<AdminGiftFilter>(ADMIN_GIFT_DEFAULT_FILTER);
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const term = useDebounced(search.trim());
  const list = usePagedList<AdminGiftRow>(ADMIN_GIFTS_URL, { search: term, offset, extra: { status } });
  const exportCsv = useGiftExport({ search: term, status });
  const open = (id: number) => (e: MouseEvent<HTMLElement>) => {
    opener.current = e.currentTarget;
    setOpenId(id);
  };
  const filtered = term || status !== ADMIN_GIFT_DEFAULT_FILTER;

  return (
    <AdminSection
      title="Gifts"
      description="Every gift membership bought, newest first. Search looks in names, e-mail addresses and codes."
      actions={
        <Button variant="outline" onClick={exportCsv.run} disabled={exportCsv.pending}>
          <Download aria-hidden />
          {exportCsv.pending ? "Exporting..." : "Export CSV"}
        </Button>
      }
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchBox
          label="Search gifts"
          placeholder="Search names, e-mails or code"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setOffset(0);
          }}
        />
        <Select
          value={status}
          onValueChange={(v) => {
            setStatus(v as AdminGiftFilter);
            setOffset(0);
          }}
        >
          <SelectTrigger aria-label="Filter by status" className="sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {FILTERS.map((f) => (
              <SelectItem key={f} value={f}>
                {FILTER_LABELS[f]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {list.query.isError ? (
        <LoadErrorCard
          title={ADMIN_GIFTS_MSG.fetchFailed}
          error={list.query.error}
          onRetry={() => void list.query.refetch()}
        />
      ) : list.query.isPending ? (
        <TableSkeleton label="Loading gifts" />
      ) : list.rows.length === 0 ? (
        <EmptyState
          icon={<Gift aria-hidden />}
          title={filtered ? ADMIN_GIFTS_MSG.noMatch : ADMIN_GIFTS_MSG.noGifts}
        />
      ) : (
        <>
          {/* Phones: one card per gift; the table from md up. */}
          <CardList label="Gifts">
            {list.rows.map((g) => (
              <CardItem key={g.id} testId={`gift-card-${g.id}`}>
                <div className="flex min-w-0 items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium wrap-anywhere">
                      {g.buyerName} <span className="font-normal text-muted-foreground">to</span>{" "}
                      {g.recipientNames}
                    </p>
                    <p className="text-sm break-all text-muted-foreground">{g.recipientEmail}</p>
                  </div>
                  <GiftStatusBadge status={g.status} />
                </div>
                <CardFields>
                  <CardField term="Gift">{what(g)}</CardField>
                  <CardField term="Amount">{formatMoney(g.amountPence)}</CardField>
                  <CardField term="Delivery">
                    <DeliveryDay gift={g} />
                  </CardField>
                </CardFields>
                {g.redeemedAt && (
                  <p className="text-sm">
                    Redeemed <RedeemedLine gift={g} className="text-sm" />
                  </p>
                )}
                <CardActions>
                  <OpenButton gift={g} onOpen={open(g.id)} />
                </CardActions>
              </CardItem>
            ))}
          </CardList>
          <div className="hidden md:block">
            <Table aria-label="Gifts" aria-busy={list.query.isFetching || undefined}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Gift</TableHead>
                  <TableHead>From</TableHead>
                  <TableHead>For</TableHead>
                  <TableHead>Delivery</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.rows.map((g) => (
                  <TableRow key={g.id} data-testid={`gift-row-${g.id}`}>
                    <TableCell className="whitespace-nowrap">
                      <p className="font-medium">{what(g)}</p>
                      <p className="text-xs text-muted-foreground tabular-nums">
                        <span className="font-mono">#{g.id}</span> · {formatMoney(g.amountPence)}
                      </p>
                    </TableCell>
                    <TableCell className="max-w-56 min-w-40">
                      <p className="font-medium break-words">{g.buyerName}</p>
                      <p className="text-xs break-all text-muted-foreground">{g.buyerEmail}</p>
                    </TableCell>
                    <TableCell className="max-w-56 min-w-40">
                      <p className="font-medium break-words">{g.recipientNames}</p>
                      <p className="text-xs break-all text-muted-foreground">{g.recipientEmail}</p>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <DeliveryDay gift={g} />
                    </TableCell>
                    <TableCell className="min-w-32">
                      <div className="flex flex-col items-start gap-1">
                        <GiftStatusBadge status={g.status} />
                        <RedeemedLine gift={g} />
                      </div>
                    </TableCell>
                    <TableCell className="text-right">
                      <OpenButton gift={g} onOpen={open(g.id)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager total={list.total} limit={list.limit} offset={offset} onOffset={setOffset} label="gifts" />
        </>
      )}
      <GiftDialog id={openId} opener={opener} onOpenChange={(o) => !o && setOpenId(null)} />
    </AdminSection>
  );
}
