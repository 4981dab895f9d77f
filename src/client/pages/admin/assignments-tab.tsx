/** The "assignments" tab of /admin (issue #5). */
export default function AssignmentsTab() {
  return <p className="text-muted-foreground">Loading...</p>;
}
