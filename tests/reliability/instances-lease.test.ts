/**
 * Claimed mail on two instances with a slow mail server. The retry job claims a batch of due
 * messages at once, and the completion sweep claims its rating requests in one transaction; both then send one
 * by one. When the sends are slow enough that the rest waits past the claim's lease (STUCK_SENDING_MINUTES),
 * another instance's retry takes those rows over and sends them; the first worker must then leave them alone:
 * each message goes once. Two workers here are two sets of deps (their own mailer) on one database and one
 * clock, the second running inside the first one's slow send.
 */
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDeps } from "../../src/app/server/deps-factory.ts";
import { outboundMessages } from "../../src/server/db/schema.ts";
import { completeDates } from "../../src/server/jobs/dates.ts";
import { registerMailBuilder, retryDueMail, STUCK_SENDING_MINUTES } from "../../src/server/jobs/outbound.ts";
import type { SentMail, Transport } from "../../src/server/modules/email/mailer.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const MIN = 60_000;
/** Each send by the first worker takes a third of the lease or more (a slow mail server). */
const SLOW = Math.ceil(STUCK_SENDING_MINUTES / 3 + 1) * MIN;

/**
 * The first worker's transport: each send takes SLOW; during its third send (by then the rows it claimed at
 * the start are older than the lease) the second worker runs `other`.
 */
function slowTransport(
  sent: Array<{ by: string; key: string }>,
  keyOf: (m: SentMail) => string,
  other: () => Promise<unknown>,
): Transport {
  let sends = 0;
  return {
    kind: "outbox",
    async deliver(mail) {
      sent.push({ by: "first", key: keyOf(mail) });
      t.clock.advance(SLOW);
      if (++sends === 3) await other();
    },
  };
}
const recording = (sent: Array<{ by: string; key: string }>, keyOf: (m: SentMail) => string): Transport => ({
  kind: "outbox",
  async deliver(mail) {
    sent.push({ by: "second", key: keyOf(mail) });
  },
});

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
    const second = createDeps(t.config, t.db, {
      transport: recording(sent, (m) => m.subject),
      now: t.clock.now,
    });
    const first = slowTransport(
      sent,
      (m) => m.subject,
      () => retryDueMail(second),
    );
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

  it("a sweep's claims waiting past the lease for their turn are taken over and not sent again", async () => {
    // Four dates over: completeDates claims the four rating requests in one transaction, then sends them.
    const resIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await t.member();
      const { reservation } = await arrangeDate(t.db, m.user.id, {
        at: new Date(t.clock.now().getTime() - hours(5)),
        status: "revealed",
      });
      resIds.push(reservation.id);
    }
    const sent: Array<{ by: string; key: string }> = [];
    const keyOf = (m: SentMail) => `${m.reservationId}:${m.to}`;
    const second = createDeps(t.config, t.db, { transport: recording(sent, keyOf), now: t.clock.now });
    const first = slowTransport(sent, keyOf, () => retryDueMail(second));
    expect(await completeDates(createDeps(t.config, t.db, { transport: first, now: t.clock.now }))).toBe(4);

    const times = new Map<string, number>();
    for (const s of sent) times.set(s.key, (times.get(s.key) ?? 0) + 1);
    expect(times.size).toBe(4);
    expect([...times.values()]).toEqual([1, 1, 1, 1]);
    expect(sent.filter((s) => s.by === "second")).toHaveLength(1);
    const rows = await t.db.select().from(outboundMessages).where(eq(outboundMessages.kind, "date_rating"));
    expect(rows.filter((r) => resIds.includes(r.reservationId ?? -1)).map((r) => r.status)).toEqual(
      Array(4).fill("sent"),
    );
  });
});
