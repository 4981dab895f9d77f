/** The gift memberships' figures, without zod, so the landing page's FAQ and the Terms can name them cheaply. */
export const GIFT = {
  /** Lengths a gift can be bought for, in months. */
  lengths: [1, 3, 6, 12] as const,
  /** Percent off the tier's price times the months, by length: longer gifts cost less a month. */
  lengthDiscountPercent: { 1: 0, 3: 0, 6: 5, 12: 10 } as Record<number, number>,
  messageMax: 500,
  nameMax: 80,
  recipientNamesMax: 160,
  /** The delivery day may be today (London) or up to this many days ahead. */
  deliveryMaxDaysAhead: 365,
  /** An unredeemed code works for this long after payment. */
  codeValidMonths: 24,
  /** A buyer may cancel an unredeemed gift for a full refund within this many days of paying. */
  cancelDays: 14,
  /** Characters of a code (no 0/O, 1/I, so it can be read aloud), its length and group size. */
  codeAlphabet: "ABCDEFGHJKLMNPQRSTUVWXYZ23456789",
  codeLength: 12,
  codeGroup: 4,
  /** Reminders before a gifted plan runs out, in days. */
  reminderDays: [14, 7, 2] as const,
  /** The recipients' e-mail goes from this hour (London) on the delivery day. */
  deliveryHour: 8,
  /** Guesses of /api/gifts/redeem/check and /api/gifts/redeem per address and per member in the window. */
  redeemAttempts: 10,
} as const;
