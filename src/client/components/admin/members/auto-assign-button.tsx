import { useQueryClient } from "@tanstack/react-query";
import { Wand2 } from "lucide-react";
import { useState } from "react";
import { ASSIGNMENT_MSG } from "../../../../shared/admin/assignments.ts";
import { memberName } from "../../../../shared/admin/members.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import { call } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { dateWhen, refreshAfterDateChange, toastWithUndo, UNLESS_UNDONE } from "../undo/undo-toast.ts";
import { firstClickOnly } from "./first-click.ts";

/**
 * Auto Assign Date: asks first (the booking e-mails the couple), then the matching engine books the member's
 * next date ("Processing..." meanwhile) and the toast names it with an Undo while the mail waits. One request per
 * confirmation however fast the clicks: the dialog's button is disabled while pending and single-flight guarded.
 */
export function AutoAssignButton({
  user,
}: {
  user: { id: number; firstName: string | null; lastName: string | null; email: string };
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const name = memberName(user);
  const auto = useSingleFlightMutation({
    mutationFn: () => call(adminAssignmentsApi.auto, { params: { userId: user.id } }),
    onSuccess: (a) => {
      setAsking(false);
      const where = a.venue ? `${a.dateIdea ? `${a.dateIdea.title} at ` : ""}${a.venue.name}` : "A date";
      toastWithUndo(queryClient, {
        title: ASSIGNMENT_MSG.created,
        description: `${where} on ${dateWhen(a.scheduledDate)} for ${name}.`,
        assignmentId: a.id,
      });
      refreshAfterDateChange(queryClient);
    },
    onError: (error) => {
      setAsking(false);
      toastCallError("Auto Assign Failed", error);
    },
  });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        pending={auto.isPending}
        aria-label={auto.isPending ? undefined : `Auto Assign Date for ${name}`}
        onClick={firstClickOnly(() => setAsking(true))}
      >
        <Wand2 aria-hidden />
        {auto.isPending ? "Processing..." : "Auto Assign Date"}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        pending={auto.isPending}
        title={`Auto Assign a date for ${name}?`}
        description={`The matching engine books their best date, which takes one of their month's dates. They will be e-mailed a save-the-evening with a calendar hold ${UNLESS_UNDONE}.`}
        cancelLabel="Not now"
        confirmLabel="Book the date"
        pendingLabel="Processing..."
        onConfirm={() => !auto.isPending && auto.mutate()}
      />
    </>
  );
}
