import { eq } from "drizzle-orm";
import { afterEach, expect } from "vitest";
import { gifts } from "../../src/server/db/schema.ts";
import { createTestApp, type SignedIn, type TestApp } from "./app.ts";

/** 09:00 London on a winter day: deliveries due today go at once. */
export const GIFT_START = "2026-11-26T09:00:00Z";

/** What a buyer fills in on the gift form: Gold for three months, delivered on Christmas Eve. */
export const GIFT_ORDER = {
  tier: "gold",
  months: 3,
  buyerName: "Priya Shah",
  buyerEmail: "priya@example.com",
  recipientNames: "Sam and Alex",
  recipientEmail: "sam.alex@example.com",
  deliverOn: "2026-12-24",
  message: "Happy Christmas, you two!",
};

/** The gift tests' app: the clock on GIFT_START, and put back there after each test. */
export async function createGiftTestApp(opts: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(opts);
  t.clock.set(GIFT_START);
  afterEach(() => t.clock.set(GIFT_START));
  return t;
}

const json = { "content-type": "application/json" };

/**
 * The steps of a gift's life as a buyer and a couple take them: order, pay at the sandbox's bank page, redeem.
 * `defaults` change the order every purchase starts from; each call may change it again.
 */
export function giftShop(t: TestApp, defaults: Partial<typeof GIFT_ORDER> = {}) {
  const order = { ...GIFT_ORDER, ...defaults };
  const post = (url: string, payload: unknown, as?: SignedIn) =>
    t.request({ method: "POST", url, as, headers: json, payload: JSON.stringify(payload) });
  const get = (url: string, as?: SignedIn) => t.request({ method: "GET", url, as });
  const giftRow = async (id: number) => (await t.db.select().from(gifts).where(eq(gifts.id, id)))[0];

  /** Orders a gift (the form's POST); answers the response, whatever the provider. */
  async function orderGift(overrides: Record<string, unknown> = {}, as?: SignedIn) {
    const res = await post("/api/gifts", { ...order, ...overrides }, as);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  /** Orders a gift and stops at the sandbox's payment page: the gift is pending. */
  async function startGift(overrides: Record<string, unknown> = {}, as?: SignedIn) {
    const res = await orderGift(overrides, as);
    const path = new URL(res.json().redirect_url).pathname;
    const [gift] = await t.db
      .select()
      .from(gifts)
      .where(eq(gifts.providerRef, path.split("/").pop()!));
    return { path, gift };
  }

  /** Pays at the sandbox's bank page and follows the return; answers the buyer's manage link and token. */
  async function payGift(path: string) {
    const page = await t.request({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    const paid = await t.request({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "action=pay&bank=Sandbox+Bank",
    });
    expect(paid.statusCode).toBe(303);
    const back = await t.request({ method: "GET", url: paid.headers.location as string });
    expect(back.statusCode).toBe(303);
    const location = back.headers.location as string;
    const token = new URL(location, "http://x").searchParams.get("token")!;
    return { location, token };
  }

  /** Buys and pays a gift; answers the paid gift's row, the manage token and where the return led. */
  async function buyGift(overrides: Record<string, unknown> = {}, as?: SignedIn) {
    const { path, gift } = await startGift(overrides, as);
    const { location, token } = await payGift(path);
    return { gift: await giftRow(gift.id), token, location };
  }

  /** A member (or a visitor, without `as`) redeems a code. */
  const redeem = (code: string, as?: SignedIn) => post("/api/gifts/redeem", { code }, as);

  return { order, post, get, giftRow, orderGift, startGift, payGift, buyGift, redeem };
}
