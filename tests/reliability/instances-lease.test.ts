/**
 * The mail retry on two instances with a slow mail server (issue #7, item 3). The retry job claims a batch of
 * due messages at once and sends them one by one; when one send is slow enough that the rest of the batch waits
 * past the claim's lease (STUCK_SENDING_MINUTES), another instance's retry takes those rows over and sends them.
 * The first worker must then leave them alone: each message goes once. Two workers here are two sets of deps
 * (their own mailer) on one database and one clock, the second running inside the first one's slow send.
 */
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboundMessages } from "../../src/server/db/schema.ts";
import { createDeps } from "../../src/server/deps-factory.ts";
import { registerMailBuilder, retryDueMail, STUCK_SENDING_MINUTES } from "../../src/server/jobs/outbound.ts";
import type { SentMail, Transport } from "../../src/server/modules/email/mailer.ts";
import { createTestApp } from "../helpers/app.ts";

const t = await createTestApp();
const MIN = 60_000;

registerMailBuilder("test_lease", async (row) => ({
  to: `${row.key.split(":")[1]}@lease.example`,
  subject: row.key,
  html: "<p>hi</p>",
  text: "hi",
  type: "test_lease",
}));

describe("retry-mail on two instances", () => {
  it("rows a slow batch waited on past the lease are sent by the instance that took them over, once", async () => {
    const now = t.clock.now();
    const keys = ["lease:1", "lease:2", "lease:3", "lease:4"];
    await t.db.insert(outboundMessages).values(
      keys.map((key) => ({
        key,
        kind: "test_lease",
        userId: null,
        status: "failed",
        attempts: 1,
        nextAttemptAt: new Date(now.getTime() - MIN),
        claimedAt: new Date(now.getTime() - 10 * MIN),
      })),
    );

    const sent: Array<{ by: string; key: string }> = [];
    const second: Transport = {
      kind: "outbox",
      async deliver(mail: SentMail) {
        sent.push({ by: "second", key: mail.subject });
      },
    };
    // Each send takes a third of the lease or more (a slow server): by the third, the batch claimed at the
    // start is older than the lease, and the other instance's retry runs while that send is still going.
    const slow = Math.ceil(STUCK_SENDING_MINUTES / 3 + 1) * MIN;
    let sends = 0;
    const first: Transport = {
      kind: "outbox",
      async deliver(mail: SentMail) {
        sent.push({ by: "first", key: mail.subject });
        t.clock.advance(slow);
        if (++sends === 3) {
          await retryDueMail(createDeps(t.config, t.db, { transport: second, now: t.clock.now }));
        }
      },
    };
    await retryDueMail(createDeps(t.config, t.db, { transport: first, now: t.clock.now }));

    // The one being sent had its claim renewed when its turn came, so it stays with the first worker; the
    // one still waiting was taken over, and the first worker then left it alone.
    expect(sent).toEqual([
      { by: "first", key: "lease:1" },
      { by: "first", key: "lease:2" },
      { by: "first", key: "lease:3" },
      { by: "second", key: "lease:4" },
    ]);
    const rows = await t.db.select().from(outboundMessages).where(like(outboundMessages.key, "lease:%"));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 2)).toBe(true);
    await t.db.delete(outboundMessages).where(eq(outboundMessages.kind, "test_lease"));
  });
});
