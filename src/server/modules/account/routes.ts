import type { FastifyInstance } from "fastify";
import { accountApi as api } from "../../../shared/contract/account.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http-error.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { route } from "../../route.ts";
import { clearSessionCookie, endOtherSessions, endSession, listSessions } from "../auth/sessions.ts";
import { deletionPreview, planOfferFor } from "../couples/leaving.ts";
import { removeAllDevices } from "../push/devices.ts";
import { deleteAccount } from "./delete.ts";
import { exportAccount } from "./export.ts";
import { phoneChannels, updatePhoneChannels } from "./notifications.ts";
import { changePassword, updateProfile } from "./service.ts";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from "./two-factor.ts";

export function accountRoutes(app: FastifyInstance, deps: Deps): void {
  const member = { onRequest: memberOnly };

  route(app, api.updateProfile, member, async (req) => updateProfile(deps, requireUser(req), req.body));

  route(app, api.deleteAccount, member, async (req, reply) => {
    await deleteAccount(deps, requireUser(req), req.body);
    clearSessionCookie(reply, deps.config.secureCookies);
    return { message: "Account deleted" };
  });
  route(app, api.deletionPreview, member, async (req) => deletionPreview(deps, requireUser(req)));
  route(app, api.planOffer, member, async (req) => ({
    offer: await planOfferFor(deps, requireUser(req)),
  }));

  route(app, api.exportData, member, async (req, reply) => {
    const data = await exportAccount(deps, requireUser(req));
    const day = deps.now().toISOString().slice(0, 10);
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="unveil-my-data-${day}.json"`)
      .send(JSON.stringify(data, null, 2));
  });

  route(app, api.changePassword, member, async (req) => {
    await changePassword(deps, requireUser(req), req.sessionToken, req.body);
    return { message: "Your password has been changed. Other devices have been signed out." };
  });

  route(app, api.sessions, member, async (req) =>
    listSessions(deps.db, requireUser(req).id, req.sessionToken, deps.now(), deps.config.sessionIdle),
  );
  route(app, api.endSession, member, async (req, reply) => {
    const user = requireUser(req);
    const ended = await endSession(deps.db, user.id, req.params.sessionId, req.sessionToken);
    if (ended === "gone") throw notFound("That device was not found. It may have signed out already.");
    const stillSignedIn = ended === "other";
    if (!stillSignedIn) clearSessionCookie(reply, deps.config.secureCookies);
    return { message: stillSignedIn ? "That device has been signed out." : "You have been signed out." };
  });
  route(app, api.endOtherSessions, member, async (req) => {
    const user = requireUser(req);
    const n = await endOtherSessions(deps.db, user.id, req.sessionToken);
    // Signing out everywhere also stops pushes to every device; this one can opt in again in Notifications.
    await removeAllDevices(deps.db, user.id);
    return {
      message:
        n === 0
          ? "No other devices were signed in."
          : `Signed out of ${n} other ${n === 1 ? "device" : "devices"}.`,
      ended: n,
    };
  });

  route(app, api.notifications, member, async (req) => phoneChannels(deps, requireUser(req).id));
  route(app, api.updateNotifications, member, async (req) =>
    updatePhoneChannels(deps, requireUser(req).id, req.body),
  );

  route(app, api.twoFactorSetup, member, async (req) => startTwoFactorSetup(deps, requireUser(req)));
  route(app, api.twoFactorEnable, member, async (req) =>
    enableTwoFactor(deps, requireUser(req), req.body.code),
  );
  route(app, api.twoFactorDisable, member, async (req) => {
    await disableTwoFactor(deps, requireUser(req), req.body.code);
    return { message: "Two-factor sign-in is off." };
  });
}
