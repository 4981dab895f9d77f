/** How the analytics tab writes its figures: money in £ (en-GB), rates with one decimal, London months. */

const money = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const wholeMoney = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  maximumFractionDigits: 0,
});

/** "£1,234.50" from pence. */
export const formatMoney = (pence: number): string => money.format(pence / 100);

/** "£1,235" from pence: chart axes. */
export const formatMoneyShort = (pence: number): string => wholeMoney.format(pence / 100);

/** "33.3%": rates always with one decimal (spec). */
export const formatRate = (percent: number): string => `${percent.toFixed(1)}%`;

export const formatCount = (n: number): string => n.toLocaleString("en-GB");

/** "1 cancellation", "2,300 cancellations": the count with its noun agreeing. */
export const formatCountOf = (n: number, one: string, many = `${one}s`): string =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** "Jul 24" from "2024-07" (the answers' months are London months already). */
export function formatMonth(month: string, style: "short" | "long" = "short"): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleDateString("en-GB", {
    timeZone: "UTC",
    month: style === "short" ? "short" : "long",
    year: style === "short" ? "2-digit" : "numeric",
  });
}
