/** Times as the app shows them in e-mails and messages: on London's clock, in British English. */
const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "long" });
const dayTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  dateStyle: "full",
  timeStyle: "short",
});

/** "10 December 2026" */
export const londonDay = (d: Date) => day.format(d);

/** "Tuesday 1 December 2026 at 19:30" */
export const londonDayTime = (d: Date) => dayTime.format(d);
