/**
 * Offer codes in the back office (spec section 5): one set of rules for the Create Offer Code
 * dialog and for POST/PUT /api/admin/offer-codes.
 *
 * Money on the wire is in pounds: `discountValue` (a percentage, or pounds off for fixed_amount) and
 * `minOrderValue` are numbers with at most two decimals. The database keeps discountValue as the spec's
 * decimal(5,2) and minOrderValue in pence; answers always carry numbers, never decimal strings.
 * id, usesCount and timestamps are not inputs: the objects are strict, so a body naming them is refused.
 */
import { z } from "zod";
import { DISCOUNT_TYPES, TIER_IDS, TIERS, type TierId } from "../constants.ts";
import { dateToLondonLocal, londonLocalToDate } from "./assignments.ts";
import { isoInstant, isStorableInstant } from "./back-office.ts";

export const OFFER_CODE_LIMITS = {
  codeMin: 3,
  codeMax: 40,
  descriptionMax: 500,
  /** A fixed amount off can be at most the highest monthly price (a code never pays the member). */
  fixedMaxPounds: Math.max(...TIER_IDS.map((t) => TIERS[t].monthlyPricePence)) / 100,
  percentMax: 100,
  /** discount_value is decimal(5,2). */
  decimalMax: 999.99,
  minOrderMaxPounds: 1000,
  maxUsesMax: 1_000_000,
  maxUsesPerUserMax: 100,
  durationMonthsMax: 120,
} as const;

const L = OFFER_CODE_LIMITS;

export const OFFER_ADMIN_MSG = {
  code: `Code must be ${L.codeMin} to ${L.codeMax} characters: letters, digits, hyphens or underscores`,
  description: `Description must be at most ${L.descriptionMax} characters`,
  discountType: "Discount type must be percentage or fixed_amount",
  discountValue: "Discount value must be a number of at least 0",
  discountValueDecimals: "Discount value can have at most 2 decimal places",
  discountValueMax: `Discount value must be at most ${L.decimalMax}`,
  percentMax: `A percentage discount cannot be more than ${L.percentMax}%`,
  fixedMax: `A fixed discount cannot be more than £${L.fixedMaxPounds.toFixed(2)} (the highest monthly price)`,
  minOrderValue: "Minimum order value must be a number of at least 0",
  minOrderValueDecimals: "Minimum order value can have at most 2 decimal places",
  minOrderValueMax: `Minimum order value must be at most £${L.minOrderMaxPounds.toLocaleString("en-GB")}`,
  maxUses: "Max uses must be a whole number of at least 1 (leave empty for unlimited)",
  maxUsesMax: `Max uses must be at most ${L.maxUsesMax.toLocaleString("en-GB")}`,
  maxUsesPerUser: "Max uses per member must be a whole number of at least 1",
  maxUsesPerUserMax: `Max uses per member must be at most ${L.maxUsesPerUserMax}`,
  durationMonths: "Duration must be a whole number of months, at least 1 (leave empty for forever)",
  durationMonthsMax: `Duration must be at most ${L.durationMonthsMax} months`,
  validFrom: "Valid from must be a valid date and time",
  validUntil: "Expiry must be a valid date and time",
  untilAfterFrom: "The expiry must be after the start date",
  untilInPast: "The expiry must be in the future",
  tiers: "Plans must be chosen from Silver, Gold and Platinum",
  isActive: "isActive must be true or false",
  nothingToUpdate: "Nothing to update",
  notFound: "Offer code not found",
  duplicate: (code: string) => `An offer code "${code}" already exists`,
  createFailed: "Failed to create offer code",
  updateFailed: "Failed to update offer code",
} as const;

const M = OFFER_ADMIN_MSG;

const hasAtMostTwoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** Base fields, no defaults (PUT takes any subset; zod would apply defaults inside .partial()). */
const fields = {
  code: z
    .string({ error: M.code })
    .trim()
    .min(L.codeMin, M.code)
    .max(L.codeMax, M.code)
    .regex(/^[A-Za-z0-9_-]+$/, M.code)
    .transform((c) => c.toUpperCase()),
  description: z
    .string({ error: M.description })
    .trim()
    .max(L.descriptionMax, M.description)
    .nullable()
    .transform((v) => (v ? v : null)),
  discountType: z.enum(DISCOUNT_TYPES, { error: M.discountType }),
  discountValue: z
    .number({ error: M.discountValue })
    .min(0, M.discountValue)
    .max(L.decimalMax, M.discountValueMax)
    .refine(hasAtMostTwoDecimals, M.discountValueDecimals),
  minOrderValue: z
    .number({ error: M.minOrderValue })
    .min(0, M.minOrderValue)
    .max(L.minOrderMaxPounds, M.minOrderValueMax)
    .refine(hasAtMostTwoDecimals, M.minOrderValueDecimals)
    .nullable(),
  maxUses: z
    .number({ error: M.maxUses })
    .int(M.maxUses)
    .min(1, M.maxUses)
    .max(L.maxUsesMax, M.maxUsesMax)
    .nullable(),
  maxUsesPerUser: z
    .number({ error: M.maxUsesPerUser })
    .int(M.maxUsesPerUser)
    .min(1, M.maxUsesPerUser)
    .max(L.maxUsesPerUserMax, M.maxUsesPerUserMax),
  durationMonths: z
    .number({ error: M.durationMonths })
    .int(M.durationMonths)
    .min(1, M.durationMonths)
    .max(L.durationMonthsMax, M.durationMonthsMax)
    .nullable(),
  validFrom: z.iso
    .datetime({ offset: true, error: M.validFrom })
    .transform((s) => new Date(s))
    .refine(isStorableInstant, M.validFrom)
    .nullable(),
  validUntil: z.iso
    .datetime({ offset: true, error: M.validUntil })
    .transform((s) => new Date(s))
    .refine(isStorableInstant, M.validUntil)
    .nullable(),
  /** Empty means every plan. */
  applicableTiers: z
    .array(z.enum(TIER_IDS, { error: M.tiers }), { error: M.tiers })
    .max(TIER_IDS.length * 2, M.tiers)
    .transform((tiers) => (tiers.length ? TIER_IDS.filter((t) => tiers.includes(t)) : null))
    .nullable(),
  isActive: z.boolean({ error: M.isActive }),
};

