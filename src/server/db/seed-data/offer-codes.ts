/**
 * Demo offer codes, one of them already expired.
 */
import type { DemoOfferCode } from "./types.ts";

export const DEMO_OFFER_CODES: DemoOfferCode[] = [
  {
    code: "WELCOME10",
    description: "10% off your first 3 months",
    discountType: "percentage",
    discountValue: "10.00",
    durationMonths: 3,
    maxUses: null,
    applicableTiers: null,
    validFrom: null,
    validUntil: null,
    isActive: true,
  },
  {
    code: "FIRSTDATE",
    description: "£5 off your first month",
    discountType: "fixed_amount",
    discountValue: "5.00",
    durationMonths: 1,
    maxUses: null,
    applicableTiers: null,
    validFrom: null,
    validUntil: null,
    isActive: true,
  },
  {
    code: "LOVE25",
    description: "25% off your first 2 months on Gold or Platinum",
    discountType: "percentage",
    discountValue: "25.00",
    durationMonths: 2,
    maxUses: 100,
    applicableTiers: ["gold", "platinum"],
    validFrom: null,
    validUntil: null,
    isActive: true,
  },
  {
    code: "SUMMER24",
    description: "Summer 2024: 20% off your first 3 months (expired)",
    discountType: "percentage",
    discountValue: "20.00",
    durationMonths: 3,
    maxUses: null,
    applicableTiers: null,
    validFrom: new Date("2024-06-01T00:00:00Z"),
    validUntil: new Date("2024-08-31T22:59:59Z"),
    isActive: true,
  },
];
