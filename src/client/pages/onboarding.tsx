import { PlaceholderPage } from "../components/placeholder-page.tsx";

export default function OnboardingPage() {
  return (
    <PlaceholderPage
      eyebrow="Step 1 of 6"
      title="Tell us about the two of you"
      description="Six short questions about what you love, your budget and when you're free."
    />
  );
}
