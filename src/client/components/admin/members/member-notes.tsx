import { useQuery, useQueryClient } from "@tanstack/react-query";
import { NotebookPen, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  type AdminMemberNote,
  memberNoteInputSchema,
  NOTE_MAX,
  NOTES_MSG,
} from "../../../../shared/admin/member-workspace.ts";
import { adminMemberWorkspaceApi as api } from "../../../../shared/contract/admin-member-workspace.ts";
import { call, callIfMatch, callTagged, invalidate, queryOf } from "../../../lib/api.ts";
import { errorMessage, isStaleEdit } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useOneFieldErrors } from "../../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { SummaryForm } from "../../ui/error-summary.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { StaleEditAlert } from "../audit/stale-edit.tsx";
import { formatDateTimeGB } from "../common.tsx";
import { EmptyLine, WorkspaceCard } from "./workspace-card.tsx";

/** "1,234 / 4,000" under a note box. */
function counter(text: string): string {
  return `${text.trim().length.toLocaleString("en-GB")} / ${NOTE_MAX.toLocaleString("en-GB")}`;
}

/** Checks a note as the server does; answers the trimmed body or the message to show. */
function checkNote(body: string): { body: string } | { error: string } {
  const parsed = memberNoteInputSchema.safeParse({ body });
  return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message ?? NOTES_MSG.bodyRequired };
}

/**
 * The team's internal notes on a member (never shown to them), newest first with who wrote each and when:
 * add, edit (guarded by the note's ETag: a note someone else changed meanwhile is not overwritten) and delete.
 */
export function MemberNotes({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const params = { userId: String(userId) };
  const notes = useQuery({ ...queryOf(api.notes, { params }), staleTime: 0 });
  const [draft, setDraft] = useState("");
  const errors = useOneFieldErrors();
  const refresh = () => invalidate(queryClient, api.notes, params);
  const add = useSingleFlightMutation({
    mutationFn: (body: { body: string }) => call(api.addNote, { params, body }),
    onSuccess: () => {
      setDraft("");
      void refresh();
      toast({ title: "Note added" });
    },
    // The server's words in the summary (focused) and beside the note.
    onError: errors.refused,
  });
  return (
    <WorkspaceCard
      id="notes"
      icon={<NotebookPen aria-hidden />}
      title="Internal notes"
      description="For the team only: the member never sees these."
    >
      <SummaryForm
        summary={errors.summary}
        aria-label="Add a note"
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          errors.clear();
          const checked = checkNote(draft);
          if ("error" in checked) return errors.invalid(checked.error);
          add.mutate(checked);
        }}
      >
        <TextareaField
          id={errors.fieldId}
          label="New note"
          value={draft}
          maxLength={NOTE_MAX}
          error={errors.error}
          hint={counter(draft)}
          placeholder="Called about the nut allergy; venue told."
          className="[&_textarea]:min-h-20"
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="flex justify-end">
          <Button type="submit" size="sm" pending={add.isPending}>
            {add.isPending ? "Adding..." : "Add note"}
          </Button>
        </div>
      </SummaryForm>
      <div className="mt-5">
        {notes.isPending ? (
          <div role="status" aria-label="Loading notes" className="grid gap-2">
            <Skeleton className="h-16" />
          </div>
        ) : notes.isError ? (
          <p className="text-sm text-destructive-text">{errorMessage(notes.error)}</p>
        ) : notes.data.length === 0 ? (
          <EmptyLine>No notes yet.</EmptyLine>
        ) : (
          <ol className="grid gap-3" aria-label="Notes, newest first">
            {notes.data.map((n) => (
              <NoteItem key={n.id} userId={userId} note={n} onChanged={refresh} />
            ))}
          </ol>
        )}
      </div>
    </WorkspaceCard>
  );
}

