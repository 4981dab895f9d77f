import { expect, type Page } from "@playwright/test";
import { uniqueEmail } from "../../../../tests/e2e/helpers.ts";

/** Today in London, as the gift form's delivery day. */
export const londonToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

/** London's today plus some days. */
export function daysAhead(days: number): string {
  const d = new Date(`${londonToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface ArrangedGift {
  id: number;
  code: string | null;
  buyerName: string;
  buyerEmail: string;
  recipientNames: string;
  recipientEmail: string;
  amountPence: number;
}

/**
 * A gift bought through the API, from `page`'s context: paid through the sandbox's one-off bank page unless
 * `paid` is false (then it stays a checkout awaiting payment). Answers the gift as its buyer's link shows it.
 */
export async function arrangeGift(
  page: Page,
  opts: {
    buyerName: string;
    recipientNames?: string;
    tier?: "silver" | "gold" | "platinum";
    months?: 1 | 3 | 6 | 12;
    deliverOn?: string;
    paid?: boolean;
  },
): Promise<ArrangedGift> {
  const buyerEmail = uniqueEmail("giver");
  const recipientEmail = uniqueEmail("gifted");
  const bought = await page.request.post("/api/gifts", {
    data: {
      tier: opts.tier ?? "gold",
      months: opts.months ?? 3,
      buyerName: opts.buyerName,
      buyerEmail,
      recipientNames: opts.recipientNames ?? "Sam and Alex",
      recipientEmail,
      deliverOn: opts.deliverOn ?? daysAhead(10),
      message: "Happy anniversary, you two.",
    },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  const payPath = new URL((await bought.json()).redirect_url).pathname;
  if (opts.paid === false) {
    return {
      id: 0,
      code: null,
      buyerName: opts.buyerName,
      buyerEmail,
      recipientNames: opts.recipientNames ?? "Sam and Alex",
      recipientEmail,
      amountPence: 0,
    };
  }
  const paid = await page.request.post(payPath, { form: { action: "pay", bank: "Sandbox Bank" } });
  expect(paid.status()).toBe(200);
  const token = new URL(paid.url()).searchParams.get("token");
  const view = await (await page.request.get(`/api/gifts/manage?token=${token}`)).json();
  return {
    id: view.id,
    code: view.code,
    buyerName: view.buyerName,
    buyerEmail,
    recipientNames: view.recipientNames,
    recipientEmail,
    amountPence: view.amountPence,
  };
}
