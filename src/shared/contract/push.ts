/** Web push: the VAPID public key, and the member's devices (opt in, list, rename, remove). */
import { idParamSchema } from "../schemas/member.ts";
import {
  pushDeviceSchema,
  pushDevicesQuerySchema,
  pushDevicesSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  renamePushDeviceSchema,
} from "../schemas/push.ts";
import { messageSchema } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

export const pushApi = {
  // Public by design: the browser needs it (as applicationServerKey) before it can subscribe.
  key: endpoint({
    method: "GET",
    path: "/api/push/key",
    summary: "The web push (VAPID) public key",
    responses: { 200: pushKeySchema },
    errors: [404],
  }),
  subscribe: endpoint({
    method: "POST",
    path: "/api/push/subscriptions",
    summary: "Turn push on for this device (the browser's PushSubscription)",
    body: pushSubscriptionSchema,
    responses: { 200: pushDeviceSchema },
  }),
  devices: endpoint({
    method: "GET",
    path: "/api/push/subscriptions",
    summary: "The member's push devices (endpoint: this browser's, to mark it)",
    query: pushDevicesQuerySchema,
    responses: { 200: pushDevicesSchema },
  }),
  rename: endpoint({
    method: "PATCH",
    path: "/api/push/subscriptions/:id",
    summary: "Rename a push device",
    params: idParamSchema,
    query: pushDevicesQuerySchema,
    body: renamePushDeviceSchema,
    responses: { 200: pushDeviceSchema },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/push/subscriptions/:id",
    summary: "Stop pushes to a device",
    params: idParamSchema,
    responses: { 200: messageSchema },
  }),
} as const;
