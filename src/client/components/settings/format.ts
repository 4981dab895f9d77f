const LONDON = "Europe/London";
const longDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  day: "numeric",
  month: "long",
  year: "numeric",
});
const shortDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "14 March 2026", in London time. */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** "14 Mar 2026", in London time. */
export function formatShortDate(iso: string): string {
  return shortDate.format(new Date(iso));
}
