/**
 * Two voices: each partner rates a date they had together for themselves; neither replaces the
 * other; both show on the date, labelled; a member's average is their own; the back office sees both.
 */
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import { dateRatings, users } from "../../src/server/db/schema.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-20T09:00:00Z");
beforeEach(() => t.clock.set(NOW));

async function couple(): Promise<[SignedIn, SignedIn]> {
  const a = await t.member({ firstName: "Robin", lastName: "Holder" });
  const b = await t.member({ firstName: "Jordan", lastName: "Partner", partnerId: a.user.id });
  await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
  return [a, b];
}

const rate = (as: SignedIn, id: number, payload: object) =>
  t.request({ method: "POST", url: `/api/dates/${id}/rating`, as, payload });
const getDate = (as: SignedIn, id: number) => t.request({ method: "GET", url: `/api/dates/${id}`, as });
const stats = async (as: SignedIn) =>
  (await t.request({ method: "GET", url: "/api/dates/stats", as })).json().averageRating;

describe("each partner rates for themselves", () => {
  it("the partner's 2 stars do not replace the plan holder's 5 stars and words", async () => {
    const [a, b] = await couple();
    const past = await arrangeDate(t.db, a.user.id, {
      at: new Date(NOW.getTime() - hours(30)),
      status: "completed",
    });
    const id = past.reservation.id;
    expect((await rate(a, id, { rating: 5, feedback: "  The best evening in months. " })).statusCode).toBe(
      200,
    );
    const res = await rate(b, id, { rating: 2, feedback: "Too loud for us." });
    expect(res.statusCode).toBe(200);
    // The partner's answer: their own rating, and both labelled.
    expect(res.json()).toMatchObject({
      rating: 2,
      feedback: "Too loud for us.",
      ratings: [
        { by: "you", name: "Jordan", rating: 2, feedback: "Too loud for us." },
        { by: "partner", name: "Robin", rating: 5, feedback: "The best evening in months." },
      ],
    });
    const mine = (await getDate(a, id)).json();
    expect(mine).toMatchObject({ rating: 5, feedback: "The best evening in months." });
    expect(mine.ratings.map((r: { by: string; rating: number }) => [r.by, r.rating])).toEqual([
      ["you", 5],
      ["partner", 2],
    ]);
    // Each average is their own.
    expect(await stats(a)).toBe(5);
    expect(await stats(b)).toBe(2);
    // The list says the same as the page.
    const list = (await t.request({ method: "GET", url: "/api/dates/user", as: b })).json();
    expect(list.find((d: { id: number }) => d.id === id)).toMatchObject({ rating: 2 });
    expect(await t.db.select().from(dateRatings).where(eq(dateRatings.reservationId, id))).toHaveLength(2);
  });

  it("editing within 14 days changes only one's own rating; after that it is closed for both", async () => {
    const [a, b] = await couple();
    const past = await arrangeDate(t.db, b.user.id, {
      at: new Date(NOW.getTime() - hours(30)),
      status: "completed",
    });
    const id = past.reservation.id;
    await rate(a, id, { rating: 3 });
    await rate(b, id, { rating: 4, feedback: "Lovely" });
    const again = await rate(a, id, { rating: 4 });
    expect(again.json()).toMatchObject({ rating: 4, feedback: null });
    expect((await getDate(b, id)).json()).toMatchObject({ rating: 4, feedback: "Lovely" });
    t.clock.set(new Date(NOW.getTime() + hours(24 * 14)));
    const late = await rate(b, id, { rating: 1 });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe("Ratings close 14 days after the date.");
    expect((await getDate(b, id)).json()).toMatchObject({ rating: 4 });
  });

  it("another member cannot rate or read the couple's date; a visitor is 401; bad input changes nothing", async () => {
    const [a] = await couple();
    const stranger = await t.member();
    const past = await arrangeDate(t.db, a.user.id, {
      at: new Date(NOW.getTime() - hours(30)),
      status: "completed",
    });
    const id = past.reservation.id;
    expect((await rate(stranger, id, { rating: 5 })).statusCode).toBe(404);
    expect(
      (await t.request({ method: "POST", url: `/api/dates/${id}/rating`, payload: { rating: 5 } }))
        .statusCode,
    ).toBe(401);
    for (const payload of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: "5" }, {}]) {
      expect((await rate(a, id, payload)).statusCode).toBe(400);
    }
    expect(await t.db.select().from(dateRatings).where(eq(dateRatings.reservationId, id))).toEqual([]);
  });

  it("the back office sees both ratings, named, the couple's average and both partners' words", async () => {
    const [a, b] = await couple();
    const admin = await t.admin();
    const past = await arrangeDate(t.db, a.user.id, {
      at: new Date(NOW.getTime() - hours(30)),
      status: "completed",
    });
    const id = past.reservation.id;
    await rate(a, id, { rating: 5, feedback: "Perfect" });
    await rate(b, id, { rating: 2, feedback: "Too loud" });
    const list = (
      await t.request({ method: "GET", url: "/api/admin/assignments?limit=200", as: admin })
    ).json();
    const row = list.find((x: { id: number }) => x.id === id);
    expect(row).toMatchObject({
      rating: 3.5,
      feedback: "Robin Holder: Perfect / Jordan Partner: Too loud",
      ratings: [
        { userId: a.user.id, name: "Robin Holder", rating: 5, feedback: "Perfect" },
        { userId: b.user.id, name: "Jordan Partner", rating: 2, feedback: "Too loud" },
      ],
    });
    // The page built by PostgreSQL says exactly the same.
    const plain = (await t.request({ method: "GET", url: "/api/admin/assignments", as: admin })).json();
    expect(plain.find((x: { id: number }) => x.id === id)).toEqual(row);
    // The spreadsheet export carries the average and both partners' words.
    const xlsx = await t.request({ method: "GET", url: "/api/admin/assignments/export", as: admin });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const exported = sheet.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(1).value === id);
    expect(exported?.getCell(header.indexOf("Rating")).value).toBe(3.5);
    expect(exported?.getCell(header.indexOf("Feedback")).value).toBe(
      "Robin Holder: Perfect / Jordan Partner: Too loud",
    );
  });

  it("analytics hears both voices: every partner's rating, and how many rated dates both partners rated", async () => {
    const [a] = await couple();
    const admin = await t.admin();
    const past = await arrangeDate(t.db, a.user.id, {
      at: new Date(NOW.getTime() - hours(30)),
      status: "completed",
    });
    await rate(a, past.reservation.id, { rating: 3 });
    // Earlier in this file: 5 and 2, 4 and 4, 5 and 2 (three dates rated by both); now a 3 by one partner.
    const ops = (
      await t.request({ method: "GET", url: "/api/admin/analytics/operational", as: admin })
    ).json();
    expect(ops).toMatchObject({ averageRating: 3.6, ratingsGiven: 7, bothRatedRate: 75 });
  });
});
