/** The "ai-suggestions" tab of /admin (issue #5). */
export default function AiSuggestionsTab() {
  return <p className="text-muted-foreground">Loading...</p>;
}
