/** Dates in exports as the back office shows them: en-GB, on London's clock. */
const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London" });
const dayTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "21/11/2026" */
export const dateGB = (value: string | Date | null) => (value ? day.format(new Date(value)) : null);

/** "21/11/2026, 19:30" */
export const dateTimeGB = (value: string | Date | null) => (value ? dayTime.format(new Date(value)) : null);
