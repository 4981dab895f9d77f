/**
 * The venue is asked, and answers: a booking request by e-mail (a real SMTP server on loopback) once a date is
 * booked and its undo window has passed; the venue's single-use link (GET, confirm, decline, propose); the
 * reminder, the escalation, the cancellation; a declined date re-planned elsewhere on the same evening; a date
 * revealed only once its venue confirmed; a move in place.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dateReservations,
  users,
  userVenueExclusions,
  venueBookings,
  venues,
} from "../../src/server/db/schema.ts";
import { revealDates } from "../../src/server/jobs/dates.ts";
import { smtpTransport } from "../../src/server/modules/email/mailer.ts";
import { runVenueBookings } from "../../src/server/modules/venue-bookings/requests.ts";
import { UNDO_WINDOW_MS } from "../../src/shared/constants.ts";
import { VENUE_BOOKING_MSG } from "../../src/shared/venue-bookings.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());
const t = await createTestApp({ transport: smtpTransport(sink.url) });
const NOW = new Date("2026-11-20T09:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Friday 27 November 2026, 19:00 London (GMT). */
const AT = new Date("2026-11-27T19:00:00Z");
let admin: SignedIn;

beforeAll(async () => {
  t.clock.set(NOW);
  admin = await t.admin();
});

let k = 0;
/** A couple (the member, and a linked partner with needs of their own), ready to be booked. */
async function couple(memberNeeds: string[] = ["Vegan"], partnerNeeds: string[] = ["Gluten-free"]) {
  k++;
  const m = await t.member({ firstName: "Ada", lastName: `Okafor${k}`, phone: "07700 900123" });
  const p = await t.member({ firstName: "Ben", lastName: `Lindqvist${k}` });
  await givePreferences(t.db, m.user.id, { dietaryRestrictions: memberNeeds });
  await givePreferences(
    t.db,
    p.user.id,
    { dietaryRestrictions: partnerNeeds },
    { subscriptionStatus: null, subscriptionTier: null },
  );
  await t.db.update(users).set({ partnerId: p.user.id }).where(eq(users.id, m.user.id));
  await t.db.update(users).set({ partnerId: m.user.id }).where(eq(users.id, p.user.id));
  return { m, p };
}

async function venue(name: string, extra: Partial<typeof venues.$inferInsert> = {}) {
  const { venue: v, idea } = await matchVenue(t.db, { name, dietary: ["Vegan", "Gluten-free"] });
  await t.db
    .update(venues)
    .set({ bookingEmail: `bookings+${v.id}@venue.example`, bookingContactName: "Sam", ...extra })
    .where(eq(venues.id, v.id));
  return { venue: v, idea: idea! };
}

const assign = (userId: number, venueId: number, at = AT, as: SignedIn | undefined = admin) =>
  t.request({
    method: "POST",
    url: "/api/admin/assignments",
    as,
    payload: { userId, venueId, scheduledDate: at.toISOString() },
  });

/** Past the undo window, then the venue-bookings sweep. */
async function sweep() {
  t.clock.advance(UNDO_WINDOW_MS + 1000);
  await runVenueBookings(t.deps);
}

const mailTo = (venueId: number) =>
  sink.inbox.filter((m) => m.to.includes(`bookings+${venueId}@venue.example`));
const tokenIn = (text: string) => /\/venue-booking\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
const link = (token: string, action = "") => `/api/venue-bookings/${token}${action ? `/${action}` : ""}`;
const assignment = async (id: number) =>
  (await t.request({ method: "GET", url: "/api/admin/assignments", as: admin }))
    .json()
    .find((a: { id: number }) => a.id === id);

/** A couple booked at a new venue on AT, the request sent: the date's id and the link's token. */
async function askedVenue(name: string) {
  t.clock.set(NOW);
  const { m, p } = await couple();
  const { venue: v } = await venue(name);
  const id = (await assign(m.user.id, v.id)).json().id as number;
  await sweep();
  const token = tokenIn(mailTo(v.id)[0].text)!;
  return { m, p, v, id, token };
}

