import { useQueryClient } from "@tanstack/react-query";
import {
  type AdminAssignment,
  ASSIGNMENT_MSG,
  ASSIGNMENT_STATUSES,
  type AssignmentStatus,
} from "../../../../shared/admin/assignments.ts";
import { memberName } from "../../../../shared/admin/members.ts";
import { cn } from "../../../lib/cn.ts";
import { statusText } from "../../../lib/labels.ts";
import { apiRequest, toastCallError } from "../../../lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select.tsx";
import { toast } from "../../ui/use-toast.ts";

/**
 * The table's inline Status dropdown: any of the five statuses, saved at once; one request at a time (disabled
 * and ref-guarded while one is in flight).
 */
export function AssignmentStatusSelect({
  assignment,
  className,
}: {
  assignment: AdminAssignment;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const change = useSingleFlightMutation({
    mutationFn: async (status: AssignmentStatus) =>
      (await (
        await apiRequest("PATCH", `/api/admin/assignments/${assignment.id}/status`, { status })
      ).json()) as AdminAssignment,
    onSuccess: (saved) => {
      toast({
        title: ASSIGNMENT_MSG.statusUpdated,
        description: `The date is now ${statusText(saved.status).toLowerCase()}.`,
      });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/assignments"] });
    },
    onError: (error) => toastCallError(ASSIGNMENT_MSG.statusFailed, error),
  });
  const current = change.isPending && change.variables ? change.variables : assignment.status;
  const known = (ASSIGNMENT_STATUSES as readonly string[]).includes(assignment.status);
  const who = assignment.user ? memberName(assignment.user) : `member ${assignment.userId}`;
  return (
    <Select
      value={current}
      disabled={change.isPending}
      onValueChange={(v) => {
        if (v !== assignment.status && !change.isPending) change.mutate(v as AssignmentStatus);
      }}
    >
      <SelectTrigger className={cn("h-9 w-auto min-w-max", className)} aria-label={`Status of ${who}'s date`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {/* A member-side state (a reschedule request) shows as it is until an admin picks one of the five. */}
        {!known && (
          <SelectItem value={assignment.status} disabled>
            {statusText(assignment.status)}
          </SelectItem>
        )}
        {ASSIGNMENT_STATUSES.map((s) => (
          <SelectItem key={s} value={s}>
            {statusText(s)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
