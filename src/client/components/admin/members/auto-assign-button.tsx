import { useQueryClient } from "@tanstack/react-query";
import { Wand2 } from "lucide-react";
import { type AdminAssignment, ASSIGNMENT_MSG } from "../../../../shared/admin/assignments.ts";
import { memberName } from "../../../../shared/admin/members.ts";
import { apiRequest, toastCallError } from "../../../lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import { toast } from "../../ui/use-toast.ts";
import { firstClickOnly } from "./first-click.ts";

/**
 * Auto Assign Date: asks the matching engine for the member's next date ("Processing..." meanwhile). One
 * request per click however fast: ref-guarded while pending, and the second click of a double click is
 * ignored even when the first answer came back before it (it will book a date once the engine lands).
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
    onSuccess: () => {
      toast({ title: ASSIGNMENT_MSG.created, description: `A date was planned for ${memberName(user)}.` });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/assignments"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/stats"] });
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
