/** The "analytics" tab of /admin (issue #5). */
export default function AnalyticsTab() {
  return <p className="text-muted-foreground">Loading...</p>;
}
