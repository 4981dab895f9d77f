import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { memberName } from "../../../../shared/admin/members.ts";
import { adminMembersApi as api } from "../../../../shared/contract/admin-members.ts";
import { call, invalidate, queryOf } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
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
} from "../../ui/alert-dialog.tsx";
import { Button } from "../../ui/button.tsx";

/**
 * The member page's "Sign out everywhere": how many devices the member is signed in on, and ending them all
 * (a lost phone, a shared laptop, a suspected break-in). Confirmed first; the member simply signs in again.
 */
export function MemberSessions({
  user,
}: {
  user: { id: number; firstName: string | null; lastName: string | null; email: string };
}) {
  const queryClient = useQueryClient();
  const params = { userId: String(user.id) };
  const sessions = useQuery({ ...queryOf(api.sessions, { params }), staleTime: 0 });
  const end = useSingleFlightMutation({
    mutationFn: async () => await call(api.endSessions, { params }),
    onSuccess: ({ message }) => {
      toast({ title: "Signed out everywhere", description: message, variant: "success" });
      void invalidate(queryClient, api.sessions, params);
    },
    onError: (error) => toastCallError("Couldn't sign the member out", error),
  });
  const n = sessions.data?.length;
  const name = memberName(user);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {n === undefined
          ? sessions.isError
            ? "Devices unavailable"
            : "Checking devices..."
          : n === 0
            ? "Not signed in anywhere"
            : `Signed in on ${n} ${n === 1 ? "device" : "devices"}`}
      </p>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" disabled={!n || end.isPending}>
            <LogOut aria-hidden />
            {end.isPending ? "Signing out..." : "Sign out everywhere"}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Sign {name} out everywhere?</AlertDialogTitle>
            <AlertDialogDescription>
              Every device signed in to this account is signed out at once. They can sign in again with their
              password; if it may be known to someone else, ask them to reset it.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => end.mutate()}>Sign out everywhere</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
