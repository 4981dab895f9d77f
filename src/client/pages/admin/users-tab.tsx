/** The "users" tab of /admin (issue #5). */
export default function UsersTab() {
  return <p className="text-muted-foreground">Loading...</p>;
}
