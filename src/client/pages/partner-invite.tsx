import { PlaceholderPage } from "../components/placeholder-page.tsx";

export default function Page() {
  return <PlaceholderPage title="partner-invite" description="Coming in this issue." />;
}
