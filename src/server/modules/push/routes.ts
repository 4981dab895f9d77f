/** Web push: the VAPID public key, and the member's devices (opt in, list, rename, remove). */
import type { FastifyInstance } from "fastify";
import { pushApi as api } from "../../../shared/contract/push.ts";
import { PUSH_MSG } from "../../../shared/schemas/push.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http-error.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { route } from "../../route.ts";
import { listDevices, removeDevice, renameDevice, saveDevice } from "./devices.ts";

export function pushRoutes(app: FastifyInstance, deps: Deps): void {
  const member = { onRequest: memberOnly };

  route(app, api.key, {}, async () => {
    if (!deps.config.vapid) throw notFound(PUSH_MSG.notSetUp);
    return { publicKey: deps.config.vapid.publicKey };
  });

  route(app, api.subscribe, member, async (req) =>
    saveDevice(deps, requireUser(req).id, req.body, req.headers["user-agent"]),
  );

  route(app, api.devices, member, async (req) => listDevices(deps, requireUser(req).id, req.query.endpoint));

  route(app, api.rename, member, async (req) =>
    renameDevice(deps, requireUser(req).id, req.params.id, req.body.label, req.query.endpoint),
  );

  route(app, api.remove, member, async (req) => {
    await removeDevice(deps, requireUser(req).id, req.params.id);
    return { message: "That device will not get notifications any more." };
  });
}
