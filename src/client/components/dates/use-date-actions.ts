import type { MemberDate } from "../../../shared/member-api.ts";
import { TOAST } from "../../../shared/messages.ts";
import { apiJson, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { storeDate } from "./queries.ts";

async function postDate(url: string, body?: unknown): Promise<MemberDate> {
  return await apiJson<MemberDate>("POST", url, body);
}

/** One of the date's actions: on success the answer replaces the cached date and a toast says so. */
function useDateMutation<Vars>(
  request: (vars: Vars) => Promise<MemberDate>,
  success: (date: MemberDate) => { title: string; description: string },
) {
  return useSingleFlightMutation({
    mutationFn: request,
    onSuccess: (date) => {
      storeDate(date);
      toast({ ...success(date), variant: "success" });
    },
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
}

export function useConfirmAttendance(id: number) {
  return useDateMutation(
    () => postDate(`/api/dates/${id}/confirm`),
    () => ({ title: "Attendance confirmed", description: "Thank you. The venue is expecting you both." }),
  );
}

export function useRequestReschedule(id: number) {
  return useDateMutation(
    (reason: string) => postDate(`/api/dates/${id}/reschedule`, reason ? { reason } : {}),
    () => ({
      title: "Reschedule requested",
      description: "We'll find another time and e-mail you the new day and time.",
    }),
  );
}

export function useRateDate(id: number) {
  return useDateMutation(
    (input: { rating: number; feedback?: string }) => postDate(`/api/dates/${id}/rating`, input),
    () => ({ title: "Thank you for rating", description: "Your rating shapes the dates we plan next." }),
  );
}

/** "We couldn't go": the couple says the evening did not happen (no rating is asked afterwards). */
export function useReportNoShow(id: number) {
  return useDateMutation(
    (note: string) => postDate(`/api/dates/${id}/no-show`, note ? { note } : {}),
    () => ({
      title: "Thanks for letting us know",
      description: "We've noted that this date didn't happen. No rating needed.",
    }),
  );
}
