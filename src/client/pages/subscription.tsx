import { useSearch } from "wouter";
import { TIERS } from "../../shared/constants.ts";
import { PlaceholderPage } from "../components/placeholder-page.tsx";
import { parseTierId } from "../lib/tiers.ts";

export default function SubscriptionPage() {
  const tier = parseTierId(new URLSearchParams(useSearch()).get("tier"));
  return (
    <PlaceholderPage
      eyebrow="Membership"
      title="Choose your plan"
      description={
        tier
          ? `You chose ${TIERS[tier].name}. You'll confirm it and set up your direct debit here.`
          : "Pick Silver, Gold or Platinum and set up your direct debit."
      }
    />
  );
}
