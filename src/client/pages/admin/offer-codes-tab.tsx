/** The "offer-codes" tab of /admin (issue #5). */
export default function OfferCodesTab() {
  return <p className="text-muted-foreground">Loading...</p>;
}
