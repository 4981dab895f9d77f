import { useEffect, useRef, useState } from "react";
import { call } from "../../../client/lib/api.ts";
import { useAuth } from "../../../client/lib/auth.ts";
import { rememberedOfferCode, rememberOfferCode, saveChosenPlan } from "../../../client/lib/chosen-tier.ts";
import { formatPounds } from "../../../client/lib/plan.ts";
import { errorMessage, isUnauthorizedError, toastCallError } from "../../../client/lib/queryClient.ts";
import { toast } from "../../../client/lib/toast.ts";
import type { TierId } from "../../../shared/constants.ts";
import { offersApi } from "../../../shared/contract/offers.ts";
import type { OfferQuote } from "../../../shared/schemas/subscription.ts";

export const OFFER_TOAST = {
  applied: "Offer code applied!",
  invalid: "Invalid offer code",
} as const;

/**
 * "You save £2.00 a month for 3 months.", "You save £5.00 on your first month." The toast quotes the saving
 * to two decimals (spec section 8); on the page it is written like the prices beside it ("£2").
 */
export function savingsSentence(quote: OfferQuote, style: "toast" | "page" = "toast"): string {
  const amount = style === "toast" ? `£${quote.discount.toFixed(2)}` : formatPounds(quote.discount);
  if (!quote.isTimeLimited || !quote.durationMonths) return `You save ${amount} a month.`;
  if (quote.durationMonths === 1) return `You save ${amount} on your first month.`;
  return `You save ${amount} a month for ${quote.durationMonths} months.`;
}

export interface AppliedOffer extends OfferQuote {
  tier: TierId;
}

/**
 * The offer code box's state: what is typed (upper-cased), the code applied for a tier, and the check in
 * flight. Only the newest check counts, so quick tier changes can't leave an answer for the wrong plan.
 */
export function useOfferCode(initialTier: TierId | null) {
  // This tab's code, else the one validated earlier on the account (another tab or device).
  const { user } = useAuth();
  const [input, setInputRaw] = useState(() => rememberedOfferCode() ?? user?.chosenPlan?.offerCode ?? "");
  const [applied, setApplied] = useState<AppliedOffer | null>(null);
  const [pending, setPending] = useState(false);
  /** Why the last code was refused (shown beside the field), and a count of refusals the member asked for. */
  const [error, setError] = useState<{ message: string; asked: number } | null>(null);
  const latest = useRef(0);
  /** A code the member applied that a change of plan refused: going back to a plan it fits applies it again. */
  const heldByTier = useRef<string | null>(null);

  async function check(code: string, tier: TierId, announce: boolean, byTierChange = false) {
    const n = ++latest.current;
    setPending(true);
    try {
      const quote = await call(offersApi.validate, { body: { code, tier } });
      if (n !== latest.current) return;
      setApplied({ ...quote, tier });
      heldByTier.current = null;
      setError(null);
      rememberOfferCode(quote.code);
      if (announce) toast({ title: OFFER_TOAST.applied, description: savingsSentence(quote) });
    } catch (error) {
      if (n !== latest.current) return;
      setApplied(null);
      heldByTier.current = byTierChange ? code : null;
      rememberOfferCode(null);
      toastCallError(OFFER_TOAST.invalid, error);
      // The toast closes; the reason stays by the field. Only a check the member asked for takes focus.
      if (!isUnauthorizedError(error))
        setError((e) => ({ message: errorMessage(error), asked: (e?.asked ?? 0) + (announce ? 1 : 0) }));
    } finally {
      if (n === latest.current) setPending(false);
    }
  }

  // A code applied earlier in this tab (before the questionnaire or the payment page) is applied again.
  const restored = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const code = rememberedOfferCode() ?? user?.chosenPlan?.offerCode;
    if (code && initialTier) void check(code, initialTier, false);
  }, []);

  return {
    input,
    setInput: (value: string) => {
      setInputRaw(value.toUpperCase());
      heldByTier.current = null;
      setError(null);
    },
    error,
    applied,
    pending,
    /** Checks the typed code (trimmed) for the tier. */
    apply: (tier: TierId) => {
      const code = input.trim();
      if (!code) return;
      setInputRaw(code);
      void check(code, tier, true);
    },
    /**
     * The plan changed: check the applied code again for it (quietly when it still applies), or the code an
     * earlier change of plan refused, so that going back to a plan it fits brings it back.
     */
    retier: (tier: TierId) => {
      if (applied && applied.tier !== tier) void check(applied.code, tier, false, true);
      else if (!applied && heldByTier.current) void check(heldByTier.current, tier, false, true);
    },
    remove: () => {
      latest.current++;
      heldByTier.current = null;
      setPending(false);
      if (applied) saveChosenPlan(applied.tier, { forgetOfferCode: true });
      setApplied(null);
      setInputRaw("");
      setError(null);
      rememberOfferCode(null);
    },
  };
}