/** What the rules across fields look at (a created code, or a stored code with an update merged in). */
export interface OfferCodeRuleInput {
  discountType: (typeof DISCOUNT_TYPES)[number];
  discountValue: number;
  validFrom: Date | null;
  validUntil: Date | null;
}

/** The rules that need several fields; the server runs them again on the merged result of an update. */
export function offerCodeProblems(
  v: OfferCodeRuleInput,
): Array<{ path: keyof OfferCodeRuleInput; message: string }> {
  const problems: Array<{ path: keyof OfferCodeRuleInput; message: string }> = [];
  if (v.discountType === "percentage" && v.discountValue > L.percentMax)
    problems.push({ path: "discountValue", message: M.percentMax });
  if (v.discountType === "fixed_amount" && v.discountValue > L.fixedMaxPounds)
    problems.push({ path: "discountValue", message: M.fixedMax });
  if (v.validFrom && v.validUntil && v.validUntil <= v.validFrom)
    problems.push({ path: "validUntil", message: M.untilAfterFrom });
  return problems;
}

function crossCheck(v: OfferCodeRuleInput, ctx: z.RefinementCtx) {
  for (const p of offerCodeProblems(v)) ctx.addIssue({ code: "custom", path: [p.path], message: p.message });
}

/** POST /api/admin/offer-codes. Defaults of spec section 5: percentage, 0, one use per member, active. */
export const createOfferCodeSchema = z
  .strictObject({
    code: fields.code,
    description: fields.description.optional().transform((v) => v ?? null),
    discountType: fields.discountType.default("percentage"),
    discountValue: fields.discountValue.default(0),
    minOrderValue: fields.minOrderValue.optional().transform((v) => v ?? null),
    maxUses: fields.maxUses.optional().transform((v) => v ?? null),
    maxUsesPerUser: fields.maxUsesPerUser.default(1),
    durationMonths: fields.durationMonths.optional().transform((v) => v ?? null),
    validFrom: fields.validFrom.optional().transform((v) => v ?? null),
    validUntil: fields.validUntil.optional().transform((v) => v ?? null),
    applicableTiers: fields.applicableTiers.optional().transform((v) => v ?? null),
    isActive: fields.isActive.default(true),
  })
  .superRefine(crossCheck);
export type CreateOfferCodeInput = z.input<typeof createOfferCodeSchema>;
export type CreateOfferCode = z.output<typeof createOfferCodeSchema>;

/** PUT /api/admin/offer-codes/:id: any subset of the fields (e.g. {isActive}); null clears an optional one. */
export const updateOfferCodeSchema = z
  .strictObject(fields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), M.nothingToUpdate);
export type UpdateOfferCodeInput = z.input<typeof updateOfferCodeSchema>;
export type UpdateOfferCode = z.output<typeof updateOfferCodeSchema>;

/** The form's text inputs: "" means the spec's fallback (0, 1) or unset; numbers typed as text are read. */
const fromText = (fallback: number | null) => (v: unknown) => {
  if (typeof v !== "string") return v;
  const s = v.trim();
  if (s === "") return fallback;
  const n = Number(s);
  return Number.isFinite(n) ? n : v;
};
/** A datetime-local value ("2026-05-01T18:30", London's clock like every back-office time) as an ISO instant. */
const fromLocalDateTime = (v: unknown) => {
  if (typeof v !== "string") return v;
  if (v.trim() === "") return null;
  return londonLocalToDate(v)?.toISOString() ?? v;
};

