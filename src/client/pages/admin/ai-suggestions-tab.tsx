import { Sparkles } from "lucide-react";
import {
  type AdminAiSuggestion,
  SUGGESTION_STATUSES,
  type SuggestionStatus,
} from "../../../shared/admin/suggestions.ts";
import { AdminSection, EmptyState, usePagedList } from "../../components/admin/common.tsx";
import { FilterSelect, ListToolbar, useListFilter } from "../../components/admin/list-toolbar.tsx";
import { useListSearch } from "../../components/admin/paged-list.tsx";
import { SUGGESTIONS_URL } from "../../components/admin/suggestions/api.ts";
import { NeedingDatesCard } from "../../components/admin/suggestions/needing-dates-card.tsx";
import { SuggestionsList } from "../../components/admin/suggestions/suggestions-list.tsx";

const ALL = "all";
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const STATUS_OPTIONS: { value: SuggestionStatus | typeof ALL; label: string }[] = [
  { value: ALL, label: "All statuses" },
  ...SUGGESTION_STATUSES.map((value) => ({ value, label: capitalise(value) })),
];

/** The "ai-suggestions" tab of /admin: review the matching engine's suggestions, and who still needs dates. */
export default function AiSuggestionsTab() {
  const s = useListSearch();
  const [status, setStatus] = useListFilter<SuggestionStatus | typeof ALL>(ALL, s.setOffset);
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
          <ListToolbar search={s} label="Search suggestions by member" placeholder="Search by name or e-mail">
            <FilterSelect
              label="Filter by status"
              value={status}
              onChange={setStatus}
              options={STATUS_OPTIONS}
              className="sm:w-48"
            />
          </ListToolbar>
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
