/** The "venues" tab of /admin (issue #5). */
export default function VenuesTab() {
  return <p className="text-muted-foreground">Loading...</p>;
}
