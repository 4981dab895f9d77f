import { PlaceholderPage } from "../components/placeholder-page.tsx";

export default function SubscriptionCompletePage() {
  return (
    <PlaceholderPage
      eyebrow="Membership"
      title="Finishing your set-up"
      description="We're confirming your direct debit with the payment provider."
      action={{ href: "/dashboard", label: "Go to Dashboard" }}
    />
  );
}
