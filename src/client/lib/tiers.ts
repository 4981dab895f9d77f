import { TIER_IDS, type TierId } from "../../shared/constants.ts";

/** A plan id from a query parameter such as ?tier=gold, or null when it names no plan. */
export function parseTierId(raw: string | null): TierId | null {
  return TIER_IDS.find((id) => id === raw) ?? null;
}
