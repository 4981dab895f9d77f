import { useParams } from "wouter";
import { PlaceholderPage } from "../components/placeholder-page.tsx";

export default function AdminMemberPage() {
  const { userId } = useParams<{ userId: string }>();
  return (
    <PlaceholderPage
      eyebrow="Back office"
      title={`Member ${userId}`}
      description="This member's details, preferences, subscription and dates."
      action={{ href: "/admin", label: "Back to Admin" }}
    />
  );
}
