import { useParams } from "wouter";
import { PlaceholderPage } from "../components/placeholder-page.tsx";

export default function DateDetailPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <PlaceholderPage
      eyebrow={`Date ${id}`}
      title="Your mystery date"
      description="The countdown, the reveal and how to prepare will appear here."
      action={{ href: "/dashboard", label: "Back to Dashboard" }}
    />
  );
}
