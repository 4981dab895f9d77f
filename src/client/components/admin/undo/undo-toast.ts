/**
 * Ask, then allow undo: the wording of the confirm dialogs before a back-office change that e-mails
 * a couple, and the toast after it whose Undo button calls adminAssignmentsApi.undo while the mail
 * still waits (UNDO_WINDOW_MS).
 */
import type { QueryClient } from "@tanstack/react-query";
import { ASSIGNMENT_MSG } from "../../../../shared/admin/assignments.ts";
import { REVEAL_WINDOW_HOURS, UNDO_WINDOW_LABEL, UNDO_WINDOW_MS } from "../../../../shared/constants.ts";
import { adminApi } from "../../../../shared/contract/admin.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import { adminMembersApi } from "../../../../shared/contract/admin-members.ts";
import { adminSuggestionsApi } from "../../../../shared/contract/admin-suggestions.ts";
import { londonFormat, londonTime } from "../../../../shared/london-time.ts";
import { call, invalidate } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";

/** "Fri 18 December at 19:30" (London). */
export function dateWhen(iso: string | Date): string {
  const at = new Date(iso);
  const day = londonFormat({ weekday: "short", day: "numeric", month: "long" }).format(at).replace(",", "");
  return `${day} at ${londonTime(at)}`;
}

/** "in 2 minutes unless you undo": the end of every confirm dialog's sentence. */
export const UNLESS_UNDONE = `in ${UNDO_WINDOW_LABEL} unless you undo`;

/** The e-mail a new date brings: a save-the-evening, or the reveal itself when it is less than 48 hours away. */
export function newDateMail(scheduledDate: string | Date, now = new Date()): string {
  const soon = new Date(scheduledDate).getTime() - now.getTime() <= REVEAL_WINDOW_HOURS * 3_600_000;
  return soon ? "the reveal with the venue" : "a save-the-evening with a calendar hold";
}

/** Everything a date change touches in the back office. */
export function refreshAfterDateChange(queryClient: QueryClient): void {
  for (const ep of [
    adminAssignmentsApi.list,
    adminApi.stats,
    adminMembersApi.list,
    adminSuggestionsApi.needingDates,
    adminSuggestionsApi.list,
  ])
    void invalidate(queryClient, ep);
}

/**
 * The toast after a held change: `title` and `description` say what happened, the toast adds when the e-mail
 * goes, and its Undo button (once) puts the change back and refreshes the lists. It shows for the window.
 */
export function toastWithUndo(
  queryClient: QueryClient,
  opts: { title: string; description: string; assignmentId: number },
): void {
  let pressed = false;
  const shown = toast({
    title: opts.title,
    description: `${opts.description} E-mail goes in ${UNDO_WINDOW_LABEL}.`,
    duration: UNDO_WINDOW_MS - 5_000,
    action: {
      label: "Undo",
      altText: `Undo from the date's row within ${UNDO_WINDOW_LABEL}`,
      onClick: () => {
        if (pressed) return;
        pressed = true;
        shown.dismiss();
        void undo(queryClient, opts.assignmentId);
      },
    },
  });
}

async function undo(queryClient: QueryClient, assignmentId: number): Promise<void> {
  try {
    const res = await call(adminAssignmentsApi.undo, { params: { assignmentId } });
    toast({ title: res.message, description: "Nothing was e-mailed.", variant: "success" });
  } catch (error) {
    toastCallError(ASSIGNMENT_MSG.undoFailed, error);
  }
  refreshAfterDateChange(queryClient);
}
