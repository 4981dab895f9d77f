/**
 * Twilio's calls to us: delivery receipts and replies, form-encoded and signed (X-Twilio-Signature over the
 * public URL it called, from APP_URL, and the sorted parameters). A missing or wrong signature is 403 and
 * changes nothing; so is every call while texts go to the outbox (there is no auth token to check against).
 * Both answer empty TwiML, so Twilio sends no reply of its own.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { smsApi as api } from "../../../shared/contract/sms.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http-error.ts";
import { route } from "../../route.ts";
import { twilioSignatureValid } from "./signature.ts";
import { applyReply, applyStatus, inboundSchema, statusCallbackSchema } from "./webhooks.ts";

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

const FORM = "application/x-www-form-urlencoded";

export async function smsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(FORM, { parseAs: "string", bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    /** The form's fields once the signature holds; 403 otherwise, 400 when a field is missing or wrong. */
    function verified(req: FastifyRequest): Record<string, string> {
      const form = String(req.headers["content-type"] ?? "").startsWith(FORM);
      const params = form ? (req.body as Record<string, string>) : {};
      const header = req.headers["x-twilio-signature"];
      const signature = Array.isArray(header) ? header[0] : header;
      const token = deps.config.sms.provider === "twilio" ? deps.config.sms.authToken : undefined;
      if (!twilioSignatureValid(token, `${deps.config.appUrl}${req.url}`, params, signature))
        throw new HttpError(403, "Invalid webhook signature");
      if (!form) throw new HttpError(415, "Unsupported content type");
      return params;
    }

    function parse<S extends z.ZodType>(schema: S, v: unknown): z.output<S> {
      const parsed = schema.safeParse(v);
      if (parsed.success) return parsed.data;
      throw new HttpError(
        400,
        "Malformed webhook body",
        {},
        parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
      );
    }

    const twiml = (reply: FastifyReply) => reply.code(200).type("text/xml").send(EMPTY_TWIML);

    route(scope, api.status, {}, async (req, reply) => {
      await applyStatus(deps, parse(statusCallbackSchema, verified(req)));
      return twiml(reply);
    });

    route(scope, api.inbound, {}, async (req, reply) => {
      await applyReply(deps, parse(inboundSchema, verified(req)));
      return twiml(reply);
    });
  });
}
