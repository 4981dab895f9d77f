import { Trash2 } from "lucide-react";
import { useState } from "react";
import { TIMING } from "../../../shared/constants.ts";
import { TOAST } from "../../../shared/messages.ts";
import { apiRequest, toastCallError } from "../../lib/queryClient.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../ui/alert-dialog.tsx";
import { Button } from "../ui/button.tsx";
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
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden />
          Delete Account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently deletes your profile, preferences and date history
            {hasPlan ? ", and ends your subscription and its Direct Debit straight away" : ""}. You'll be
            signed out and can't sign in again. This can't be undone. We keep only the payment records the law
            requires, without your name.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Keep My Account</AlertDialogCancel>
          <AlertDialogAction
            disabled={busy}
            onClick={(e) => {
              // Stay open (showing progress) until the answer arrives.
              e.preventDefault();
              remove.mutate();
            }}
          >
            {busy ? "Deleting..." : "Delete Account"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
