import { Sparkles } from "lucide-react";
import { useState } from "react";
import {
  type AdminAiSuggestion,
  SUGGESTION_STATUSES,
  type SuggestionStatus,
} from "../../../shared/admin/suggestions.ts";
import {
  AdminSection,
  EmptyState,
  Pager,
  SearchBox,
  TableSkeleton,
  useDebounced,
  usePagedList,
} from "../../components/admin/common.tsx";
import { SUGGESTIONS_URL } from "../../components/admin/suggestions/api.ts";
import { NeedingDatesCard } from "../../components/admin/suggestions/needing-dates-card.tsx";
import { SuggestionsTable } from "../../components/admin/suggestions/suggestions-table.tsx";
import { LoadErrorCard } from "../../components/load-error-card.tsx";
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
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<SuggestionStatus | typeof ALL>(ALL);
  const [offset, setOffset] = useState(0);
  const term = useDebounced(search.trim());
  const list = usePagedList<AdminAiSuggestion>(SUGGESTIONS_URL, {
    search: term,
    offset,
    extra: { status: status === ALL ? undefined : status },
  });
  const filtered = Boolean(term) || status !== ALL;

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
              value={search}
              onChange={(v) => {
                setSearch(v);
                setOffset(0);
              }}
            />
            <Select
              value={status}
              onValueChange={(v) => {
                setStatus(v as SuggestionStatus | typeof ALL);
                setOffset(0);
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
        {list.query.isError ? (
          <LoadErrorCard
            title="Couldn't load AI suggestions"
            error={list.query.error}
            onRetry={() => list.query.refetch()}
            className="border-0 p-0 shadow-none sm:p-0"
          />
        ) : list.query.isPending ? (
          <TableSkeleton label="Loading AI suggestions" />
        ) : list.rows.length === 0 && !filtered ? (
          <EmptyState
            icon={<Sparkles aria-hidden />}
            title="No AI suggestions found. Generate suggestions for users with completed preferences."
          />
        ) : list.rows.length === 0 ? (
          <EmptyState title="No suggestions match this search." />
        ) : (
          <>
            <SuggestionsTable rows={list.rows} />
            <Pager
              total={list.total}
              limit={list.limit}
              offset={list.offset}
              onOffset={setOffset}
              label="suggestions"
            />
          </>
        )}
      </AdminSection>
      <NeedingDatesCard />
    </div>
  );
}
