/** The "members" tab of /admin (issue #5). */
export default function MembersTab() {
  return <p className="text-muted-foreground">Loading...</p>;
}
