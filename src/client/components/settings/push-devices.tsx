/**
 * Push on this device, and the member's devices. "Turn on push on this device" asks the browser's
 * permission, subscribes with the server's VAPID key and sends the subscription; each device can be removed.
 * Browsers without push, and a permission the member refused, get a clear state instead of a dead button.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { pushApi } from "../../../shared/contract/push.ts";
import { londonShortDate } from "../../../shared/london-time.ts";
import { TOAST } from "../../../shared/messages.ts";
import type { PushSubscriptionInput } from "../../../shared/schemas/push.ts";
import { call, invalidate, queryOf } from "../../lib/api.ts";
import { queryClient, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";

type Device = AnswerOf<typeof pushApi.devices>[number];

type Support = "checking" | "unsupported" | "denied" | "ready";

function browserSupport(): Support {
  if (typeof window === "undefined") return "checking";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  return Notification.permission === "denied" ? "denied" : "ready";
}

/** The browser's current subscription, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export function PushDevices() {
  const [support, setSupport] = useState<Support>("checking");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const s = browserSupport();
    setSupport(s);
    if (s !== "unsupported") void currentSubscription().then((sub) => setEndpoint(sub?.endpoint ?? null));
  }, []);
  const { data: devices, isPending } = useQuery(
    queryOf(pushApi.devices, { query: endpoint ? { endpoint } : {} }),
  );
  const refresh = () => invalidate(queryClient, pushApi.devices);
  const thisDeviceOn = devices?.some((d) => d.current) ?? false;

  async function turnOn() {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setSupport(permission === "denied" ? "denied" : "ready");
        return;
      }
      const { publicKey } = await call(pushApi.key);
      const reg = await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      // The browser's own JSON of its subscription: the server checks its fields.
      await call(pushApi.subscribe, { body: sub.toJSON() as PushSubscriptionInput });
      setEndpoint(sub.endpoint);
      await refresh();
      toast({ title: "Push is on", description: "This device will hear about your dates." });
    } catch (e) {
      toastCallError(TOAST.errorTitle, e);
    } finally {
      setBusy(false);
    }
  }

  async function remove(d: Device) {
    try {
      await call(pushApi.remove, { params: { id: String(d.id) } });
      if (d.current) await (await currentSubscription())?.unsubscribe();
      if (d.current) setEndpoint(null);
      await refresh();
    } catch (e) {
      toastCallError(TOAST.errorTitle, e);
    }
  }

  return (
    <div className="grid gap-3" data-testid="push-devices">
      {support === "unsupported" && (
        <p className="text-sm text-muted-foreground" data-testid="push-unsupported">
          This browser cannot receive push notifications. On an iPhone, add Unveil to your Home Screen first.
        </p>
      )}
      {support === "denied" && (
        <p className="text-sm text-accent-text" data-testid="push-denied">
          Notifications are blocked for Unveil in this browser. Allow them in the browser's site settings,
          then come back here.
        </p>
      )}
      {support === "ready" && !thisDeviceOn && (
        <div>
          <Button variant="outline" onClick={turnOn} disabled={busy}>
            {busy ? "Turning on..." : "Turn on push on this device"}
          </Button>
        </div>
      )}
      {isPending ? null : devices && devices.length > 0 ? (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label="Devices with push">
          {devices.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium">
                  {d.label}
                  {d.current && <span className="ml-2 text-xs text-muted-foreground">This device</span>}
                </p>
                <p className="text-xs text-muted-foreground">
                  Added {londonShortDate(new Date(d.createdAt))}
                </p>
              </div>
              <Button variant="ghost" size="sm" onClick={() => remove(d)} aria-label={`Remove ${d.label}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No devices get push notifications yet.</p>
      )}
    </div>
  );
}
