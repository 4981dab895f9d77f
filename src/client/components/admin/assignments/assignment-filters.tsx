import { X } from "lucide-react";
import { useId, useState } from "react";
import {
  ASSIGNMENT_LIST_STATUSES,
  type VENUE_ANSWER_FILTERS,
} from "../../../../shared/admin/assignment-list.ts";
import type { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import type { QueryOf } from "../../../../shared/contract/endpoint.ts";
import { statusText } from "../../../lib/labels.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/input.tsx";
import { type FilterOption, FilterSelect } from "../list-toolbar.tsx";
import { type VenueChoice, VenuePicker } from "../venues/venue-picker.tsx";

const ALL = "all";
type Status = (typeof ASSIGNMENT_LIST_STATUSES)[number] | typeof ALL;
type VenueAnswer = (typeof VENUE_ANSWER_FILTERS)[number] | typeof ALL;
/** The list's filters, as its query takes them. */
type Filters = Pick<
  QueryOf<typeof adminAssignmentsApi.list>,
  "from" | "to" | "status" | "venueStatus" | "venueId"
>;

const STATUS: FilterOption<Status>[] = [
  { value: ALL, label: "Any status" },
  ...ASSIGNMENT_LIST_STATUSES.map((s) => ({ value: s, label: s === "no_show" ? "No-show" : statusText(s) })),
];
/** The venue's answer, in the words the list's badges use. */
const VENUE_ANSWER: FilterOption<VenueAnswer>[] = [
  { value: ALL, label: "Any venue answer" },
  { value: "pending", label: "Not asked yet" },
  { value: "requested", label: "Asked, no answer" },
  { value: "confirmed", label: "Confirmed" },
  { value: "declined", label: "Declined" },
  { value: "proposed", label: "Proposed a time" },
  { value: "cancelled", label: "Told: cancelled" },
];

interface State {
  from: string;
  to: string;
  status: Status;
  venueStatus: VenueAnswer;
  venue: VenueChoice | null;
}
const EMPTY: State = { from: "", to: "", status: ALL, venueStatus: ALL, venue: null };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Assignments tab's filters, asked of the server: the date's day range (London days, inclusive), status,
 * the venue's answer and the venue. Any change goes back to page 1. Answers the query and the controls.
 */
export function useAssignmentFilters(setOffset: (offset: number) => void) {
  const [f, setF] = useState<State>(EMPTY);
  const [venueOpen, setVenueOpen] = useState(false);
  const dayIds = { from: useId(), to: useId() };
  const set = (patch: Partial<State>) => {
    setF((old) => ({ ...old, ...patch }));
    setOffset(0);
  };
  const pick = <T extends string>(v: T | typeof ALL) => (v === ALL ? undefined : v);
  const rangeBackwards = DAY.test(f.from) && DAY.test(f.to) && f.from > f.to;
  const extra: Filters = {
    from: DAY.test(f.from) && !rangeBackwards ? f.from : undefined,
    to: DAY.test(f.to) && !rangeBackwards ? f.to : undefined,
    status: pick(f.status),
    venueStatus: pick(f.venueStatus),
    venueId: f.venue ? String(f.venue.id) : undefined,
  };
  const active = Object.values(extra).some(Boolean);
  const controls = (
    <>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-center">
        {/* Each day field says what it is on screen too (its name starts with the same word). */}
        <label htmlFor={dayIds.from} className="flex items-center gap-2 text-sm text-muted-foreground">
          From
          <Input
            id={dayIds.from}
            type="date"
            aria-label="Dates from (day)"
            title="Dates from this day"
            value={f.from}
            className="sm:w-40"
            onChange={(e) => set({ from: e.target.value })}
          />
        </label>
        <label htmlFor={dayIds.to} className="flex items-center gap-2 text-sm text-muted-foreground">
          To
          <Input
            id={dayIds.to}
            type="date"
            aria-label="Dates to (day)"
            title="Dates up to this day"
            aria-invalid={rangeBackwards || undefined}
            value={f.to}
            className="sm:w-40"
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
      </div>
      <FilterSelect
        label="Filter by status"
        value={f.status}
        onChange={(v) => set({ status: v })}
        options={STATUS}
        className="sm:w-44"
      />
      <FilterSelect
        label="Filter by venue answer"
        value={f.venueStatus}
        onChange={(v) => set({ venueStatus: v })}
        options={VENUE_ANSWER}
        className="sm:w-48"
      />
      {f.venue || venueOpen ? (
        <div className="sm:w-72">
          <VenuePicker
            label="Venue"
            value={f.venue}
            onChange={(v) => {
              set({ venue: v });
              if (!v) setVenueOpen(false);
            }}
          />
        </div>
      ) : (
        <Button variant="outline" onClick={() => setVenueOpen(true)}>
          Filter by venue
        </Button>
      )}
      {active && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            set(EMPTY);
            setVenueOpen(false);
          }}
        >
          <X aria-hidden />
          Clear filters
        </Button>
      )}
      {rangeBackwards && (
        <p role="alert" className="text-sm text-destructive-text sm:basis-full">
          The first day must not be after the last.
        </p>
      )}
    </>
  );
  return { extra, controls, active };
}
