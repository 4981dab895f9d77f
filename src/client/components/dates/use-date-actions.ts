import { datesApi } from "../../../shared/contract/dates.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { TOAST } from "../../../shared/messages.ts";
import { call } from "../../lib/api.ts";
import { toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { storeDate } from "./queries.ts";

type MemberDate = AnswerOf<typeof datesApi.get>;

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
    () => call(datesApi.confirm, { params: { id: String(id) } }),
    () => ({ title: "Attendance confirmed", description: "Thank you. The venue is expecting you both." }),
  );
}

export function useRequestReschedule(id: number) {
  return useDateMutation(
    (reason: string) =>
      call(datesApi.reschedule, { params: { id: String(id) }, body: reason ? { reason } : {} }),
    () => ({
      title: "Reschedule requested",
      description: "We'll find another time and e-mail you the new day and time.",
    }),
  );
}

export function useRateDate(id: number) {
  return useDateMutation(
    (input: { rating: number; feedback?: string }) =>
      call(datesApi.rate, { params: { id: String(id) }, body: input }),
    () => ({ title: "Thank you for rating", description: "Your rating shapes the dates we plan next." }),
  );
}

/** "We couldn't go": the couple says the evening did not happen (no rating is asked afterwards). */
export function useReportNoShow(id: number) {
  return useDateMutation(
    (note: string) => call(datesApi.noShow, { params: { id: String(id) }, body: note ? { note } : {} }),
    () => ({
      title: "Thanks for letting us know",
      description: "We've noted that this date didn't happen. No rating needed.",
    }),
  );
}
