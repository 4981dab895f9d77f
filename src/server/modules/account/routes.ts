import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicUserSchema, sessionInfoSchema } from "../../../shared/api-types.ts";
import { deleteAccountSchema, deletionPreviewSchema } from "../../../shared/leaving.ts";
import {
  accountExportSchema,
  otherSessionsEndedSchema,
  planOfferAnswerSchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
} from "../../../shared/schemas/account.ts";
import {
  changePasswordSchema,
  twoFactorCodeSchema,
  updateProfileSchema,
} from "../../../shared/schemas/member.ts";
import { phoneChannelsSchema, updatePhoneChannelsSchema } from "../../../shared/schemas/push.ts";
import { jsonFileResponse, messageSchema } from "../../../shared/schemas/responses.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http-error.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { clearSessionCookie, endOtherSessions, endSession, listSessions } from "../auth/sessions.ts";
import { deletionPreview, planOfferFor } from "../couples/leaving.ts";
import { removeAllDevices } from "../push/devices.ts";
import { deleteAccount } from "./delete.ts";
import { exportAccount } from "./export.ts";
import { phoneChannels, updatePhoneChannels } from "./notifications.ts";
import { changePassword, updateProfile } from "./service.ts";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from "./two-factor.ts";

export function accountRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    "/api/auth/user",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Change the member's profile and notification settings",
        body: updateProfileSchema,
        response: { 200: publicUserSchema },
        // The new address belongs to another account.
        errors: [409, 429],
      },
    },
    async (req) => updateProfile(deps, requireUser(req), req.body),
  );

  // Deleting needs the password (and the two-step code when on); the preview says first what it will do.
  r.delete(
    "/api/auth/user",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Delete the account",
        body: deleteAccountSchema,
        response: { 200: messageSchema },
        // The last admin cannot leave.
        errors: [409, 429, 502],
      },
    },
    async (req, reply) => {
      await deleteAccount(deps, requireUser(req), req.body);
      clearSessionCookie(reply, deps.config.secureCookies);
      return { message: "Account deleted" };
    },
  );
  r.get(
    "/api/auth/user/deletion-preview",
    {
      onRequest: memberOnly,
      schema: { summary: "What deleting the account would do", response: { 200: deletionPreviewSchema } },
    },
    async (req) => deletionPreview(deps, requireUser(req)),
  );
  // The membership offered to a partner whose plan holder left (a banner on the dashboard and settings).
  r.get(
    "/api/account/plan-offer",
    {
      onRequest: memberOnly,
      schema: {
        summary: "A membership offered after the plan holder left",
        response: { 200: planOfferAnswerSchema },
      },
    },
    async (req) => ({
      offer: await planOfferFor(deps, requireUser(req)),
    }),
  );

  r.get(
    "/api/account/export",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Download everything we hold about the member",
        // A file download: the text is built and sent as it is (export.ts decides what it holds); the
        // document says what the JSON file holds. At most 10 an hour.
        response: { 200: jsonFileResponse(accountExportSchema, "The member's data as a JSON file") },
        errors: [429],
      },
    },
    async (req, reply) => {
      const data = await exportAccount(deps, requireUser(req));
      const day = deps.now().toISOString().slice(0, 10);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="unveil-my-data-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  r.post(
    "/api/account/password",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Change the password",
        body: changePasswordSchema,
        response: { 200: messageSchema },
        // The password was changed elsewhere meanwhile.
        errors: [409, 429],
      },
    },
    async (req) => {
      await changePassword(deps, requireUser(req), req.sessionToken, req.body);
      return { message: "Your password has been changed. Other devices have been signed out." };
    },
  );

  // Signed-in devices: each member sees their own live sessions and can end any of the others.
  r.get(
    "/api/account/sessions",
    {
      onRequest: memberOnly,
      schema: { summary: "Signed-in devices", response: { 200: z.array(sessionInfoSchema) } },
    },
    async (req) =>
      listSessions(deps.db, requireUser(req).id, req.sessionToken, deps.now(), deps.config.sessionIdle),
  );
  r.delete(
    "/api/account/sessions/:sessionId",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Sign out one device",
        params: z.object({ sessionId: z.uuid("That device was not found.") }),
        response: { 200: messageSchema },
      },
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
  r.delete(
    "/api/account/sessions",
    {
      onRequest: memberOnly,
      schema: { summary: "Sign out every other device", response: { 200: otherSessionsEndedSchema } },
    },
    async (req) => {
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
    },
  );

  r.get(
    "/api/account/notifications",
    {
      onRequest: memberOnly,
      schema: { summary: "The push and teaser-clue switches", response: { 200: phoneChannelsSchema } },
    },
    async (req) => phoneChannels(deps, requireUser(req).id),
  );
  r.patch(
    "/api/account/notifications",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Change the push and teaser-clue switches",
        body: updatePhoneChannelsSchema,
        response: { 200: phoneChannelsSchema },
      },
    },
    async (req) => updatePhoneChannels(deps, requireUser(req).id, req.body),
  );

  r.post(
    "/api/account/2fa/setup",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Start setting up two-step sign-in",
        response: { 200: twoFactorSetupSchema },
        // Two-step sign-in is already on.
        errors: [409],
      },
    },
    async (req) => startTwoFactorSetup(deps, requireUser(req)),
  );
  r.post(
    "/api/account/2fa/enable",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Turn two-step sign-in on",
        body: twoFactorCodeSchema,
        response: { 200: twoFactorEnabledSchema },
        // Already on, or the set-up changed meanwhile.
        errors: [409, 429],
      },
    },
    async (req) => enableTwoFactor(deps, requireUser(req), req.body.code),
  );
  r.post(
    "/api/account/2fa/disable",
    {
      onRequest: memberOnly,
      schema: {
        summary: "Turn two-step sign-in off",
        body: twoFactorCodeSchema,
        response: { 200: messageSchema },
        // Ten codes an hour.
        errors: [429],
      },
    },
    async (req) => {
      await disableTwoFactor(deps, requireUser(req), req.body.code);
      return { message: "Two-factor sign-in is off." };
    },
  );
}