describe("the booking request", () => {
  it("goes to the venue's booking e-mail once the undo window has passed, with what it needs and nothing else", async () => {
    t.clock.set(NOW);
    const { m, p } = await couple();
    const { venue: v } = await venue("Request Kitchen");
    const res = await assign(m.user.id, v.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().venueBooking).toMatchObject({
      status: "requested",
      reference: null,
      requestedAt: null,
    });
    await runVenueBookings(t.deps);
    expect(mailTo(v.id)).toHaveLength(0); // still inside the undo window
    await sweep();
    const mails = mailTo(v.id);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail.subject).toBe("Booking request for 2 on Friday 27 November 2026, 19:00");
    expect(mail.text).toContain("Hello Sam,");
    expect(mail.text).toContain("Party: 2 guests");
    expect(mail.text).toContain(`Booking name: Okafor${k} / Lindqvist${k}`);
    expect(mail.text).toMatch(/Dietary needs: (Vegan, Gluten-free|Gluten-free, Vegan)/);
    for (const secret of [m.user.email, p.user.email, "07700 900123", "07700900123"]) {
      expect(mail.text).not.toContain(secret);
      expect(mail.html).not.toContain(secret);
    }
    expect(tokenIn(mail.text)).toBeTruthy();
    const a = await assignment(res.json().id);
    expect(a.venueBooking).toMatchObject({ status: "requested", escalated: false });
    expect(a.venueBooking.requestedAt).toBe(t.clock.now().toISOString());
    // Sweeping again sends nothing more.
    await runVenueBookings(t.deps);
    expect(mailTo(v.id)).toHaveLength(1);
  });

  it("names the couple in one order, whichever partner the date is booked for", async () => {
    t.clock.set(NOW);
    const { m, p } = await couple();
    const { venue: v } = await venue("Steady Name Grill");
    expect((await assign(p.user.id, v.id)).statusCode).toBe(201);
    await sweep();
    expect(mailTo(v.id)[0].text).toContain(`Booking name: Okafor${k} / Lindqvist${k}`);
    expect(m.user.id).toBeLessThan(p.user.id);
  });

  it("the link shows the booking; the venue confirms with its reference; the link is then spent", async () => {
    const { m, id, token } = await askedVenue("Confirm Bistro");
    const shown = await t.request({ method: "GET", url: link(token) });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toBe("no-store");
    expect(shown.json()).toMatchObject({
      status: "requested",
      canAnswer: true,
      venueName: "Confirm Bistro",
      scheduledDate: AT.toISOString(),
      partySize: 2,
      bookingName: `Okafor${k} / Lindqvist${k}`,
    });
    expect(shown.body).not.toContain(m.user.email);
    const ok = await t.request({
      method: "POST",
      url: link(token, "confirm"),
      payload: { reference: " CB-1042 " },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: "confirmed", canAnswer: false, reference: "CB-1042" });
    const a = await assignment(id);
    expect(a.venueBooking).toMatchObject({ status: "confirmed", reference: "CB-1042" });
    expect(a.venueBooking.answeredAt).toBe(t.clock.now().toISOString());
    // Reused: refused, nothing changed.
    const again = await t.request({
      method: "POST",
      url: link(token, "decline"),
      payload: { reason: "Full" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VENUE_BOOKING_MSG.answered);
    expect((await assignment(id)).venueBooking.status).toBe("confirmed");
    // Still readable, to see what was answered.
    expect((await t.request({ method: "GET", url: link(token) })).json().status).toBe("confirmed");
  });

  it("refuses forged, malformed and expired links and bad answers, changing nothing", async () => {
    const { id, token } = await askedVenue("Guarded Grill");
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await t.request({ method: "GET", url: link(forged) })).statusCode).toBe(404);
    expect((await t.request({ method: "POST", url: link(forged, "confirm"), payload: {} })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: "GET", url: link("short") })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: link(`${"a".repeat(30)}$$`) })).statusCode).toBe(400);
    const noReason = await t.request({
      method: "POST",
      url: link(token, "decline"),
      payload: { reason: " " },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(VENUE_BOOKING_MSG.reasonRequired);
    const badTime = await t.request({
      method: "POST",
      url: link(token, "propose"),
      payload: { time: "tomorrow" },
    });
    expect(badTime.statusCode).toBe(400);
    const past = await t.request({
      method: "POST",
      url: link(token, "propose"),
      payload: { time: new Date(NOW.getTime() - DAY).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(VENUE_BOOKING_MSG.timePast);
    expect(past.json().errors).toEqual([{ path: "time", message: VENUE_BOOKING_MSG.timePast }]);
    // The time asked for is no other time: the venue confirms it instead.
    const [asked] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    const same = await t.request({
      method: "POST",
      url: link(token, "propose"),
      payload: { time: asked.scheduledDate.toISOString() },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ path: "time", message: VENUE_BOOKING_MSG.timeSame }]);
    const [untouched] = await t.db.select().from(venueBookings).where(eq(venueBookings.reservationId, id));
    expect(untouched.status).toBe("requested");
    const extra = await t.request({
      method: "POST",
      url: link(token, "confirm"),
      payload: { reference: "x", admin: true },
    });
    expect(extra.statusCode).toBe(400);
    const longRef = await t.request({
      method: "POST",
      url: link(token, "confirm"),
      payload: { reference: "x".repeat(81) },
    });
    expect(longRef.statusCode).toBe(400);
    expect((await assignment(id)).venueBooking.status).toBe("requested");
    // Once the date has passed, the link has expired.
    t.clock.set(new Date(AT.getTime() + HOUR));
    const late = await t.request({ method: "POST", url: link(token, "confirm"), payload: {} });
    expect(late.statusCode).toBe(410);
    expect((await t.request({ method: "GET", url: link(token) })).statusCode).toBe(410);
  });

  it("is reminded once with a new link, then handed to the operators", async () => {
    t.clock.set(NOW);
    const { m } = await couple();
    const { venue: v } = await venue("Quiet Room");
    const id = (await assign(m.user.id, v.id, new Date(AT.getTime() + 7 * DAY))).json().id;
    await sweep();
    const first = tokenIn(mailTo(v.id)[0].text)!;
    t.clock.advance(25 * HOUR);
    await runVenueBookings(t.deps);
    const mails = mailTo(v.id);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toMatch(/^Reminder: booking request for 2/);
    const second = tokenIn(mails[1].text)!;
    expect(second).not.toBe(first);
    expect((await t.request({ method: "GET", url: link(first) })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: link(second) })).statusCode).toBe(200);
    expect((await assignment(id)).venueBooking.escalated).toBe(false);
    t.clock.advance(25 * HOUR);
    await runVenueBookings(t.deps);
    expect(mailTo(v.id)).toHaveLength(2); // reminded once only
    expect((await assignment(id)).venueBooking.escalated).toBe(true);
  });
});

