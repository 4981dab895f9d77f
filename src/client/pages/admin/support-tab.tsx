/** The "support" tab of /admin (issue #5). */
export default function SupportTab() {
  return <p className="text-muted-foreground">Loading...</p>;
}
