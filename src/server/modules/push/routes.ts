/** Web push: the VAPID public key, and the member's devices (opt in, list, rename, remove). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamSchema } from "../../../shared/schemas/member.ts";
import {
  PUSH_MSG,
  pushDeviceSchema,
  pushDevicesQuerySchema,
  pushDevicesSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  renamePushDeviceSchema,
} from "../../../shared/schemas/push.ts";
import { messageSchema } from "../../../shared/schemas/responses.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http-error.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { listDevices, removeDevice, renameDevice, saveDevice } from "./devices.ts";

export function pushRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public by design: the browser needs it (as applicationServerKey) before it can subscribe.
  r.get(
    "/api/push/key",
    {
      schema: { summary: "The web push (VAPID) public key", response: { 200: pushKeySchema }, errors: [404] },
    },
    async () => {
      if (!deps.config.vapid) throw notFound(PUSH_MSG.notSetUp);
      return { publicKey: deps.config.vapid.publicKey };
    },
  );

  r.post(
    "/api/push/subscriptions",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Turn push on for this device (the browser's PushSubscription)",
        body: pushSubscriptionSchema,
        response: { 200: pushDeviceSchema },
      },
    },
    async (req) => saveDevice(deps, requireUser(req).id, req.body, req.headers["user-agent"]),
  );

  r.get(
    "/api/push/subscriptions",
    {
      onRequest: memberOnly,
      schema: {
        summary: "The member's push devices (endpoint: this browser's, to mark it)",
        querystring: pushDevicesQuerySchema,
        response: { 200: pushDevicesSchema },
      },
    },
    async (req) => listDevices(deps, requireUser(req).id, req.query.endpoint),
  );

  r.patch(
    "/api/push/subscriptions/:id",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Rename a push device",
        params: idParamSchema,
        querystring: pushDevicesQuerySchema,
        body: renamePushDeviceSchema,
        response: { 200: pushDeviceSchema },
      },
    },
    async (req) => renameDevice(deps, requireUser(req).id, req.params.id, req.body.label, req.query.endpoint),
  );

  r.delete(
    "/api/push/subscriptions/:id",
    {
      onRequest: memberOnly,
      schema: { summary: "Stop pushes to a device", params: idParamSchema, response: { 200: messageSchema } },
    },
    async (req) => {
      await removeDevice(deps, requireUser(req).id, req.params.id);
      return { message: "That device will not get notifications any more." };
    },
  );
}
