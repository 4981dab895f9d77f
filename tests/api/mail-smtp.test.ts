import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { emailLogs } from "../../src/server/db/schema.ts";
import { smtpTransport } from "../../src/server/modules/email/mailer.ts";
import { createTestApp, eventually } from "../helpers/app.ts";
import { freePort } from "../helpers/free-port.ts";

interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
  listUnsubscribe: string | null;
}
const inbox: Received[] = [];
let refuse = false;

// A real SMTP server on loopback: the app talks SMTP to it exactly as it would to a provider.
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onRcptTo(_address, _session, cb) {
    if (refuse) return cb(new Error("Mailbox unavailable"));
    cb();
  },
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", async () => {
      const parsed = await PostalMime.parse(Buffer.concat(chunks));
      inbox.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: parsed.html ?? "",
        listUnsubscribe: parsed.headers.find((h) => h.key === "list-unsubscribe")?.value ?? null,
      });
      cb();
    });
  },
});
const port = await freePort();
await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const t = await createTestApp({ transport: smtpTransport(`smtp://127.0.0.1:${port}`) });
const post = (url: string, payload: unknown) =>
  t.request({
    method: "POST",
    url,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

describe("mail over SMTP", () => {
  it("delivers the reset mail and the link in it resets the password", async () => {
    const m = await t.member();
    expect((await post("/api/forgot-password", { email: m.user.email })).statusCode).toBe(200);
    const mail = await eventually(() => inbox.find((x) => x.to.includes(m.user.email)));
    expect(mail.subject).toBe("Reset your Unveil password");
    expect(mail.html).toContain("Choose a new password");
    expect(mail.listUnsubscribe).toBeNull();
    const link = /http:\/\/localhost:5000\/auth\?token=([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const reset = await post("/api/reset-password", { token: link![1], password: "from-the-mail-123" });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post("/api/login", { email: m.user.email, password: "from-the-mail-123" })).statusCode,
    ).toBe(200);
    const [log] = await t.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, m.user.email));
    expect(log).toMatchObject({
      emailType: "password_reset",
      status: "sent",
      subject: mail.subject,
      userId: m.user.id,
      errorMessage: null,
    });
  });

  it("sends verification and welcome mail on registration, as HTML and text", async () => {
    const email = "smtp-new@example.com";
    await post("/api/register", { email, password: "long-enough-pass", firstName: "Jo", lastName: "March" });
    const got = await eventually(() => {
      const mine = inbox.filter((x) => x.to.includes(email));
      return mine.length >= 2 ? mine : null;
    });
    expect(got.map((x) => x.subject).sort()).toEqual([
      "Confirm your e-mail address for Unveil",
      "Welcome to Unveil",
    ]);
    for (const x of got) {
      expect(x.text.length).toBeGreaterThan(50);
      expect(x.html).toContain("<html");
    }
  });

  it("marketing mail carries List-Unsubscribe with the settings page", async () => {
    const to = "news-reader@example.com";
    await t.deps.mailer.send({
      to,
      subject: "News",
      html: "<p>News</p>",
      text: "News",
      type: "campaign",
      listUnsubscribe: "http://localhost:5000/settings?tab=notifications",
    });
    const mail = await eventually(() => inbox.find((x) => x.to.includes(to)));
    expect(mail.listUnsubscribe).toBe("<http://localhost:5000/settings?tab=notifications>");
  });

  it("records a failed delivery with its error and still answers the member normally", async () => {
    const m = await t.member();
    refuse = true;
    try {
      expect((await post("/api/forgot-password", { email: m.user.email })).statusCode).toBe(200);
      const log = await eventually(
        async () =>
          (await t.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, m.user.email)))[0],
      );
      expect(log.status).toBe("failed");
      expect(log.errorMessage).toMatch(/Mailbox unavailable/);
    } finally {
      refuse = false;
    }
  });
});
