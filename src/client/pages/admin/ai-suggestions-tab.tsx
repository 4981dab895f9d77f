import { Sparkles } from "lucide-react";
import { useState } from "react";
import {
  type AdminAiSuggestion,
  SUGGESTION_STATUSES,
  type SuggestionStatus,
} from "../../../shared/admin/suggestions.ts";
import { AdminSection, EmptyState, SearchBox, usePagedList } from "../../components/admin/common.tsx";
import { useListSearch } from "../../components/admin/paged-list.tsx";
import { SUGGESTIONS_URL } from "../../components/admin/suggestions/api.ts";
import { NeedingDatesCard } from "../../components/admin/suggestions/needing-dates-card.tsx";
import { SuggestionsList } from "../../components/admin/suggestions/suggestions-list.tsx";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "../../components/ui/select.tsx";

const ALL = "all";
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The "ai-suggestions" tab of /admin: review the matching engine's suggestions, and who still needs dates. */
export default function AiSuggestionsTab() {
  const s = useListSearch();
  const [status, setStatus] = useState<SuggestionStatus | typeof ALL>(ALL);
  const list = usePagedList<AdminAiSuggestion>(SUGGESTIONS_URL, {
    search: s.term,
    offset: s.offset,
    extra: { status: status === ALL ? undefined : status },
  });
  const filtered = Boolean(s.term) || status !== ALL;

  return (
    <div className="grid grid-cols-1 gap-6">
      <AdminSection
        title="AI Suggestions"
        description="Date suggestions waiting for a decision, newest first."
      >
        {(list.total > 0 || filtered) && (
          <div className="mb-4 flex flex-col gap-3 sm:flex-row">
            <SearchBox
              label="Search suggestions by member"
              placeholder="Search by name or e-mail"
              value={s.search}
              onChange={s.setSearch}
            />
            <Select
              value={status}
              onValueChange={(v) => {
                setStatus(v as SuggestionStatus | typeof ALL);
                s.setOffset(0);
              }}
            >
              <SelectTrigger aria-label="Filter by status" className="sm:w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All statuses</SelectItem>
                {SUGGESTION_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {capitalise(s)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <SuggestionsList
          list={list}
          onOffset={s.setOffset}
          empty={
            filtered ? (
              <EmptyState title="No suggestions match this search." />
            ) : (
              <EmptyState
                icon={<Sparkles aria-hidden />}
                title="No AI suggestions found. Generate suggestions for users with completed preferences."
              />
            )
          }
        />
      </AdminSection>
      <NeedingDatesCard />
    </div>
  );
}
