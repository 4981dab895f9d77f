/**
 * Twilio's Messages API, spoken directly over HTTP (no SDK): POST /2010-04-01/Accounts/{Sid}/Messages.json,
 * form-encoded, with the account SID and auth token as Basic credentials. Twilio answers 201 with the message
 * (its `sid` and first `status`), or a 4xx with `{ code, message, more_info, status }`.
 */
import { z } from "zod";
import { SmsProviderError, type SmsSender } from "./sender.ts";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sender number or alphanumeric id; or the messaging service below. */
  from?: string;
  messagingServiceSid?: string;
  /** https://api.twilio.com, or a local fake in tests. */
  apiBase: string;
}

/** A provider that does not answer within this time is a failed text (the sweep goes on). */
const TIMEOUT_MS = 10_000;

const created = z.object({ sid: z.string().min(1).max(64), status: z.string().max(20) });
const refused = z.object({ code: z.coerce.string().optional(), message: z.string().optional() });

export function twilioSms(cfg: TwilioConfig): SmsSender {
  const url = `${cfg.apiBase.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString("base64")}`;
  return {
    kind: "twilio",
    async send({ to, body, statusCallback }) {
      const form = new URLSearchParams({ To: to, Body: body, StatusCallback: statusCallback });
      if (cfg.messagingServiceSid) form.set("MessagingServiceSid", cfg.messagingServiceSid);
      else if (cfg.from) form.set("From", cfg.from);
      const res = await fetch(url, {
        method: "POST",
        headers: {
          authorization: auth,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const json: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const err = refused.safeParse(json);
        const code = (err.success && err.data.code) || String(res.status);
        const message = (err.success && err.data.message) || `Twilio answered ${res.status}`;
        throw new SmsProviderError(message, code.slice(0, 20));
      }
      const ok = created.safeParse(json);
      if (!ok.success) throw new SmsProviderError("Twilio's answer has no message sid", String(res.status));
      return { providerId: ok.data.sid, status: ok.data.status };
    },
  };
}
