import { CalendarHeart, CalendarPlus, Download, Eye } from "lucide-react";
import { useState } from "react";
import type { AdminAssignment } from "../../../shared/admin/assignments.ts";
import { memberName } from "../../../shared/admin/members.ts";
import {
  AdminSection,
  EmptyState,
  formatDateGB,
  formatDateTimeGB,
  Pager,
  SearchBox,
  TableSkeleton,
  useDebounced,
  usePagedList,
} from "../../components/admin/common.tsx";
import { AssignDateDialog } from "../../components/admin/members/assign-date-dialog.tsx";
import { AssignmentDetailsDialog } from "../../components/admin/members/assignment-details-dialog.tsx";
import { AssignmentStatusSelect } from "../../components/admin/members/assignment-status-select.tsx";
import { useExportButton } from "../../components/admin/members/export-button.tsx";
import {
  CardActions,
  CardField,
  CardFields,
  CardItem,
  CardList,
} from "../../components/admin/members/mobile-card.tsx";
import { LoadErrorCard } from "../../components/load-error-card.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

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

/** The "assignments" tab of /admin: every planned date, newest first; assign, change status, view, export. */
export default function AssignmentsTab() {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const [assigning, setAssigning] = useState(false);
  const [viewing, setViewing] = useState<AdminAssignment | null>(null);
  const term = useDebounced(search.trim());
  const list = usePagedList<AdminAssignment>("/api/admin/assignments", { search: term, offset });
  const exportButton = useExportButton(
    "/api/admin/assignments/export",
    "date-assignments",
    "Date assignments",
  );
  const nothingYet = !term && list.total === 0;

  return (
    <AdminSection
      title="Date Assignments"
      description="Every planned date, newest first. Search by member name, e-mail or venue."
      actions={
        <>
          <Button variant="outline" onClick={exportButton.run} disabled={exportButton.pending}>
            <Download aria-hidden />
            {exportButton.pending ? "Exporting..." : "Export to Excel"}
          </Button>
          <Button onClick={() => setAssigning(true)}>
            <CalendarPlus aria-hidden />
            Assign Date
          </Button>
        </>
      }
    >
      <AssignDateDialog open={assigning} onOpenChange={setAssigning} />
      <AssignmentDetailsDialog assignment={viewing} onClose={() => setViewing(null)} />
      {!(list.query.isSuccess && nothingYet) && (
        <div className="mb-4">
          <SearchBox
            label="Search assignments"
            placeholder="Search by member or venue"
            value={search}
            onChange={(v) => {
              setSearch(v);
              setOffset(0);
            }}
          />
        </div>
      )}
      {list.query.isError ? (
        <LoadErrorCard
          title="Couldn't load assignments"
          error={list.query.error}
          onRetry={() => list.query.refetch()}
        />
      ) : list.query.isPending ? (
        <TableSkeleton label="Loading assignments" />
      ) : nothingYet ? (
        <EmptyState icon={<CalendarHeart aria-hidden />} title="No Date Assignments Yet">
          <p className="max-w-sm text-sm text-muted-foreground">
            Plan a member's first mystery date: choose the member, the time and the venue.
          </p>
          <Button onClick={() => setAssigning(true)}>
            <CalendarPlus aria-hidden />
            Start Scheduling
          </Button>
        </EmptyState>
      ) : list.rows.length === 0 ? (
        <EmptyState icon={<CalendarHeart aria-hidden />} title="No assignments match this search." />
      ) : (
        <>
          {/* Phones: one card per date; the table from md up. */}
          <CardList label="Date assignments">
            {list.rows.map((a) => (
              <CardItem key={a.id} testId={`assignment-card-${a.id}`}>
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">
                    {a.user ? memberName(a.user) : `Member ${a.userId}`}
                  </p>
                  {a.user && <p className="text-sm break-all text-muted-foreground">{a.user.email}</p>}
                </div>
                <CardFields columns={2}>
                  <CardField term="Venue">
                    {a.venue ? (
                      <>
                        <span className="block wrap-anywhere">{a.venue.name}</span>
                        <span className="block text-xs text-muted-foreground">{a.venue.city}</span>
                      </>
                    ) : (
                      "-"
                    )}
                  </CardField>
                  <CardField term="Scheduled Date">{formatDateTimeGB(a.scheduledDate)}</CardField>
                  <CardField term="Date Created">{formatDateGB(a.createdAt)}</CardField>
                </CardFields>
                <CardActions>
                  <AssignmentStatusSelect assignment={a} />
                  <ViewAssignmentButton assignment={a} onView={setViewing} />
                </CardActions>
              </CardItem>
            ))}
          </CardList>
          <div className="hidden md:block">
            <Table aria-label="Date assignments" aria-busy={list.query.isFetching || undefined}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Member</TableHead>
                  <TableHead className="hidden lg:table-cell">Email</TableHead>
                  <TableHead>Venue</TableHead>
                  <TableHead>Scheduled Date</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Date Created</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.rows.map((a) => (
                  <TableRow key={a.id} data-testid={`assignment-row-${a.id}`}>
                    <TableCell className="min-w-36 font-medium wrap-anywhere">
                      {a.user ? memberName(a.user) : `Member ${a.userId}`}
                      {a.user && (
                        <span className="block text-xs font-normal break-all text-muted-foreground lg:hidden">
                          {a.user.email}
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="hidden min-w-48 wrap-anywhere lg:table-cell">
                      {a.user?.email ?? "-"}
                    </TableCell>
                    <TableCell className="min-w-36">
                      {a.venue ? (
                        <>
                          <span className="wrap-anywhere">{a.venue.name}</span>
                          <span className="block text-xs text-muted-foreground">{a.venue.city}</span>
                        </>
                      ) : (
                        "-"
                      )}
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {formatDateTimeGB(a.scheduledDate)}
                    </TableCell>
                    <TableCell>
                      <AssignmentStatusSelect assignment={a} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {formatDateGB(a.createdAt)}
                    </TableCell>
                    <TableCell className="text-right">
                      <ViewAssignmentButton assignment={a} onView={setViewing} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager
            total={list.total}
            limit={list.limit}
            offset={offset}
            onOffset={setOffset}
            label="assignments"
          />
        </>
      )}
    </AdminSection>
  );
}
