import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteAccountSchema } from "../../../shared/leaving.ts";
import {
  changePasswordSchema,
  twoFactorCodeSchema,
  updateProfileSchema,
} from "../../../shared/schemas/member.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http-error.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { clearSessionCookie, endOtherSessions, endSession, listSessions } from "../auth/sessions.ts";
import { deletionPreview, planOfferFor } from "../couples/leaving.ts";
import { deleteAccount } from "./delete.ts";
import { exportAccount } from "./export.ts";
import { changePassword, updateProfile } from "./service.ts";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from "./two-factor.ts";

export function accountRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch("/api/auth/user", { onRequest: memberOnly, schema: { body: updateProfileSchema } }, async (req) =>
    updateProfile(deps, requireUser(req), req.body),
  );

  // Deleting needs the password (and the two-step code when on); the preview says first what it will do.
  r.delete(
    "/api/auth/user",
    { onRequest: memberOnly, schema: { body: deleteAccountSchema } },
    async (req, reply) => {
      await deleteAccount(deps, requireUser(req), req.body);
      clearSessionCookie(reply, deps.config.secureCookies);
      return { message: "Account deleted" };
    },
  );
  r.get("/api/auth/user/deletion-preview", { onRequest: memberOnly }, async (req) =>
    deletionPreview(deps, requireUser(req)),
  );
  // The membership offered to a partner whose plan holder left (a banner on the dashboard and settings).
  r.get("/api/account/plan-offer", { onRequest: memberOnly }, async (req) => ({
    offer: await planOfferFor(deps, requireUser(req)),
  }));

  r.get("/api/account/export", { onRequest: memberOnly }, async (req, reply) => {
    const data = await exportAccount(deps, requireUser(req));
    const day = deps.now().toISOString().slice(0, 10);
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="unveil-my-data-${day}.json"`)
      .send(JSON.stringify(data, null, 2));
  });

  r.post(
    "/api/account/password",
    { onRequest: memberOnly, schema: { body: changePasswordSchema } },
    async (req) => {
      await changePassword(deps, requireUser(req), req.sessionToken, req.body);
      return { message: "Your password has been changed. Other devices have been signed out." };
    },
  );

  // Signed-in devices: each member sees their own live sessions and can end any of the others.
  r.get("/api/account/sessions", { onRequest: memberOnly }, async (req) =>
    listSessions(deps.db, requireUser(req).id, req.sessionToken, deps.now(), deps.config.sessionIdle),
  );
  r.delete(
    "/api/account/sessions/:sessionId",
    {
      onRequest: memberOnly,
      schema: { params: z.object({ sessionId: z.uuid("That device was not found.") }) },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const ended = await endSession(deps.db, user.id, req.params.sessionId, req.sessionToken);
      if (ended === "gone") throw notFound("That device was not found. It may have signed out already.");
      const stillSignedIn = ended === "other";
      if (!stillSignedIn) clearSessionCookie(reply, deps.config.secureCookies);
      return { message: stillSignedIn ? "That device has been signed out." : "You have been signed out." };
    },
  );
  r.delete("/api/account/sessions", { onRequest: memberOnly }, async (req) => {
    const n = await endOtherSessions(deps.db, requireUser(req).id, req.sessionToken);
    return {
      message:
        n === 0
          ? "No other devices were signed in."
          : `Signed out of ${n} other ${n === 1 ? "device" : "devices"}.`,
      ended: n,
    };
  });

  r.post("/api/account/2fa/setup", { onRequest: memberOnly }, async (req) =>
    startTwoFactorSetup(deps, requireUser(req)),
  );
  r.post(
    "/api/account/2fa/enable",
    { onRequest: memberOnly, schema: { body: twoFactorCodeSchema } },
    async (req) => enableTwoFactor(deps, requireUser(req), req.body.code),
  );
  r.post(
    "/api/account/2fa/disable",
    { onRequest: memberOnly, schema: { body: twoFactorCodeSchema } },
    async (req) => {
      await disableTwoFactor(deps, requireUser(req), req.body.code);
      return { message: "Two-factor sign-in is off." };
    },
  );
}
