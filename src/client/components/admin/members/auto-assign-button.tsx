import { useQueryClient } from "@tanstack/react-query";
import { Wand2 } from "lucide-react";
import { type AdminAssignment, ASSIGNMENT_MSG } from "../../../../shared/admin/assignments.ts";
import { memberName } from "../../../../shared/admin/members.ts";
import { apiRequest, toastCallError } from "../../../lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { formatDateTimeGB } from "../../../pages/admin/common.tsx";
import { Button } from "../../ui/button.tsx";
import { toast } from "../../ui/use-toast.ts";
import { firstClickOnly } from "./first-click.ts";

/**
 * Auto Assign Date: asks the matching engine for the member's next date ("Processing..." meanwhile). One
 * request per click however fast: ref-guarded while pending, and the second click of a double click is
 * ignored even when the first answer came back before it. The toast says which venue and when (admins may
 * see the venue).
 */
export function AutoAssignButton({
  user,
}: {
  user: { id: number; firstName: string | null; lastName: string | null; email: string };
}) {
  const queryClient = useQueryClient();
  const auto = useSingleFlightMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", `/api/admin/assignments/auto/${user.id}`)).json()) as AdminAssignment,
    onSuccess: (a) => {
      const where = a.venue ? `${a.dateIdea ? `${a.dateIdea.title} at ` : ""}${a.venue.name}` : "A date";
      toast({
        title: ASSIGNMENT_MSG.created,
        description: `${where} on ${formatDateTimeGB(a.scheduledDate)} for ${memberName(user)}.`,
      });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/assignments"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/stats"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/users", String(user.id), "dates"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/members-needing-dates"] });
    },
    onError: (error) => toastCallError("Auto Assign Failed", error),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={auto.isPending}
      aria-label={auto.isPending ? undefined : `Auto Assign Date for ${memberName(user)}`}
      onClick={firstClickOnly(() => auto.mutate())}
    >
      <Wand2 aria-hidden />
      {auto.isPending ? "Processing..." : "Auto Assign Date"}
    </Button>
  );
}
