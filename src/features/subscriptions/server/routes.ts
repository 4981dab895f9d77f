import type { FastifyInstance } from "fastify";
import type { Deps } from "../../../server/deps.ts";
import { memberOnly, requireUser } from "../../../server/plugins/auth-context.ts";
import { route } from "../../../server/route.ts";
import { adminMemberWorkspaceApi as adminApi } from "../../../shared/contract/admin-member-workspace.ts";
import { subscriptionApi as api } from "../contract.ts";
import { adminCancel, adminCancelPreview, adminPause, adminPausePreview, memberRow } from "./admin-plan.ts";
import { billingOverview } from "./billing.ts";
import { pausePreview, pauseSubscription, resumeSubscription } from "./pause.ts";
import {
  cancelSubscription,
  changeTier,
  reactivateSubscription,
  startPaymentMethodUpdate,
} from "./service.ts";

// Every change of plan runs under the member's row lock: a second change at the same moment gets 409.
export function subscriptionRoutes(app: FastifyInstance, deps: Deps): void {
  const member = { onRequest: memberOnly };
  route(app, api.cancel, member, async (req) => cancelSubscription(deps, requireUser(req), req.body));
  route(app, api.reactivate, member, async (req) => reactivateSubscription(deps, requireUser(req)));
  route(app, api.pausePreview, member, async (req) => pausePreview(deps, requireUser(req)));
  route(app, api.pause, member, async (req) => pauseSubscription(deps, requireUser(req), req.body ?? {}));
  route(app, api.resume, member, async (req) => resumeSubscription(deps, requireUser(req)));
  route(app, api.changeTier, member, async (req) =>
    changeTier(deps, requireUser(req), req.body.tier, req.body.pendingTier),
  );
  route(app, api.updatePaymentMethod, member, async (req) =>
    startPaymentMethodUpdate(deps, requireUser(req)),
  );
  route(app, api.billing, member, async (req) => billingOverview(deps, requireUser(req)));

  // The member page's plan in the back office (every /api/admin/* path is guarded in plugins/auth-context.ts).
  route(app, adminApi.billing, {}, async (req) =>
    billingOverview(deps, await memberRow(deps, req.params.userId)),
  );
  route(app, adminApi.pausePreview, {}, async (req) => adminPausePreview(deps, req.params.userId));
  route(app, adminApi.pause, {}, async (req) => adminPause(deps, req, req.params.userId, req.body ?? {}));
  route(app, adminApi.cancelPreview, {}, async (req) => adminCancelPreview(deps, req.params.userId));
  route(app, adminApi.cancel, {}, async (req) => adminCancel(deps, req, req.params.userId, req.body));
}
