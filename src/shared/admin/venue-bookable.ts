/**
 * Whether a venue can be booked, and the Data Quality column: what the rulebook, the engine and the Venues tab
 * read of a venue's booking details.
 */
import { inServiceArea } from "../service-area.ts";
import { hasHours, type OpeningHours } from "../venue-hours.ts";

/** Why a venue cannot be booked (the bookable flag's reasons, shown in Data Quality). */
export const NOT_BOOKABLE = {
  archived: "Archived",
  noEmail: "No booking e-mail",
  noLocation: "No location",
  noHours: "No opening hours",
  outsideArea: "Outside the service area",
} as const;

/** Why a venue cannot be booked (empty: bookable), from its stored fields. */
export function notBookableReasons(v: {
  status: string;
  bookingEmail: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
  postcode: string | null;
  openingHours: OpeningHours | Record<string, string[]> | null;
}): string[] {
  const out: string[] = [];
  if (v.status === "archived") out.push(NOT_BOOKABLE.archived);
  if (!v.bookingEmail) out.push(NOT_BOOKABLE.noEmail);
  const placed = (v.latitude !== null && v.longitude !== null) || !!v.postcode;
  if (!placed) out.push(NOT_BOOKABLE.noLocation);
  if (!hasHours(v.openingHours as OpeningHours | null)) out.push(NOT_BOOKABLE.noHours);
  if (v.postcode && !inServiceArea(v.postcode)) out.push(NOT_BOOKABLE.outsideArea);
  return out;
}

/** The Data Quality column: Incomplete names the empty lists and why the venue cannot be booked, else Complete. */
export function venueDataQuality(v: {
  dietaryAccommodations: readonly string[];
  accessibilityFeatures: readonly string[];
  notBookableReasons?: readonly string[];
}): {
  complete: boolean;
  missing: string[];
} {
  const missing = [
    ...(v.notBookableReasons ?? []).map((r) => r.toLowerCase()),
    ...(v.dietaryAccommodations.length === 0 ? ["dietary accommodations"] : []),
    ...(v.accessibilityFeatures.length === 0 ? ["accessibility features"] : []),
  ];
  return { complete: missing.length === 0, missing };
}
