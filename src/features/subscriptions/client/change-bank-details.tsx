import { Landmark } from "lucide-react";
import { Button } from "../../../client/components/ui/button.tsx";
import { call } from "../../../client/lib/api.ts";
import { toastCallError } from "../../../client/lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../client/lib/use-single-flight.ts";
import { TOAST } from "../../../shared/messages.ts";
import { subscriptionApi } from "../contract.ts";

/**
 * Change bank details at any time: opens the provider's page for a new Direct Debit. The old one stays
 * in place until the new one is active, so nothing is missed in between.
 */
export function ChangeBankDetailsButton() {
  const change = useSingleFlightMutation({
    mutationFn: () => call(subscriptionApi.updatePaymentMethod),
    onSuccess: ({ redirect_url }) => {
      window.location.href = redirect_url;
    },
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
  const busy = change.isPending || change.isSuccess;
  return (
    <Button
      variant="outline"
      size="sm"
      // Never wider than its card: at 200 % text the label wraps instead of running out of it.
      className="w-full max-w-full sm:w-auto"
      onClick={() => change.mutate()}
      disabled={busy}
      data-testid="change-bank-details"
    >
      <Landmark aria-hidden />
      {busy ? "Opening..." : "Change bank details"}
    </Button>
  );
}