/** The Create Offer Code dialog: the same fields and rules, read from text inputs. */
export const offerCodeFormSchema = z
  .object({
    code: fields.code,
    description: z
      .string()
      .trim()
      .max(L.descriptionMax, M.description)
      .transform((v) => (v ? v : null)),
    discountType: fields.discountType,
    discountValue: z.preprocess(fromText(0), fields.discountValue),
    minOrderValue: z.preprocess(fromText(null), fields.minOrderValue),
    maxUses: z.preprocess(fromText(null), fields.maxUses),
    maxUsesPerUser: z.preprocess(fromText(1), fields.maxUsesPerUser),
    durationMonths: z.preprocess(fromText(null), fields.durationMonths),
    validFrom: z.preprocess(fromLocalDateTime, fields.validFrom),
    validUntil: z.preprocess(fromLocalDateTime, fields.validUntil),
    applicableTiers: z.array(z.enum(TIER_IDS)).transform((t) => (t.length ? t : null)),
    isActive: z.boolean(),
  })
  .superRefine(crossCheck);

export interface OfferCodeFormValues {
  code: string;
  description: string;
  discountType: (typeof DISCOUNT_TYPES)[number];
  discountValue: string;
  minOrderValue: string;
  maxUses: string;
  maxUsesPerUser: string;
  durationMonths: string;
  validFrom: string;
  validUntil: string;
  applicableTiers: TierId[];
  isActive: boolean;
}

export const OFFER_CODE_FORM_DEFAULTS: OfferCodeFormValues = {
  code: "",
  description: "",
  discountType: "percentage",
  discountValue: "0",
  minOrderValue: "",
  maxUses: "",
  maxUsesPerUser: "1",
  durationMonths: "",
  validFrom: "",
  validUntil: "",
  applicableTiers: [],
  isActive: true,
};

/** A stored code as the edit form's text inputs (times on London's clock, empty for none). */
export function offerCodeToFormValues(o: AdminOfferCode): OfferCodeFormValues {
  const text = (v: number | null) => (v === null ? "" : String(v));
  return {
    code: o.code,
    description: o.description ?? "",
    discountType: o.discountType,
    discountValue: String(o.discountValue),
    minOrderValue: text(o.minOrderValue),
    maxUses: text(o.maxUses),
    maxUsesPerUser: String(o.maxUsesPerUser),
    durationMonths: text(o.durationMonths),
    validFrom: o.validFrom ? dateToLondonLocal(new Date(o.validFrom)) : "",
    validUntil: o.validUntil ? dateToLondonLocal(new Date(o.validUntil)) : "",
    applicableTiers: o.applicableTiers ?? [],
    isActive: o.isActive,
  };
}

/** One offer code as GET/POST/PUT /api/admin/offer-codes answer it. Amounts in pounds, times ISO 8601. */
export const adminOfferCodeSchema = z
  .object({
    id: z.int(),
    code: z.string(),
    description: z.string().nullable(),
    discountType: z.enum(DISCOUNT_TYPES),
    discountValue: z
      .number()
      .describe("A percentage (0-100) or pounds off (fixed_amount): a number, never a decimal string"),
    minOrderValue: z
      .number()
      .nullable()
      .describe("Pounds; the code applies only to plans at least this price"),
    maxUses: z.int().nullable(),
    usesCount: z.int(),
    maxUsesPerUser: z.int(),
    durationMonths: z.int().nullable(),
    validFrom: isoInstant.nullable(),
    validUntil: isoInstant.nullable(),
    applicableTiers: z.array(z.enum(TIER_IDS)).nullable().describe("null: every plan"),
    isActive: z.boolean(),
    createdAt: isoInstant,
    updatedAt: isoInstant,
  })
  .meta({ id: "AdminOfferCode" });
export type AdminOfferCode = z.infer<typeof adminOfferCodeSchema>;

/** "20%" or "£5.00". */
export function formatDiscount(o: Pick<AdminOfferCode, "discountType" | "discountValue">): string {
  return o.discountType === "percentage"
    ? `${Number.isInteger(o.discountValue) ? o.discountValue : o.discountValue.toFixed(2)}%`
    : `£${o.discountValue.toFixed(2)}`;
}

/** "3 months", "1 month" or "Forever". */
export function formatDuration(months: number | null): string {
  if (months === null) return "Forever";
  return `${months} month${months === 1 ? "" : "s"}`;
}

/** "3 / 100" or "3 / ∞". */
export function formatUsage(o: Pick<AdminOfferCode, "usesCount" | "maxUses">): string {
  return `${o.usesCount} / ${o.maxUses ?? "∞"}`;
}

export type OfferCodeStatus = "Active" | "Inactive" | "Expired" | "Scheduled" | "Used up";

/** What the Status column says at `now`: an inactive code is Inactive whatever its dates. */
export function offerCodeStatus(
  o: Pick<AdminOfferCode, "isActive" | "validFrom" | "validUntil" | "usesCount" | "maxUses">,
  now: Date,
): OfferCodeStatus {
  if (!o.isActive) return "Inactive";
  if (o.validUntil && new Date(o.validUntil) < now) return "Expired";
  if (o.maxUses !== null && o.usesCount >= o.maxUses) return "Used up";
  if (o.validFrom && new Date(o.validFrom) > now) return "Scheduled";
  return "Active";
}
