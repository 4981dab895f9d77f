import { useSearch } from "wouter";
import type { TierId } from "../../shared/constants.ts";
import { offersApi } from "../../shared/contract/offers.ts";
import { call } from "./api.ts";
import { useAuth } from "./auth.ts";
import { parseTierId } from "./tiers.ts";

/**
 * The plan a member picked on the landing page (?tier=gold), kept for this browser tab so it survives the
 * detour through sign-up and the preferences questionnaire.
 */
const STORAGE_KEY = "unveil:chosen-tier";

export function rememberTier(tier: TierId): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, tier);
  } catch {
    // Storage can be unavailable (private mode, blocked): the ?tier in the address still works.
  }
}

export function rememberedTier(): TierId | null {
  try {
    return parseTierId(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

export function forgetTier(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
    sessionStorage.removeItem(OFFER_KEY);
  } catch {
    // Nothing to forget.
  }
}

/**
 * The plan named by this page's ?tier, else the one remembered earlier in this tab, else the one kept with
 * the account (chosen at registration or on the plans page, in any tab or on any device). Remembers a new one.
 */
export function useChosenTier(): TierId | null {
  const fromUrl = parseTierId(new URLSearchParams(useSearch()).get("tier"));
  const { user } = useAuth();
  if (fromUrl) {
    rememberTier(fromUrl);
    return fromUrl;
  }
  return rememberedTier() ?? user?.chosenPlan?.tier ?? null;
}

/**
 * Keeps the plan being looked at (and a removed offer code) with the account, so another tab or device
 * continues with it. Best effort: the plans page works the same if this call fails.
 */
export function saveChosenPlan(tier: TierId, opts: { forgetOfferCode?: boolean } = {}): void {
  void call(offersApi.chosenPlan, {
    body: { tier, ...(opts.forgetOfferCode ? { offerCode: null } : {}) },
  }).catch(() => {});
}

const OFFER_KEY = "unveil:offer-code";

/** An offer code applied on the plans page, kept for this tab across the questionnaire and the payment page. */
export function rememberOfferCode(code: string | null): void {
  try {
    if (code) sessionStorage.setItem(OFFER_KEY, code);
    else sessionStorage.removeItem(OFFER_KEY);
  } catch {
    // Without storage the member types the code again.
  }
}

export function rememberedOfferCode(): string | null {
  try {
    return sessionStorage.getItem(OFFER_KEY);
  } catch {
    return null;
  }
}

/** "/subscription?tier=gold", or without the query when no plan was chosen. */
export function withTier(path: string, tier: TierId | null): string {
  return tier ? `${path}?tier=${tier}` : path;
}
