/** The "emails" tab of /admin (issue #5). */
export default function EmailsTab() {
  return <p className="text-muted-foreground">Loading...</p>;
}