describe("declined means re-planned", () => {
  it("re-plans the same evening at another venue that fits, asks it, and tells the couple nothing", async () => {
    t.clock.set(NOW);
    const { m, p } = await couple();
    const { venue: first } = await venue("Declining Diner");
    // Earlier tests' venues are archived: never planned, so the one left is the only place to go.
    await t.db.update(venues).set({ status: "archived" });
    await t.db.update(venues).set({ status: "active" }).where(eq(venues.id, first.id));
    const { venue: second } = await venue("Second Choice");
    const id = (await assign(m.user.id, first.id)).json().id;
    await sweep();
    const couplesMail = () =>
      sink.inbox.filter((x) => x.to.includes(m.user.email) || x.to.includes(p.user.email)).length;
    const before = couplesMail();
    const token = tokenIn(mailTo(first.id)[0].text)!;
    const no = await t.request({
      method: "POST",
      url: link(token, "decline"),
      payload: { reason: "Private event" },
    });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json()).toMatchObject({ status: "declined", declineReason: "Private event" });
    await runVenueBookings(t.deps);
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(row.venueId).toBe(second.id);
    expect(row.scheduledDate.toISOString()).toBe(AT.toISOString());
    expect(row.venueStatus).toBe("requested");
    expect(mailTo(second.id)).toHaveLength(1);
    expect(mailTo(first.id)).toHaveLength(1); // no cancellation for a venue that declined
    expect(couplesMail()).toBe(before);
    const mine = await t.request({ method: "GET", url: `/api/dates/${id}`, as: m });
    expect(mine.body).not.toMatch(/Declining Diner|Second Choice|declin/i);
  });

  it("when nothing else fits, leaves it to an operator, escalated with the reason", async () => {
    t.clock.set(NOW);
    const { m } = await couple(["Kosher"], []);
    const { venue: only } = await venue("Only Kosher Place");
    await t.db
      .update(venues)
      .set({ dietaryAccommodations: ["Kosher"] })
      .where(eq(venues.id, only.id));
    const id = (await assign(m.user.id, only.id)).json().id;
    await sweep();
    const token = tokenIn(mailTo(only.id)[0].text)!;
    await t.request({ method: "POST", url: link(token, "decline"), payload: { reason: "Kitchen refit" } });
    await runVenueBookings(t.deps);
    const a = await assignment(id);
    expect(a.venueId).toBe(only.id);
    expect(a.venueBooking).toMatchObject({
      status: "declined",
      escalated: true,
      declineReason: "Kitchen refit",
    });
  });
});

