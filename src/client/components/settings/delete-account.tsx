import { Trash2 } from "lucide-react";
import { useState } from "react";
import { TIMING } from "../../../shared/constants.ts";
import { TOAST } from "../../../shared/messages.ts";
import { apiRequest, toastCallError } from "../../lib/queryClient.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { AlertDialogTrigger } from "../ui/alert-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { toastAcrossNavigation } from "../ui/use-toast.ts";

/** Delete Account behind a confirmation; afterwards a full page load of "/" (signed out). */
export function DeleteAccount({ hasPlan }: { hasPlan: boolean }) {
  const [open, setOpen] = useState(false);
  const remove = useSingleFlightMutation({
    mutationFn: () => apiRequest("DELETE", "/api/auth/user"),
    onSuccess: () => {
      // Close first: while the dialog is open, the toast outside it is hidden from assistive technology.
      setOpen(false);
      toastAcrossNavigation({
        title: TOAST.accountDeletedTitle,
        description: "Your account and your data have been deleted.",
      });
      setTimeout(() => {
        window.location.href = "/";
      }, TIMING.afterDeleteRedirectMs);
    },
    onError: (error) => {
      setOpen(false);
      toastCallError(TOAST.accountDeleteFailed, error);
    },
  });
  const busy = remove.isPending || remove.isSuccess;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      pending={busy}
      trigger={
        <AlertDialogTrigger asChild>
          <Button variant="destructive">
            <Trash2 aria-hidden />
            Delete Account
          </Button>
        </AlertDialogTrigger>
      }
      title="Delete your account?"
      description={`This permanently deletes your profile, preferences and date history${hasPlan ? ", and ends your subscription and its Direct Debit straight away" : ""}. You'll be signed out and can't sign in again. This can't be undone. We keep only the payment records the law requires, without your name.`}
      cancelLabel="Keep My Account"
      confirmLabel="Delete Account"
      pendingLabel="Deleting..."
      onConfirm={() => remove.mutate()}
    />
  );
}
