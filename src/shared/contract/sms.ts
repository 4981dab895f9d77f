/**
 * Twilio's calls to us: delivery receipts and replies, form-encoded and signed (X-Twilio-Signature over the
 * public URL it called, and the sorted parameters). Both answer empty TwiML, so Twilio sends no reply of its
 * own. The form is read and checked by the handler (server/modules/sms/routes.ts), not by a body schema.
 */
import { fileResponse } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

const response = { 200: fileResponse("text/xml", "Empty TwiML: `<Response/>`") };

export const smsApi = {
  /** Where Twilio reports delivery; signed like every request it makes to us. */
  status: endpoint({
    method: "POST",
    path: "/api/webhooks/sms/status",
    summary: "Text delivery receipts from Twilio (signed with X-Twilio-Signature)",
    description:
      "Form-encoded MessageSid, MessageStatus and ErrorCode. A receipt older than the message's status, or for an unknown message, changes nothing.",
    responses: response,
    errors: [403, 415],
  }),
  /** Where Twilio forwards replies (set as the number's "A message comes in" webhook). */
  inbound: endpoint({
    method: "POST",
    path: "/api/webhooks/sms/inbound",
    summary: "Replies to our texts from Twilio (signed with X-Twilio-Signature)",
    description:
      "Form-encoded From and Body. STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT turns texts off for the member with that number; START or UNSTOP turns them back on after a STOP. Anything else is ignored.",
    responses: response,
    errors: [403, 415],
  }),
} as const;
