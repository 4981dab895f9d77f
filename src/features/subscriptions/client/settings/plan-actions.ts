/** What the plan's dialogs do after a refused action, and how they read the plan again. */

import { isStateChanged } from "../../../../client/components/settings/api.ts";
import { invalidate } from "../../../../client/lib/api.ts";
import {
  CURRENT_USER_KEY,
  errorMessage,
  queryClient,
  toastCallError,
} from "../../../../client/lib/queryClient.ts";
import { toast } from "../../../../client/lib/toast.ts";
import { TOAST } from "../../../../shared/messages.ts";
import { subscriptionApi } from "../../contract.ts";

/** The toast title when a plan action found the plan already changed. */
export const STALE_TITLE = "Your plan has already changed";

/**
 * What a plan dialog does with a refused action: when the plan has changed elsewhere there is nothing left
 * to confirm, so the dialog closes, the server's words show as a toast and the plan and billing are read
 * again (the page then shows the current state). Any other error keeps the dialog open, with a toast.
 */
export function onPlanActionError(error: unknown, close: () => void): void {
  if (!isStateChanged(error)) {
    toastCallError(TOAST.errorTitle, error);
    return;
  }
  close();
  toast({ title: STALE_TITLE, description: errorMessage(error) });
  refreshPlan();
}

/** Reads the member's plan and billing again. */
export function refreshPlan(): void {
  void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  void invalidate(queryClient, subscriptionApi.billing);
}