describe("never reveal an unconfirmed venue", () => {
  it("holds the date at its reveal time ('final touches'), and reveals it once the venue confirms", async () => {
    const { m, id, token } = await askedVenue("Held Venue");
    // Before the reveal time: nothing says anything about the venue's answer.
    const early = (await t.request({ method: "GET", url: `/api/dates/${id}`, as: m })).json();
    expect(early).toMatchObject({ revealed: false, finalTouches: false, venue: null });
    t.clock.set(new Date(AT.getTime() - 40 * HOUR));
    await revealDates(t.deps);
    const held = (await t.request({ method: "GET", url: `/api/dates/${id}`, as: m })).json();
    expect(held).toMatchObject({
      revealed: false,
      finalTouches: true,
      venue: null,
      dressCode: null,
      status: "scheduled",
    });
    expect(JSON.stringify(held)).not.toContain("Held Venue");
    expect(sink.inbox.some((x) => x.to.includes(m.user.email) && /Held Venue/.test(x.text))).toBe(false);
    await t.request({ method: "POST", url: link(token, "confirm"), payload: {} });
    await revealDates(t.deps);
    const shown = (await t.request({ method: "GET", url: `/api/dates/${id}`, as: m })).json();
    expect(shown).toMatchObject({ revealed: true, finalTouches: false, status: "revealed" });
    expect(shown.venue.name).toBe("Held Venue");
  });
});

