/** A venue's standing in the list: archived or active, bookable or why not, and the Archive / Restore call. */
import { useQueryClient } from "@tanstack/react-query";
import { type AdminVenue, VENUE_MSG, venueDataQuality } from "../../../../shared/admin/venues.ts";
import { adminVenuesApi } from "../../../../shared/contract/admin-venues.ts";
import { call } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlight } from "../../../lib/use-single-flight.ts";
import { Badge } from "../../ui/badge.tsx";
import { usePagedEndpoint } from "../common.tsx";
import { refreshVenues } from "./api.ts";

export type VenueStatusFilter = "all" | "active" | "archived";
export const VENUE_STATUS_FILTERS = [
  { value: "all", label: "All venues" },
  { value: "active", label: "Active" },
  { value: "archived", label: "Archived" },
] as const;

export function ArchivedBadge({ venue }: { venue: Pick<AdminVenue, "status"> }) {
  if (venue.status !== "archived") return null;
  return <Badge variant="neutral">Archived</Badge>;
}

/**
 * Data Quality: "Not bookable" with the reasons the server gives (no booking e-mail, no hours, ...), else
 * "Incomplete" with the empty needs lists, else "Complete".
 */
export function DataQuality({ venue }: { venue: AdminVenue }) {
  const q = venueDataQuality(venue);
  if (q.complete) return <Badge variant="success">Complete</Badge>;
  const reasons = venue.notBookableReasons;
  const lists = [
    ...(venue.dietaryAccommodations.length === 0 ? ["dietary accommodations"] : []),
    ...(venue.accessibilityFeatures.length === 0 ? ["accessibility features"] : []),
  ];
  const listsLine = lists.length > 0 && `No ${lists.join(" or ")}`;
  return (
    <div className="flex flex-col items-start gap-1">
      {reasons.length > 0 ? (
        <>
          <Badge variant="destructive">Not bookable</Badge>
          <ul className="text-xs text-muted-foreground" aria-label="Why it cannot be booked">
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          {listsLine && (
            <span className="text-xs text-muted-foreground">Also: {listsLine.toLowerCase()}</span>
          )}
        </>
      ) : (
        <>
          <Badge variant="warning">Incomplete</Badge>
          <span className="text-xs text-muted-foreground">{listsLine}</span>
        </>
      )}
    </div>
  );
}

/**
 * Archive or restore a venue (PUT { status }). The toast says what it means and offers Undo, which is the
 * opposite call.
 */
export function useVenueStatusChange() {
  const queryClient = useQueryClient();
  const change = async (venue: Pick<AdminVenue, "id" | "name">, status: AdminVenue["status"]) => {
    try {
      await call(adminVenuesApi.update, { params: { id: venue.id }, body: { status } });
      refreshVenues(queryClient);
      const archived = status === "archived";
      toast({
        title: archived ? VENUE_MSG.archived : VENUE_MSG.restored,
        description: archived
          ? `${venue.name} is no longer offered or planned. Its dates and history stay, and Restore brings it back.`
          : `${venue.name} can be offered and planned again.`,
        action: {
          label: "Undo",
          altText: archived ? `Restore ${venue.name} from the list` : `Archive ${venue.name} from the list`,
          onClick: () => void change(venue, archived ? "active" : "archived"),
        },
      });
    } catch (error) {
      toastCallError(VENUE_MSG.saveFailed, error);
    }
  };
  // One call at a time: a second click while the first is on its way does nothing.
  const flight = useSingleFlight();
  return {
    change,
    click: (venue: Pick<AdminVenue, "id" | "name">, status: AdminVenue["status"]) =>
      flight(() => change(venue, status)),
  };
}

/** The venues list for the filter: one searched page from the server (?status= for Active or Archived). */
export function useVenueList(filter: VenueStatusFilter, term: string, limit: number, offset: number) {
  return usePagedEndpoint(adminVenuesApi.list, {
    search: term,
    limit,
    offset,
    status: filter === "all" ? undefined : filter,
  });
}