function NoteItem({
  userId,
  note,
  onChanged,
}: {
  userId: number;
  note: AdminMemberNote;
  onChanged: () => void;
}) {
  const params = { userId: String(userId), noteId: String(note.id) };
  const [editing, setEditing] = useState<{ body: string; etag: string | null } | null>(null);
  const errors = useOneFieldErrors();
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [confirming, setConfirming] = useState<string | null | false>(false);

  async function startEdit() {
    try {
      const { data, etag } = await callTagged(api.note, { params });
      setEditing({ body: data.body, etag });
      setStale(null);
      errors.clear();
    } catch (e) {
      toast({ title: "Couldn't open the note", description: errorMessage(e), variant: "destructive" });
    }
  }
  async function reload() {
    setReloading(true);
    try {
      const { data, etag } = await callTagged(api.note, { params });
      setEditing({ body: data.body, etag });
      setStale(null);
      onChanged();
    } finally {
      setReloading(false);
    }
  }
  const save = useSingleFlightMutation({
    mutationFn: (v: { body: string; etag: string | null }) =>
      callIfMatch(api.editNote, { params, body: { body: v.body } }, v.etag),
    onSuccess: () => {
      setEditing(null);
      onChanged();
      toast({ title: "Note saved" });
    },
    onError: (e) => (isStaleEdit(e) ? setStale(errorMessage(e)) : errors.refused(e)),
  });
  const remove = useSingleFlightMutation({
    mutationFn: (etag: string | null) => callIfMatch(api.deleteNote, { params }, etag),
    onSuccess: () => {
      setConfirming(false);
      onChanged();
      toast({ title: NOTES_MSG.deleted });
    },
    onError: (e) => {
      setConfirming(false);
      toast({ title: "Not deleted", description: errorMessage(e), variant: "destructive" });
      onChanged();
    },
  });
  const edited = note.updatedAt !== note.createdAt;
  return (
    <li className="grid gap-2 rounded-lg border border-border/70 p-3 text-sm" data-testid="member-note">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{note.authorName}</span> ·{" "}
          {formatDateTimeGB(note.createdAt)}
          {edited && ` · edited ${formatDateTimeGB(note.updatedAt)}`}
        </p>
        {!editing && (
          <div className="flex gap-1">
            <Button
              size="sm"
              variant="ghost"
              onClick={startEdit}
              aria-label={`Edit note by ${note.authorName}`}
            >
              <Pencil aria-hidden />
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete note by ${note.authorName}`}
              onClick={async () => {
                try {
                  setConfirming((await callTagged(api.note, { params })).etag);
                } catch (e) {
                  toast({ title: "Not deleted", description: errorMessage(e), variant: "destructive" });
                  onChanged();
                }
              }}
            >
              <Trash2 aria-hidden />
              Delete
            </Button>
          </div>
        )}
      </div>
      {editing ? (
        <SummaryForm
          summary={errors.summary}
          aria-label="Edit note"
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            errors.clear();
            const checked = checkNote(editing.body);
            if ("error" in checked) return errors.invalid(checked.error);
            save.mutate({ body: checked.body, etag: editing.etag });
          }}
        >
          {stale && <StaleEditAlert message={stale} onReload={reload} reloading={reloading} />}
          <TextareaField
            id={errors.fieldId}
            label="Note"
            value={editing.body}
            maxLength={NOTE_MAX}
            error={errors.error}
            hint={counter(editing.body)}
            autoFocus
            className="[&_textarea]:min-h-20"
            onChange={(e) => setEditing({ ...editing, body: e.target.value })}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" pending={save.isPending}>
              {save.isPending ? "Saving..." : "Save note"}
            </Button>
          </div>
        </SummaryForm>
      ) : (
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{note.body}</p>
      )}
      <ConfirmDialog
        open={confirming !== false}
        onOpenChange={(o) => !o && setConfirming(false)}
        pending={remove.isPending}
        title="Delete this note?"
        description="It is removed for the whole team. The record of who changed what keeps that it was deleted."
        confirmLabel="Delete note"
        pendingLabel="Deleting..."
        onConfirm={() => confirming !== false && remove.mutate(confirming)}
      />
    </li>
  );
}
