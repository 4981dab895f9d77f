import { CalendarHeart, CalendarPlus, Eye } from "lucide-react";
import { useEffect, useState } from "react";
import type { BulkAction } from "../../../shared/admin/assignment-list.ts";
import type { AdminAssignment } from "../../../shared/admin/assignments.ts";
import { memberName } from "../../../shared/admin/members.ts";
import { adminAssignmentsApi } from "../../../shared/contract/admin-assignments.ts";
import { useAssignmentFilters } from "../../components/admin/assignments/assignment-filters.tsx";
import { BulkBar, BulkDialog } from "../../components/admin/assignments/bulk-actions.tsx";
import { RuleFix } from "../../components/admin/assignments/rule-fix.tsx";
import {
  RuleProblemsBadge,
  showsVenueBooking,
  VenueBookingBadge,
} from "../../components/admin/assignments/venue-booking-badge.tsx";
import {
  AdminSection,
  EmptyState,
  formatDateGB,
  formatDateTimeGB,
  usePagedEndpoint,
} from "../../components/admin/common.tsx";
import { ExportButton, ListToolbar } from "../../components/admin/list-toolbar.tsx";
import { AssignDateDialog } from "../../components/admin/members/assign-date-dialog.tsx";
import { AssignmentDetailsDialog } from "../../components/admin/members/assignment-details-dialog.tsx";
import { AssignmentStatusSelect } from "../../components/admin/members/assignment-status-select.tsx";
import { useExportButton } from "../../components/admin/members/export-button.tsx";
import {
  emailColumn,
  type ListColumn,
  PagedList,
  useListSearch,
} from "../../components/admin/paged-list.tsx";
import { Button } from "../../components/ui/button.tsx";

function ViewAssignmentButton({
  assignment,
  onView,
}: {
  assignment: AdminAssignment;
  onView: (a: AdminAssignment) => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`View assignment ${assignment.id}`}
      onClick={() => onView(assignment)}
    >
      <Eye aria-hidden />
      View
    </Button>
  );
}

/** The venue, its city, and the venue's side of the booking (asked, confirmed, declined...) as a badge. */
function venueCell(a: AdminAssignment) {
  return a.venue ? (
    <>
      <span className="block wrap-anywhere">{a.venue.name}</span>
      <span className="block text-xs text-muted-foreground">{a.venue.city}</span>
      {showsVenueBooking(a) && <VenueBookingBadge booking={a.venueBooking} className="mt-1.5" />}
      {a.ruleProblems.length > 0 && <RuleProblemsBadge rules={a.ruleProblems} className="mt-1.5" />}
      <RuleFix assignment={a} compact className="mt-1.5" />
    </>
  ) : (
    "-"
  );
}

/** The row's checkbox: part of the selection bulk actions work on. */
function SelectBox({
  a,
  selected,
  onToggle,
  card = false,
}: {
  a: AdminAssignment;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** On a phone's card the box has its word beside it; in the table its column says it. */
  card?: boolean;
}) {
  const who = a.user ? memberName(a.user) : `Member ${a.userId}`;
  return (
    <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={selected.has(a.id)}
        onChange={() => onToggle(a.id)}
        aria-label={`Select ${who}'s date on ${formatDateTimeGB(a.scheduledDate)}`}
      />
      {card && <span>Select</span>}
    </label>
  );
}

function assignmentColumns(
  onView: (a: AdminAssignment) => void,
  selected: ReadonlySet<number>,
  onToggle: (id: number) => void,
): ListColumn<AdminAssignment>[] {
  const name = (a: AdminAssignment) => (a.user ? memberName(a.user) : `Member ${a.userId}`);
  return [
    {
      id: "select",
      header: "Select",
      card: "actions",
      className: "w-10",
      headClassName: "w-10",
      cell: (a) => <SelectBox a={a} selected={selected} onToggle={onToggle} />,
      cardCell: (a) => <SelectBox a={a} selected={selected} onToggle={onToggle} card />,
    },
    {
      id: "member",
      header: "Member",
      card: "title",
      className: "min-w-36 font-medium wrap-anywhere",
      cell: (a) => (
        <>
          {name(a)}
          {a.user && (
            <span className="block text-xs font-normal break-all text-muted-foreground lg:hidden">
              {a.user.email}
            </span>
          )}
        </>
      ),
      cardCell: (a) => (
        <>
          <p className="font-medium wrap-anywhere">{name(a)}</p>
          {a.user && <p className="text-sm break-all text-muted-foreground">{a.user.email}</p>}
        </>
      ),
    },
    emailColumn((a) => a.user?.email ?? "-"),
    { id: "venue", header: "Venue", card: "field", className: "min-w-36", cell: venueCell },
    {
      id: "scheduled",
      header: "Scheduled Date",
      card: "field",
      className: "whitespace-nowrap tabular-nums",
      cell: (a) => formatDateTimeGB(a.scheduledDate),
    },
    {
      id: "status",
      header: "Status",
      card: "actions",
      cell: (a) => <AssignmentStatusSelect assignment={a} />,
    },
    {
      id: "created",
      header: "Date Created",
      card: "field",
      className: "whitespace-nowrap tabular-nums",
      cell: (a) => formatDateGB(a.createdAt),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "text-right",
      headClassName: "text-right",
      cell: (a) => <ViewAssignmentButton assignment={a} onView={onView} />,
    },
  ];
}

