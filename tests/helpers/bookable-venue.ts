/**
 * What makes an arranged venue bookable (a booking e-mail, opening hours, room for several couples, open on
 * holidays), so tests about other rules are not refused for these. Tests of the venue's own rules set them.
 */
export const OPEN_ALL_DAY = {
  mon: ["00:00-24:00"],
  tue: ["00:00-24:00"],
  wed: ["00:00-24:00"],
  thu: ["00:00-24:00"],
  fri: ["00:00-24:00"],
  sat: ["00:00-24:00"],
  sun: ["00:00-24:00"],
};

export const BOOKABLE_VENUE = {
  bookingEmail: "bookings@venue.example",
  openingHours: OPEN_ALL_DAY,
  capacity: 50,
  opensOnHolidays: true,
};

/** The same as SQL column names and a VALUES fragment, for raw inserts. */
export const BOOKABLE_COLUMNS = "booking_email, opening_hours, capacity, opens_on_holidays";
export const BOOKABLE_VALUES = `'bookings@venue.example', '${JSON.stringify(OPEN_ALL_DAY)}'::jsonb, 50, true`;
