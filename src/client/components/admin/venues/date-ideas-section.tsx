import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Lightbulb, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { type AdminDateIdea, DATE_IDEA_MSG } from "../../../../shared/admin/venues.ts";
import { adminVenuesApi } from "../../../../shared/contract/admin-venues.ts";
import { callIfMatch, invalidate, queryOf } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlight } from "../../../lib/use-single-flight.ts";
import { LoadErrorCard } from "../../load-error-card.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table.tsx";
import { useRecordTag } from "../audit/stale-edit.tsx";
import { AdminSection, EmptyState, TableSkeleton } from "../common.tsx";
import { label } from "./api.ts";
import { DateIdeaFormDialog } from "./date-idea-form-dialog.tsx";

/** The second section of the venues tab (ARCHITECTURE.md): date ideas, with create, edit and delete. */
export function DateIdeasSection() {
  const queryClient = useQueryClient();
  const ideas = useQuery(queryOf(adminVenuesApi.dateIdeas));
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminDateIdea | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminDateIdea | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const flight = useSingleFlight();
  const deleteTag = useRecordTag(adminVenuesApi.dateIdea, deleting ? { params: { id: deleting.id } } : null);

  const confirmDelete = (idea: AdminDateIdea) =>
    flight(async () => {
      setDeletePending(true);
      try {
        await callIfMatch(adminVenuesApi.removeDateIdea, { params: { id: idea.id } }, deleteTag);
        toast({ title: "Date idea deleted", description: idea.title });
        void invalidate(queryClient, adminVenuesApi.dateIdeas);
      } catch (error) {
        toastCallError(DATE_IDEA_MSG.deleteFailed, error);
        // Changed by another admin meanwhile (412): the list shows their change.
        void invalidate(queryClient, adminVenuesApi.dateIdeas);
      } finally {
        setDeletePending(false);
        setDeleting(null);
      }
    });

  const rows = ideas.data ?? [];
  return (
    <AdminSection
      title="Date Ideas"
      description="The experiences the matching engine chooses from, optionally tied to a venue."
      actions={
        <Button
          onClick={() => {
            setEditing(undefined);
            setFormOpen(true);
          }}
        >
          <Plus aria-hidden />
          Add Date Idea
        </Button>
      }
    >
      {ideas.isPending ? (
        <TableSkeleton label="Loading date ideas" />
      ) : ideas.isError ? (
        <LoadErrorCard
          title="Date ideas could not be loaded"
          error={ideas.error}
          className="shadow-none"
          onRetry={() => void ideas.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState icon={<Lightbulb aria-hidden />} title={DATE_IDEA_MSG.empty} />
      ) : (
        <Table aria-label="Date ideas">
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Duration</TableHead>
              <TableHead>Price Level</TableHead>
              <TableHead>Season</TableHead>
              <TableHead>Time of Day</TableHead>
              <TableHead>Venue</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id}>
                <TableCell className="max-w-64 min-w-40 font-medium break-words">{d.title}</TableCell>
                <TableCell>{label(d.category)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {d.duration} {d.duration === 1 ? "hour" : "hours"}
                </TableCell>
                <TableCell>{label(d.priceLevel)}</TableCell>
                <TableCell>{label(d.season)}</TableCell>
                <TableCell>{label(d.timeOfDay)}</TableCell>
                <TableCell className="max-w-48 min-w-32 break-words">
                  {d.venueName ?? <span className="text-muted-foreground">Any</span>}
                </TableCell>
                <TableCell>
                  <Badge variant={d.isActive ? "success" : "neutral"}>
                    {d.isActive ? "Active" : "Inactive"}
                  </Badge>
                </TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${d.title}`}
                      onClick={() => {
                        setEditing(d);
                        setFormOpen(true);
                      }}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${d.title}`}
                      onClick={() => setDeleting(d)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <DateIdeaFormDialog open={formOpen} onOpenChange={setFormOpen} idea={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        pending={deletePending}
        title={`Delete ${deleting?.title ?? ""}?`}
        description="This cannot be undone. An idea that dates were planned from cannot be deleted: make it inactive instead."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </AdminSection>
  );
}
