import { pushApi } from "../../shared/contract/push.ts";
import { call } from "./api.ts";

/** How long signing out waits for this device's push to be forgotten before it goes on regardless. */
const FORGET_WAIT_MS = 3000;

/**
 * Before signing out: this browser stops receiving the member's pushes. Its subscription is removed from the
 * account (while the session can still ask) and unsubscribed in the browser, so the next person to use the
 * device is not told about someone else's date. Best effort: signing out never waits more than a moment.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const forget = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    try {
      const devices = await call(pushApi.devices, { query: { endpoint: subscription.endpoint } });
      const here = devices.find((d) => d.current);
      if (here) await call(pushApi.remove, { params: { id: String(here.id) } });
    } finally {
      await subscription.unsubscribe().catch(() => false);
    }
  };
  await Promise.race([
    forget().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, FORGET_WAIT_MS)),
  ]);
}
