import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type net from "node:net";

/**
 * A local stand-in for Twilio's Messages API: POST /2010-04-01/Accounts/{Sid}/Messages.json, form-encoded with
 * Basic credentials, answering 201 with the message resource or Twilio's JSON error shape
 * ({ code, message, more_info, status }). It calls the app back the way Twilio does: delivery receipts to each
 * message's StatusCallback and replies to the inbound URL, form-encoded and signed with X-Twilio-Signature
 * (computed here independently of the app's own check).
 */
export interface FakeMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  status: string;
}

export async function startFakeTwilio(opts: { accountSid?: string; authToken?: string } = {}) {
  const accountSid = opts.accountSid ?? `AC${randomBytes(16).toString("hex")}`;
  const authToken = opts.authToken ?? randomBytes(16).toString("hex");
  const messages: FakeMessage[] = [];
  const requests: Array<{ path: string; auth: string | undefined; form: Record<string, string> }> = [];
  /** Numbers that replied STOP at the carrier: Twilio refuses to text them (error 21610). */
  const unsubscribed = new Set<string>();
  /** Numbers whose next send fails with this error (e.g. a carrier outage). */
  const failures = new Map<string, { status: number; code: number; message: string }>();

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      requests.push({ path, auth: req.headers.authorization, form });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const error = (status: number, code: number, message: string) =>
        send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

      const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (req.method !== "POST" || !m) return error(404, 20404, "The requested resource was not found");
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
      if (req.headers.authorization !== expected) return error(401, 20003, "Authenticate");
      if (decodeURIComponent(m[1]) !== accountSid)
        return error(404, 20404, `The requested resource ${path} was not found`);
      if (!form.To) return error(400, 21604, "A 'To' phone number is required.");
      if (!form.From && !form.MessagingServiceSid)
        return error(400, 21603, "A 'From' phone number is required.");
      if (!form.Body) return error(400, 21602, "Message body is required.");
      if (!/^\+[1-9]\d{7,14}$/.test(form.To))
        return error(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`);
      if (form.Body.length > 1600)
        return error(400, 21617, "The concatenated message body exceeds the 1600 character limit.");
      if (form.StatusCallback && !/^https?:\/\//.test(form.StatusCallback))
        return error(400, 21609, "Invalid StatusCallback");
      if (unsubscribed.has(form.To)) return error(400, 21610, "Attempt to send to unsubscribed recipient");
      const failure = failures.get(form.To);
      if (failure) {
        failures.delete(form.To);
        return error(failure.status, failure.code, failure.message);
      }
      const msg: FakeMessage = {
        sid: `SM${randomBytes(16).toString("hex")}`,
        to: form.To,
        from: form.From ?? null,
        messagingServiceSid: form.MessagingServiceSid ?? null,
        body: form.Body,
        statusCallback: form.StatusCallback ?? null,
        status: "queued",
      };
      messages.push(msg);
      send(201, {
        sid: msg.sid,
        account_sid: accountSid,
        to: msg.to,
        from: msg.from,
        messaging_service_sid: msg.messagingServiceSid,
        body: msg.body,
        status: msg.status,
        num_segments: "1",
        direction: "outbound-api",
        api_version: "2010-04-01",
        date_created: new Date().toUTCString(),
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${msg.sid}.json`,
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;

  /** Twilio's signature: base64 HMAC-SHA1 of the URL followed by each parameter (sorted by name) as name+value. */
  const signature = (url: string, params: Record<string, string>, token = authToken) =>
    createHmac("sha1", token)
      .update(url)
      .update(
        Object.keys(params)
          .sort()
          .map((k) => k + params[k])
          .join(""),
      )
      .digest("base64");

  /** POSTs a signed form to the app as Twilio would; `badSignature` signs with another token. */
  async function callApp(url: string, params: Record<string, string>, o: { badSignature?: boolean } = {}) {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": signature(url, params, o.badSignature ? `${authToken}x` : authToken),
        "user-agent": "TwilioProxy/1.1",
      },
      body: new URLSearchParams(params),
    });
    return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    requests,
    unsubscribed,
    failures,
    signature,
    /** The message's delivery receipt, sent to its StatusCallback. */
    async deliver(sid: string, status = "delivered", o: { errorCode?: string; badSignature?: boolean } = {}) {
      const msg = messages.find((x) => x.sid === sid);
      if (!msg?.statusCallback) throw new Error(`no message ${sid} with a StatusCallback`);
      msg.status = status;
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
        From: msg.from ?? "+447000000000",
        To: msg.to,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        ...(o.errorCode && { ErrorCode: o.errorCode }),
      };
      return callApp(msg.statusCallback, params, o);
    },
    /** A member's reply, sent to the number's inbound webhook. */
    async reply(inboundUrl: string, from: string, body: string, o: { badSignature?: boolean } = {}) {
      const sid = `SM${randomBytes(16).toString("hex")}`;
      return callApp(
        inboundUrl,
        {
          AccountSid: accountSid,
          ApiVersion: "2010-04-01",
          MessageSid: sid,
          SmsSid: sid,
          SmsMessageSid: sid,
          From: from,
          To: "+447000000000",
          Body: body,
          NumMedia: "0",
          NumSegments: "1",
        },
        o,
      );
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