describe("the venue hears of every cancellation", () => {
  it("an operator's cancel: the venue is told with its reference after the undo window, and no exclusion is made", async () => {
    const { m, v, id, token } = await askedVenue("Cancel Cafe");
    await t.request({ method: "POST", url: link(token, "confirm"), payload: { reference: "R-77" } });
    const res = await t.request({
      method: "PATCH",
      url: `/api/admin/assignments/${id}/status`,
      as: admin,
      payload: { status: "cancelled" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runVenueBookings(t.deps);
    expect(mailTo(v.id)).toHaveLength(1); // the undo window first
    await sweep();
    const mails = mailTo(v.id);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe("Cancelled: booking for 2 on Friday 27 November 2026, 19:00");
    expect(mails[1].text).toContain("(your reference R-77)");
    expect((await assignment(id)).venueBooking.status).toBe("cancelled");
    const excl = await t.db
      .select()
      .from(userVenueExclusions)
      .where(eq(userVenueExclusions.userId, m.user.id));
    expect(excl).toHaveLength(0);
    expect((await t.request({ method: "POST", url: link(token, "confirm"), payload: {} })).statusCode).toBe(
      410,
    );
  });
});

describe("POST /api/admin/assignments/:id/move", () => {
  it("moves a date in place: rules checked, old venue told, new venue asked, no exclusion, undoable", async () => {
    t.clock.set(NOW);
    const { m } = await couple();
    const { venue: a } = await venue("Move From");
    const { venue: b } = await venue("Move To");
    const id = (await assign(m.user.id, a.id)).json().id;
    await sweep();
    const to = new Date(AT.getTime() + DAY);
    const res = await t.request({
      method: "POST",
      url: `/api/admin/assignments/${id}/move`,
      as: admin,
      payload: { scheduledDate: to.toISOString(), venueId: b.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      venueId: b.id,
      scheduledDate: to.toISOString(),
      status: "scheduled",
    });
    expect(res.json().venueBooking.status).toBe("requested");
    await sweep();
    expect(mailTo(a.id).map((x) => x.subject)).toEqual([
      "Booking request for 2 on Friday 27 November 2026, 19:00",
      "Cancelled: booking for 2 on Friday 27 November 2026, 19:00",
    ]);
    expect(mailTo(b.id).map((x) => x.subject)).toEqual([
      "Booking request for 2 on Saturday 28 November 2026, 19:00",
    ]);
    expect(
      await t.db.select().from(userVenueExclusions).where(eq(userVenueExclusions.userId, m.user.id)),
    ).toHaveLength(0);
    const rows = await t.db.select().from(dateReservations).where(eq(dateReservations.userId, m.user.id));
    expect(rows).toHaveLength(1);
  });

  it("Undo puts the date back and nobody is told", async () => {
    t.clock.set(NOW);
    const { m } = await couple();
    const { venue: a } = await venue("Undo From");
    const id = (await assign(m.user.id, a.id)).json().id;
    await sweep();
    const res = await t.request({
      method: "POST",
      url: `/api/admin/assignments/${id}/move`,
      as: admin,
      payload: { scheduledDate: new Date(AT.getTime() + DAY).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const undo = await t.request({ method: "POST", url: `/api/admin/assignments/${id}/undo`, as: admin });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ kind: "moved", message: "Move undone" });
    expect(undo.json().assignment).toMatchObject({ scheduledDate: AT.toISOString(), venueId: a.id });
    expect(undo.json().assignment.venueBooking.status).toBe("requested");
    await sweep();
    expect(mailTo(a.id)).toHaveLength(1); // only the first request
  });

  it("refuses bad moves with clear messages, changing nothing", async () => {
    t.clock.set(NOW);
    const { m } = await couple();
    const other = await t.member();
    const { venue: a } = await venue("Stay Put");
    const { venue: closed } = await venue("Closed Sundays", {
      openingHours: {
        mon: ["12:00-23:00"],
        tue: ["12:00-23:00"],
        wed: ["12:00-23:00"],
        thu: ["12:00-23:00"],
        fri: ["12:00-23:00"],
        sat: ["12:00-23:00"],
        sun: [],
      },
    });
    const id = (await assign(m.user.id, a.id)).json().id;
    const move = (payload: unknown, as: SignedIn | null = admin) =>
      t.request({
        method: "POST",
        url: `/api/admin/assignments/${id}/move`,
        as: as ?? undefined,
        payload: payload as object,
      });
    expect((await move({ scheduledDate: "soon" })).statusCode).toBe(400);
    expect((await move({})).statusCode).toBe(400);
    expect((await move({ scheduledDate: AT.toISOString(), venueId: "x" })).statusCode).toBe(400);
    expect((await move({ scheduledDate: AT.toISOString(), extra: 1 })).statusCode).toBe(400);
    expect((await move({ scheduledDate: AT.toISOString() })).statusCode).toBe(409); // nothing to move
    expect((await move({ scheduledDate: AT.toISOString(), venueId: 999_999 })).statusCode).toBe(404);
    expect((await move({ scheduledDate: AT.toISOString() }, null)).statusCode).toBe(401);
    expect((await move({ scheduledDate: AT.toISOString() }, other)).statusCode).toBe(403);
    expect((await move({ scheduledDate: AT.toISOString() }, m)).statusCode).toBe(403);
    // Sunday 29 November: closed.
    const sunday = new Date("2026-11-29T19:00:00Z");
    const refused = await move({ scheduledDate: sunday.toISOString(), venueId: closed.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().rules).toContain("Closed Sundays is not open for the whole date (closed on Suns)");
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(row.venueId).toBe(a.id);
    expect(row.scheduledDate.toISOString()).toBe(AT.toISOString());
    // With a reason, an operator may.
    const forced = await move({
      scheduledDate: sunday.toISOString(),
      venueId: closed.id,
      overrideReason: "Opening for us",
    });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().override.reason).toBe("Opening for us");
  });
});

describe("the operators record a venue's answer", () => {
  it("a phone confirmation with its reference; a proposed time accepted moves the date there, confirmed", async () => {
    t.clock.set(NOW);
    const { m } = await couple();
    const { venue: v } = await venue("Phone Venue");
    const id = (await assign(m.user.id, v.id)).json().id;
    const phoned = await t.request({
      method: "POST",
      url: `/api/admin/assignments/${id}/venue-booking/confirm`,
      as: admin,
      payload: { reference: "TEL-9" },
    });
    expect(phoned.statusCode, phoned.body).toBe(200);
    expect(phoned.json().venueBooking).toMatchObject({ status: "confirmed", reference: "TEL-9" });
    await sweep();
    expect(mailTo(v.id)).toHaveLength(0); // nothing left to ask

    const { m: m2 } = await couple();
    const id2 = (await assign(m2.user.id, v.id, new Date(AT.getTime() + DAY))).json().id;
    await sweep();
    const token = tokenIn(mailTo(v.id)[0].text)!;
    const later = new Date(AT.getTime() + DAY + HOUR);
    const proposed = await t.request({
      method: "POST",
      url: link(token, "propose"),
      payload: { time: later.toISOString(), note: "We can do 8pm" },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const a = await assignment(id2);
    expect(a.venueBooking).toMatchObject({
      status: "proposed",
      proposedDate: later.toISOString(),
      escalated: true,
    });
    const accepted = await t.request({
      method: "POST",
      url: `/api/admin/assignments/${id2}/venue-booking/proposal`,
      as: admin,
      payload: { accept: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ scheduledDate: later.toISOString() });
    expect(accepted.json().venueBooking.status).toBe("confirmed");
    await sweep();
    expect(mailTo(v.id)).toHaveLength(1); // no cancellation, no new request
    const member = await t.request({
      method: "POST",
      url: `/api/admin/assignments/${id2}/venue-booking/confirm`,
      as: m2,
      payload: {},
    });
    expect(member.statusCode).toBe(403);
    const open = await t.db
      .select()
      .from(venueBookings)
      .where(and(eq(venueBookings.reservationId, id2), eq(venueBookings.status, "confirmed")));
    expect(open).toHaveLength(1);
  });
});

describe("what the review of the venue's side found", () => {
  it("a date held for its venue is not cancelled at the 24-hour deadline (the couple could never confirm it)", async () => {
    t.clock.set(NOW);
    const { m } = await couple();
    const { venue: v } = await venue("Slow Reply Inn");
    const id = (await assign(m.user.id, v.id)).json().id;
    await sweep();
    t.clock.set(new Date(AT.getTime() - 20 * HOUR));
    const { cancelUnconfirmedDates } = await import("../../src/server/jobs/dates.ts");
    await cancelUnconfirmedDates(t.deps);
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(row.status).toBe("scheduled");
    await runVenueBookings(t.deps);
    expect((await assignment(id)).venueBooking.escalated).toBe(true);
  });

  it("a refused proposed time is re-planned like a decline", async () => {
    t.clock.set(NOW);
    await t.db.update(venues).set({ status: "archived" });
    const { m } = await couple();
    const { venue: first } = await venue("Proposing Place");
    const { venue: other } = await venue("Other Evening");
    const id = (await assign(m.user.id, first.id)).json().id;
    await sweep();
    const token = tokenIn(mailTo(first.id)[0].text)!;
    await t.request({
      method: "POST",
      url: link(token, "propose"),
      payload: { time: new Date(AT.getTime() + HOUR).toISOString() },
    });
    const refused = await t.request({
      method: "POST",
      url: `/api/admin/assignments/${id}/venue-booking/proposal`,
      as: admin,
      payload: { accept: false },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    await runVenueBookings(t.deps);
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(row.venueId).toBe(other.id);
    expect(row.scheduledDate.toISOString()).toBe(AT.toISOString());
  });

  it("a new idea at the same venue and time keeps the venue's answer; a dead link shows nothing of the date", async () => {
    t.clock.set(NOW);
    const { m } = await couple();
    const { venue: v, idea } = await venue("Idea Swap");
    const id = (await assign(m.user.id, v.id)).json().id;
    await sweep();
    const token = tokenIn(mailTo(v.id)[0].text)!;
    await t.request({ method: "POST", url: link(token, "confirm"), payload: { reference: "IS-1" } });
    const res = await t.request({
      method: "POST",
      url: `/api/admin/assignments/${id}/move`,
      as: admin,
      payload: { scheduledDate: AT.toISOString(), dateIdeaId: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dateIdeaId).toBeNull();
    expect(res.json().venueBooking).toMatchObject({ status: "confirmed", reference: "IS-1" });
    expect(idea.id).toBeGreaterThan(0);
    await sweep();
    expect(mailTo(v.id)).toHaveLength(1); // asked once, never again
    // Moved to another time: the old request is cancelled, and its link no longer shows the couple or the notes.
    await t.db
      .update(dateReservations)
      .set({ manualBookingNotes: "Anniversary: a candle please" })
      .where(eq(dateReservations.id, id));
    await t.request({
      method: "POST",
      url: `/api/admin/assignments/${id}/move`,
      as: admin,
      payload: { scheduledDate: new Date(AT.getTime() + DAY).toISOString() },
    });
    await sweep();
    const dead = await t.request({ method: "GET", url: link(token) });
    expect(dead.statusCode).toBe(200);
    expect(dead.json()).toMatchObject({
      status: "cancelled",
      canAnswer: false,
      bookingName: "",
      dietary: [],
      notes: null,
    });
  });

  it("moving a revealed date starts a new mail round: the couple gets the new time's calendar entry", async () => {
    t.clock.set(NOW);
    const { m } = await couple();
    const { venue: v } = await venue("Revealed Then Moved");
    const id = (await assign(m.user.id, v.id)).json().id;
    await t.db
      .update(dateReservations)
      .set({ status: "revealed", revealedAt: NOW, venueStatus: "confirmed", mailHoldUntil: null })
      .where(eq(dateReservations.id, id));
    const res = await t.request({
      method: "POST",
      url: `/api/admin/assignments/${id}/move`,
      as: admin,
      payload: { scheduledDate: new Date(AT.getTime() + DAY).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(row).toMatchObject({
      mailRound: 1,
      status: "scheduled",
      revealedAt: null,
      venueStatus: "pending",
    });
  });
});

describe("a venue that cannot be asked", () => {
  it("a date booked by override at a venue with no booking e-mail goes straight to the operators", async () => {
    t.clock.set(NOW);
    const { m } = await couple();
    const { venue: v } = await venue("No Inbox Yet");
    await t.db.update(venues).set({ bookingEmail: null }).where(eq(venues.id, v.id));
    const res = await t.request({
      method: "POST",
      url: "/api/admin/assignments",
      as: admin,
      payload: {
        userId: m.user.id,
        venueId: v.id,
        scheduledDate: AT.toISOString(),
        overrideReason: "Booked by phone",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await sweep();
    const a = await assignment(res.json().id);
    expect(a.venueBooking).toMatchObject({ status: "requested", escalated: true });
    const phoned = await t.request({
      method: "POST",
      url: `/api/admin/assignments/${a.id}/venue-booking/confirm`,
      as: admin,
      payload: { reference: "PH-2" },
    });
    expect(phoned.json().venueBooking).toMatchObject({
      status: "confirmed",
      reference: "PH-2",
      escalated: false,
    });
  });
});
