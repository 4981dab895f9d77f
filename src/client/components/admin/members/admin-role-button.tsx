import { useQueryClient } from "@tanstack/react-query";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { type AdminUser, MEMBERS_MSG, memberName } from "../../../../shared/admin/members.ts";
import { adminMembersApi } from "../../../../shared/contract/admin-members.ts";
import { call, invalidate } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../ui/alert-dialog.tsx";
import { Button } from "../../ui/button.tsx";
import { firstClickOnly } from "./first-click.ts";

/**
 * Make Admin / Remove Admin with a confirmation stating what follows. The server has the last word (it
 * refuses removing your own rights or the last admin's) and its message is shown.
 */
export function AdminRoleButton({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const promote = !user.isAdmin;
  const name = memberName(user);
  const change = useSingleFlightMutation({
    mutationFn: async () =>
      await call(promote ? adminMembersApi.promote : adminMembersApi.demote, {
        params: { id: String(user.id) },
      }),
    onSuccess: (saved) => {
      setOpen(false);
      toast({
        title: saved.isAdmin ? "Admin access granted" : "Admin access removed",
        description: saved.isAdmin
          ? `${name} now has full access to all admin features.`
          : `${name} can no longer access admin features.`,
      });
      void invalidate(queryClient, adminMembersApi.list);
    },
    onError: (error) => {
      setOpen(false);
      toastCallError(promote ? MEMBERS_MSG.promoteFailed : MEMBERS_MSG.demoteFailed, error);
    },
  });
  const label = promote ? "Make Admin" : "Remove Admin";
  return (
    <AlertDialog open={open} onOpenChange={(next) => !change.isPending && setOpen(next)}>
      <Button
        variant={promote ? "outline" : "ghost"}
        size="sm"
        className={promote ? undefined : "text-destructive-text"}
        aria-label={`${label}: ${name}`}
        onClick={() => setOpen(true)}
      >
        {promote ? <ShieldCheck aria-hidden /> : <ShieldOff aria-hidden />}
        {label}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{promote ? "Make this user an admin?" : "Remove admin access?"}</AlertDialogTitle>
          <AlertDialogDescription>
            {promote
              ? `${name} (${user.email}) will get full access to all admin features: venues, members, assignments, offer codes, analytics and e-mails.`
              : `${name} (${user.email}) will no longer be able to access admin features.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={change.isPending}>Cancel</AlertDialogCancel>
          <Button
            variant={promote ? "primary" : "destructive"}
            pending={change.isPending}
            // A double click sends one request: the second click is ignored, and so is any click once the
            // answer has closed the dialog (its button stays clickable while the dialog fades out).
            onClick={firstClickOnly(() => {
              if (open) change.mutate();
            })}
          >
            {change.isPending ? "Processing..." : label}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