/**
 * The "assignments" tab of /admin: every planned date, soonest first (sort=date), filtered on the server by day
 * range, status, venue answer and venue; assign, change status, view, export; select dates for a bulk cancel,
 * message or re-plan.
 */
export default function AssignmentsTab() {
  const s = useListSearch();
  const [assigning, setAssigning] = useState(false);
  const [viewing, setViewing] = useState<AdminAssignment | null>(null);
  const filters = useAssignmentFilters(s.setOffset);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const list = usePagedEndpoint(adminAssignmentsApi.list, {
    search: s.term,
    offset: s.offset,
    ...filters.extra,
    sort: "date",
  });
  const exportButton = useExportButton(adminAssignmentsApi.export, "date-assignments", "Date assignments");
  const nothingYet = !s.term && !filters.active && list.total === 0;
  const pageIds = list.rows.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  // The open details follow the list: a refetch after a change (or its Undo) shows the date as it now stands.
  const page = list.query.data;
  useEffect(() => {
    if (page) setViewing((v) => (v ? (page.rows.find((r) => r.id === v.id) ?? v) : v));
  }, [page]);

  return (
    <AdminSection
      title="Date Assignments"
      description="Every planned date, soonest first. Search by member or venue, filter by day, status or the venue's answer, and select dates to act on together."
      actions={
        <>
          <ExportButton download={exportButton} label="Export to Excel" />
          <Button onClick={() => setAssigning(true)}>
            <CalendarPlus aria-hidden />
            Assign Date
          </Button>
        </>
      }
    >
      <AssignDateDialog open={assigning} onOpenChange={setAssigning} />
      <AssignmentDetailsDialog assignment={viewing} onClose={() => setViewing(null)} onChanged={setViewing} />
      <BulkDialog
        action={bulk}
        ids={[...selected]}
        onClose={() => setBulk(null)}
        onDone={() => setSelected(new Set())}
      />
      {!(list.query.isSuccess && nothingYet) && (
        <ListToolbar search={s} label="Search assignments" placeholder="Search by member or venue">
          {filters.controls}
        </ListToolbar>
      )}
      {pageIds.length > 0 && (
        <label className="mb-3 inline-flex cursor-pointer items-center gap-2 text-sm text-muted-foreground">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={allOnPage}
            onChange={() =>
              setSelected((old) => {
                const next = new Set(old);
                for (const id of pageIds) {
                  if (allOnPage) next.delete(id);
                  else next.add(id);
                }
                return next;
              })
            }
          />
          Select all on this page
        </label>
      )}
      <BulkBar ids={[...selected]} onClear={() => setSelected(new Set())} onAction={setBulk} />
      <PagedList
        list={list}
        columns={assignmentColumns(setViewing, selected, toggle)}
        rowKey={(a) => a.id}
        // A date handed to the operators stands out in the table as well as by its badge.
        rowClassName={(a) =>
          a.venueBooking.escalated && showsVenueBooking(a)
            ? "bg-destructive/5 hover:bg-destructive/10"
            : undefined
        }
        label="Date assignments"
        testIdPrefix="assignment"
        errorTitle="Couldn't load assignments"
        loadingLabel="Loading assignments"
        cardFieldColumns={2}
        empty={
          nothingYet ? (
            <EmptyState icon={<CalendarHeart aria-hidden />} title="No Date Assignments Yet">
              <p className="max-w-sm text-sm text-muted-foreground">
                Plan a member's first mystery date: choose the member, the time and the venue.
              </p>
              <Button onClick={() => setAssigning(true)}>
                <CalendarPlus aria-hidden />
                Start Scheduling
              </Button>
            </EmptyState>
          ) : (
            <EmptyState
              icon={<CalendarHeart aria-hidden />}
              title={
                filters.active ? "No assignments match these filters." : "No assignments match this search."
              }
            />
          )
        }
        pagerLabel="assignments"
        onOffset={s.setOffset}
      />
    </AdminSection>
  );
}
