import { PlaceholderPage } from "../components/placeholder-page.tsx";

export default function DashboardPage() {
  return (
    <PlaceholderPage
      eyebrow="Your dates"
      title="Dashboard"
      description="Your upcoming mystery dates and past adventures will appear here."
      action={{ href: "/settings", label: "Account settings" }}
    />
  );
}
