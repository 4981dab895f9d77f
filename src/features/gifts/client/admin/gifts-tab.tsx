import { Eye, Gift } from "lucide-react";
import { type MouseEvent, useRef, useState } from "react";
import {
  AdminSection,
  EmptyState,
  formatDateGB,
  usePagedList,
} from "../../../../client/components/admin/common.tsx";
import {
  ExportButton,
  FilterSelect,
  ListToolbar,
  useListFilter,
} from "../../../../client/components/admin/list-toolbar.tsx";
import {
  type ListColumn,
  PagedList,
  useListSearch,
} from "../../../../client/components/admin/paged-list.tsx";
import { Button } from "../../../../client/components/ui/button.tsx";
import { TIERS } from "../../../../shared/constants.ts";
import {
  ADMIN_GIFT_DEFAULT_FILTER,
  ADMIN_GIFTS_MSG,
  ADMIN_GIFTS_URL,
  GIFT_STATUS_LABELS,
} from "../../shared/admin.ts";
import { type AdminGiftFilter, type AdminGiftRow, GIFT_STATUSES } from "../../shared/schemas.ts";
import { formatMoney, monthsLabel } from "../format.ts";
import { GiftStatusBadge } from "./gift-badges.tsx";
import { GiftDialog, RedeemedLine } from "./gift-dialog.tsx";
import { useGiftExport } from "./use-gift-export.ts";

/** The filter's words: "All gifts" leaves out checkouts awaiting payment, which have their own entry. */
const FILTER_LABELS: Record<AdminGiftFilter, string> = { bought: "All gifts", ...GIFT_STATUS_LABELS };
const FILTER_ORDER: AdminGiftFilter[] = [
  "bought",
  ...GIFT_STATUSES.filter((s) => s !== "pending"),
  "pending",
];
const FILTERS = FILTER_ORDER.map((value) => ({ value, label: FILTER_LABELS[value] }));

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

/** The buyer or the couple in the table: the name over the e-mail address. */
function Party({ name, email }: { name: string; email: string }) {
  return (
    <>
      <p className="font-medium break-words">{name}</p>
      <p className="text-xs break-all text-muted-foreground">{email}</p>
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
 * The table's six columns, and the phone card drawn from them: "buyer to recipients" over the recipients'
 * e-mail with the status beside it, then the gift, its amount and delivery, and when it was redeemed.
 */
function giftColumns(open: (id: number) => (e: MouseEvent<HTMLElement>) => void): ListColumn<AdminGiftRow>[] {
  return [
    {
      id: "gift",
      header: "Gift",
      card: "field",
      className: "whitespace-nowrap",
      cell: (g) => (
        <>
          <p className="font-medium">{what(g)}</p>
          <p className="text-xs text-muted-foreground tabular-nums">
            <span className="font-mono">#{g.id}</span> · {formatMoney(g.amountPence)}
          </p>
        </>
      ),
      cardCell: what,
    },
    {
      id: "amount",
      header: "Amount",
      card: "field",
      table: false,
      cell: (g) => formatMoney(g.amountPence),
    },
    {
      id: "from",
      header: "From",
      card: "title",
      className: "max-w-56 min-w-40",
      cell: (g) => <Party name={g.buyerName} email={g.buyerEmail} />,
      cardCell: (g) => (
        <>
          <p className="font-medium wrap-anywhere">
            {g.buyerName} <span className="font-normal text-muted-foreground">to</span> {g.recipientNames}
          </p>
          <p className="text-sm break-all text-muted-foreground">{g.recipientEmail}</p>
        </>
      ),
    },
    {
      id: "for",
      header: "For",
      card: "none",
      className: "max-w-56 min-w-40",
      cell: (g) => <Party name={g.recipientNames} email={g.recipientEmail} />,
    },
    {
      id: "delivery",
      header: "Delivery",
      card: "field",
      className: "whitespace-nowrap",
      cell: (g) => <DeliveryDay gift={g} />,
    },
    {
      id: "status",
      header: "Status",
      card: "badge",
      className: "min-w-32",
      cell: (g) => (
        <div className="flex flex-col items-start gap-1">
          <GiftStatusBadge status={g.status} />
          <RedeemedLine gift={g} />
        </div>
      ),
      cardCell: (g) => <GiftStatusBadge status={g.status} />,
    },
    {
      id: "redeemed",
      header: "Redeemed",
      card: "body",
      table: false,
      cell: (g) =>
        g.redeemedAt && (
          <p className="text-sm">
            Redeemed <RedeemedLine gift={g} className="text-sm" />
          </p>
        ),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "text-right",
      headClassName: "text-right",
      cell: (g) => <OpenButton gift={g} onOpen={open(g.id)} />,
    },
  ];
}

/**
 * The "gifts" tab of /admin: every gift bought, searched (names, e-mails, code) and filtered by status on the
 * server, with the CSV export; each gift opens in a dialog with its actions and history.
 */
export default function GiftsTab() {
  const s = useListSearch();
  const [status, setStatus] = useListFilter<AdminGiftFilter>(ADMIN_GIFT_DEFAULT_FILTER, s.setOffset);
  const [openId, setOpenId] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const list = usePagedList<AdminGiftRow>(ADMIN_GIFTS_URL, {
    search: s.term,
    offset: s.offset,
    extra: { status },
  });
  const exportCsv = useGiftExport({ search: s.term, status });
  const open = (id: number) => (e: MouseEvent<HTMLElement>) => {
    opener.current = e.currentTarget;
    setOpenId(id);
  };
  const filtered = s.term || status !== ADMIN_GIFT_DEFAULT_FILTER;

  return (
    <AdminSection
      title="Gifts"
      description="Every gift membership bought, newest first. Search looks in names, e-mail addresses and codes."
      actions={<ExportButton download={exportCsv} label="Export CSV" />}
    >
      <ListToolbar search={s} label="Search gifts" placeholder="Search names, e-mails or code">
        <FilterSelect
          label="Filter by status"
          value={status}
          onChange={setStatus}
          options={FILTERS}
          className="sm:w-48"
        />
      </ListToolbar>
      <PagedList
        list={list}
        columns={giftColumns(open)}
        rowKey={(g) => g.id}
        label="Gifts"
        testIdPrefix="gift"
        errorTitle={ADMIN_GIFTS_MSG.fetchFailed}
        loadingLabel="Loading gifts"
        empty={
          <EmptyState
            icon={<Gift aria-hidden />}
            title={filtered ? ADMIN_GIFTS_MSG.noMatch : ADMIN_GIFTS_MSG.noGifts}
          />
        }
        pagerLabel="gifts"
        onOffset={s.setOffset}
      />
      <GiftDialog id={openId} opener={opener} onOpenChange={(o) => !o && setOpenId(null)} />
    </AdminSection>
  );
}
