import { PlaceholderPage } from "../components/placeholder-page.tsx";

export default function SettingsPage() {
  return (
    <PlaceholderPage
      eyebrow="Your account"
      title="Account Settings"
      description="Your profile, notifications, membership, privacy and security."
      action={{ href: "/dashboard", label: "Back to Dashboard" }}
    />
  );
}
