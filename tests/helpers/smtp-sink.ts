/**
 * A real SMTP server on loopback for a test file: the app talks SMTP to it as it would to a provider, and the
 * test reads what arrived (parsed with postal-mime).
 */
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port.ts";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export async function startSmtpSink(): Promise<{
  url: string;
  inbox: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
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
        });
        cb();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
