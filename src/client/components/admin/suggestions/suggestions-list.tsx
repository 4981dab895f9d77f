import { useQueryClient } from "@tanstack/react-query";
import { CalendarCheck, Check, ChevronRight, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { memberName } from "../../../../shared/admin/members.ts";
import {
  type AdminAiSuggestion,
  AI_SUGGESTION_MSG,
  canCreateBooking,
  type SuggestedVenue,
  type SuggestionStatus,
  type SuggestionUser,
} from "../../../../shared/admin/suggestions.ts";
import type { adminSuggestionsApi } from "../../../../shared/contract/admin-suggestions.ts";
import { cn } from "../../../lib/cn.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { LoadErrorCard } from "../../load-error-card.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { formatDateGB, formatDateTimeGB, type usePagedEndpoint } from "../common.tsx";
import { type ListColumn, PagedList } from "../paged-list.tsx";
import { dateWhen, newDateMail, toastWithUndo, UNLESS_UNDONE } from "../undo/undo-toast.ts";
import { bookSuggestion, patchSuggestion, useRefreshAfterSuggestion, useRowMutation } from "./api.ts";

const STATUS_BADGE: Record<
  SuggestionStatus,
  { label: string; variant: "warning" | "success" | "neutral" | "brand" }
> = {
  pending: { label: "Pending", variant: "warning" },
  approved: { label: "Approved", variant: "success" },
  rejected: { label: "Rejected", variant: "neutral" },
  booked: { label: "Booked", variant: "brand" },
};

const FETCH_FAILED = "Couldn't load AI suggestions";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Reasons({ reasons, label }: { reasons: string[]; label: string }) {
  if (reasons.length === 0) return null;
  return (
    <ul aria-label={label} className="grid gap-1 text-xs text-muted-foreground">
      {reasons.map((r) => (
        <li key={r} className="flex gap-1.5">
          <Check aria-hidden className="mt-px size-3.5 shrink-0 text-accent-text" />
          <span className="min-w-0 break-words">{r}</span>
        </li>
      ))}
    </ul>
  );
}

const milesText = (d: number | null) => (d === null ? null : `${d.toFixed(1)} mi`);

function VenueLine({ venue }: { venue: SuggestedVenue }) {
  return (
    <>
      {venue.dateIdeaTitle && <p className="text-sm break-words">{venue.dateIdeaTitle}</p>}
      {(venue.type || venue.address || venue.distanceMiles !== null) && (
        <p className="text-xs text-muted-foreground break-words">
          {[venue.type && capitalise(venue.type), venue.address, milesText(venue.distanceMiles)]
            .filter(Boolean)
            .join(" · ")}
        </p>
      )}
      {venue.suggestedDate && (
        <p className="text-xs font-medium text-accent-text">{formatDateTimeGB(venue.suggestedDate)}</p>
      )}
    </>
  );
}

/** The other venues of a suggestion, folded away until asked for. */
function OtherVenues({ row }: { row: AdminAiSuggestion }) {
  const others = row.suggestedVenues.slice(1);
  if (others.length === 0) return null;
  return (
    <details
      className="group rounded-lg border border-border/70 text-sm"
      data-testid={`other-venues-${row.id}`}
    >
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-3 py-2 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden className="size-3.5 transition-transform group-open:rotate-90" />
        {others.length} other venue{others.length === 1 ? "" : "s"}
      </summary>
      <ol className="grid gap-3 border-t border-border/70 px-3 py-3">
        {others.map((v, i) => (
          <li key={`${v.id}-${i}`} className="grid gap-1">
            <p className="font-medium break-words">
              <span className="text-muted-foreground tabular-nums">{i + 2}. </span>
              {v.name ?? "Unnamed venue"}
            </p>
            <VenueLine venue={v} />
            <Reasons reasons={v.reasons} label={`Why ${v.name ?? "this venue"}`} />
          </li>
        ))}
      </ol>
    </details>
  );
}

function FirstVenue({ row }: { row: AdminAiSuggestion }) {
  const venue = row.suggestedVenues[0];
  return (
    <div className="grid gap-1.5">
      {venue?.name ? (
        <p className="font-medium break-words">{venue.name}</p>
      ) : (
        <p className="font-medium text-muted-foreground">No venue suggested</p>
      )}
      {venue && <VenueLine venue={venue} />}
      <p className="line-clamp-6 text-sm break-words text-muted-foreground" title={row.suggestion}>
        {row.suggestion}
      </p>
      {venue && <Reasons reasons={venue.reasons} label={`Why ${venue.name ?? "this venue"}`} />}
      <OtherVenues row={row} />
    </div>
  );
}

function StatusBadge({ status }: { status: SuggestionStatus }) {
  const badge = STATUS_BADGE[status] ?? { label: status, variant: "neutral" as const };
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

/** The member's name, and the e-mail under it when the name is not the e-mail. */
export function Member({ user }: { user: SuggestionUser }) {
  const name = memberName(user);
  return (
    <div className="min-w-0">
      <p className="font-medium break-words">{name}</p>
      {name !== user.email && <p className="text-xs break-all text-muted-foreground">{user.email}</p>}
    </div>
  );
}

/**
 * User, Suggestion, Status, Created, Actions (spec section 2); on phones a card: the member with the status
 * beside it, the suggestion, the day it was made and the buttons, in reach without scrolling sideways.
 */
function suggestionColumns(
  actions: (row: AdminAiSuggestion, className?: string) => ReactNode,
): ListColumn<AdminAiSuggestion>[] {
  return [
    {
      id: "user",
      header: "User",
      card: "title",
      className: "min-w-44 align-top",
      cell: (row) => <Member user={row.user} />,
    },
    {
      id: "suggestion",
      header: "Suggestion",
      card: "body",
      className: "min-w-64 max-w-md align-top",
      cell: (row) => <FirstVenue row={row} />,
    },
    {
      id: "status",
      header: "Status",
      card: "badge",
      className: "align-top",
      cell: (row) => <StatusBadge status={row.status} />,
    },
    {
      id: "created",
      header: "Created",
      card: "body",
      className: "whitespace-nowrap align-top",
      cell: (row) => formatDateGB(row.createdAt),
      cardCell: (row) => (
        <p className="text-xs text-muted-foreground">Created {formatDateGB(row.createdAt)}</p>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "align-top",
      headClassName: "text-right",
      cell: (row) => actions(row, "justify-end"),
      cardCell: (row) => actions(row),
    },
  ];
}

type SuggestionsPage = ReturnType<typeof usePagedEndpoint<typeof adminSuggestionsApi.list>>;

/** The suggestions' page, with the question asked before a booking and the status changes' calls. */
export function SuggestionsList({
  list,
  onOffset,
  empty,
}: {
  list: SuggestionsPage;
  onOffset: (offset: number) => void;
  /** "Nothing yet" or "nothing matches". */
  empty: ReactNode;
}) {
  const refresh = useRefreshAfterSuggestion();
  const queryClient = useQueryClient();
  /** The suggestion whose booking is being confirmed (it e-mails the couple, so it asks first). */
  const [asking, setAsking] = useState<AdminAiSuggestion | null>(null);
  const update = useRowMutation({
    mutationFn: (v: { id: number; status: "approved" | "rejected" }) => patchSuggestion(v.id, v.status),
    onSuccess: (saved) => {
      toast({
        title: AI_SUGGESTION_MSG.statusUpdated,
        description: `Suggestion for ${memberName(saved.user)} ${saved.status}.`,
      });
      refresh();
    },
    onError: (error) => toastCallError(AI_SUGGESTION_MSG.updateFailed, error),
  });
  const book = useRowMutation({
    mutationFn: (v: { id: number }) => bookSuggestion(v.id),
    onSuccess: (saved) => {
      setAsking(null);
      const date = saved.suggestedVenues[0]?.suggestedDate;
      const description = `${memberName(saved.user)}'s date is scheduled${date ? ` for ${formatDateTimeGB(date)}` : ""}.`;
      if (saved.reservationId !== null)
        toastWithUndo(queryClient, {
          title: AI_SUGGESTION_MSG.booked,
          description,
          assignmentId: saved.reservationId,
        });
      else toast({ title: AI_SUGGESTION_MSG.booked, description });
      refresh({ booked: true });
    },
    onError: (error) => {
      setAsking(null);
      toastCallError(AI_SUGGESTION_MSG.updateFailed, error);
    },
  });
  const askingFirst = asking?.suggestedVenues[0];

  const createBooking = (row: AdminAiSuggestion) => {
    const first = row.suggestedVenues[0];
    if (!first?.id || !first.suggestedDate) {
      toast({
        title: AI_SUGGESTION_MSG.updateFailed,
        description: AI_SUGGESTION_MSG.missingVenueOrDate,
        variant: "destructive",
      });
      return;
    }
    setAsking(row);
  };

  const actions = (row: AdminAiSuggestion, className?: string) => {
    const busy = update.busy(row.id) || book.busy(row.id);
    const name = memberName(row.user);
    if (row.status !== "pending" && !canCreateBooking(row)) return null;
    return (
      <div className={cn("flex flex-wrap gap-2", className)}>
        {row.status === "pending" && (
          <Button
            size="sm"
            disabled={busy}
            aria-label={`Approve suggestion for ${name}`}
            onClick={() => update.run({ id: row.id, status: "approved" })}
          >
            <Check aria-hidden />
            Approve
          </Button>
        )}
        {(row.status === "pending" || canCreateBooking(row)) && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Reject suggestion for ${name}`}
            onClick={() => update.run({ id: row.id, status: "rejected" })}
          >
            <X aria-hidden />
            Reject
          </Button>
        )}
        {canCreateBooking(row) && (
          <Button size="sm" variant="gold" disabled={busy} onClick={() => createBooking(row)}>
            <CalendarCheck aria-hidden />
            {book.busy(row.id) ? "Processing..." : "Create Booking"}
          </Button>
        )}
      </div>
    );
  };

  return (
    <>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        pending={asking !== null && book.busy(asking.id)}
        title={
          asking && askingFirst?.suggestedDate
            ? `Book ${memberName(asking.user)}'s date at ${askingFirst.name ?? "the suggested venue"} on ${dateWhen(askingFirst.suggestedDate)}?`
            : ""
        }
        description={
          askingFirst?.suggestedDate
            ? `It takes one of their month's dates, and they will be e-mailed ${newDateMail(askingFirst.suggestedDate)} ${UNLESS_UNDONE}.`
            : ""
        }
        cancelLabel="Not now"
        confirmLabel="Create Booking"
        pendingLabel="Processing..."
        onConfirm={() => asking && book.run({ id: asking.id })}
      />
      <PagedList
        list={list}
        columns={suggestionColumns(actions)}
        rowKey={(row) => row.id}
        label="AI suggestions"
        testIdPrefix="suggestion"
        rowTestId={(row) => `suggestion-${row.id}`}
        tableFrom="sm"
        errorTitle={FETCH_FAILED}
        error={
          // Borderless: the card would sit inside the section's own card.
          <LoadErrorCard
            title={FETCH_FAILED}
            error={list.query.error}
            onRetry={() => list.query.refetch()}
            className="border-0 p-0 shadow-none sm:p-0"
          />
        }
        loadingLabel="Loading AI suggestions"
        empty={empty}
        pagerLabel="suggestions"
        onOffset={onOffset}
      />
    </>
  );
}
