import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { subscribe } from "../helpers/subscribe.ts";

/** After payment, the dashboard and the welcome e-mail say when the first date will be booked. */
const t = await createTestApp();
t.clock.set("2026-11-25T10:00:00Z"); // a Wednesday: booked by Friday 27 November

const stats = async (as: SignedIn) =>
  (await t.request({ method: "GET", url: "/api/dates/stats", as })).json() as {
    firstDateBookedBy: string | null;
  };

describe("the first-month promise", () => {
  it("is on the new member's dashboard and in their welcome e-mail", async () => {
    const m = await t.member();
    expect((await stats(m)).firstDateBookedBy).toBeNull(); // no plan, no promise
    await subscribe(t, m, "silver");
    expect((await stats(m)).firstDateBookedBy).toBe("Friday 27 November");
    const welcome = t.mail.find((x) => x.to === m.user.email && x.type === "subscription_confirmed");
    expect(welcome?.text).toContain("your first date will be booked by Friday 27 November");
    expect(welcome?.text).toContain('Look out for an e-mail titled "Save the evening"');
  });

  it("is the couple's: the linked partner sees the same day", async () => {
    const holder = await t.member();
    await subscribe(t, holder, "gold");
    const partner = await t.member({ partnerId: holder.user.id });
    await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, holder.user.id));
    expect((await stats(partner)).firstDateBookedBy).toBe("Friday 27 November");
  });

  it("gives way once a date is booked, and is not repeated after its day", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    const other = await t.member();
    await subscribe(t, other, "gold");
    await arrangeDate(t.db, m.user.id, { at: new Date(t.clock.now().getTime() + hours(96)) });
    expect((await stats(m)).firstDateBookedBy).toBeNull();
    t.clock.set("2026-11-28T09:00:00Z");
    expect((await stats(other)).firstDateBookedBy).toBeNull();
    t.clock.set("2026-11-25T10:00:00Z");
  });

  it("is not promised to a visitor", async () => {
    expect((await t.request({ method: "GET", url: "/api/dates/stats" })).statusCode).toBe(401);
  });
});
