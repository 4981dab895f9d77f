import { PlaceholderPage } from "../components/placeholder-page.tsx";

export default function Page() {
  return <PlaceholderPage title="billing" description="Coming in this issue." />;
}
