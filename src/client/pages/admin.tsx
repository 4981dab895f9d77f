import { PlaceholderPage } from "../components/placeholder-page.tsx";

export default function AdminPage() {
  return (
    <PlaceholderPage
      eyebrow="Back office"
      title="Admin"
      description="Venues, members, assignments, offers, analytics and e-mail."
    />
  );
}
