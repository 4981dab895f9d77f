import { CalendarHeart, CalendarPlus, Eye } from "lucide-react";
import { useEffect, useState } from "react";
import type { AdminAssignment } from "../../../shared/admin/assignments.ts";
import { memberName } from "../../../shared/admin/members.ts";
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
  usePagedList,
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
    </>
  ) : (
    "-"
  );
}

function assignmentColumns(onView: (a: AdminAssignment) => void): ListColumn<AdminAssignment>[] {
  const name = (a: AdminAssignment) => (a.user ? memberName(a.user) : `Member ${a.userId}`);
  return [
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

/** The "assignments" tab of /admin: every planned date, newest first; assign, change status, view, export. */
export default function AssignmentsTab() {
  const s = useListSearch();
  const [assigning, setAssigning] = useState(false);
  const [viewing, setViewing] = useState<AdminAssignment | null>(null);
  const list = usePagedList<AdminAssignment>("/api/admin/assignments", { search: s.term, offset: s.offset });
  const exportButton = useExportButton(
    "/api/admin/assignments/export",
    "date-assignments",
    "Date assignments",
  );
  const nothingYet = !s.term && list.total === 0;
  // The open details follow the list: a refetch after a change (or its Undo) shows the date as it now stands.
  const page = list.query.data;
  useEffect(() => {
    if (page) setViewing((v) => (v ? (page.rows.find((r) => r.id === v.id) ?? v) : v));
  }, [page]);

  return (
    <AdminSection
      title="Date Assignments"
      description="Every planned date, newest first. Search by member name, e-mail or venue."
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
      {!(list.query.isSuccess && nothingYet) && (
        <ListToolbar search={s} label="Search assignments" placeholder="Search by member or venue" />
      )}
      <PagedList
        list={list}
        columns={assignmentColumns(setViewing)}
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
            <EmptyState icon={<CalendarHeart aria-hidden />} title="No assignments match this search." />
          )
        }
        pagerLabel="assignments"
        onOffset={s.setOffset}
      />
    </AdminSection>
  );
}
