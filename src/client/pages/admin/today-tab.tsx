import { CheckCircle2, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  ATTENTION_KIND_LABEL,
  ATTENTION_KINDS,
  ATTENTION_MSG,
  type AttentionKind,
} from "../../../shared/admin/attention.ts";
import { AttentionCard } from "../../components/admin/attention/attention-card.tsx";
import { useAttention } from "../../components/admin/attention/use-attention.ts";
import { AdminSection, EmptyState, TableSkeleton } from "../../components/admin/common.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";

const ALL = "all";

/** The clock the cards' "due in" words are read against, moved on every half minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** A filter chip: a kind (or all) with its count; pressed when it is the one shown. */
function Chip({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string;
  count: number;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex h-9 items-center gap-2 rounded-full border px-3.5 text-sm font-medium transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        pressed
          ? "border-primary bg-primary text-primary-foreground"
          : "border-input bg-transparent text-foreground hover:bg-muted",
      )}
    >
      {label}
      <span className="tabular-nums opacity-80">{count}</span>
    </button>
  );
}

/** Today: the one queue of the operator's day, soonest deadline first; each item resolved in place. */
export default function TodayTab() {
  const queue = useAttention();
  const now = useNow();
  const [kind, setKind] = useState<AttentionKind | typeof ALL>(ALL);
  const counts = queue.data?.counts;
  // A kind whose last item was resolved leaves its filter: show everything again.
  const shownKind = kind !== ALL && counts && counts[kind] === 0 ? ALL : kind;
  const items = (queue.data?.items ?? []).filter((i) => shownKind === ALL || i.kind === shownKind);
  const kinds = ATTENTION_KINDS.filter((k) => (counts?.[k] ?? 0) > 0);
  const queueBox = useRef<HTMLElement>(null);
  // A resolved item's card goes, and the focus that was in it: keyboard users carry on from the queue.
  const refocus = useRef(false);
  const onResolved = () => {
    refocus.current = true;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the queue read after an action is drawn.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) queueBox.current?.focus();
  }, [queue.data]);

  return (
    <AdminSection
      title="Today"
      description="Everything that needs a person, soonest deadline first. Resolve each one here."
      actions={
        <Button variant="outline" size="sm" onClick={() => queue.refetch()} disabled={queue.isFetching}>
          <RefreshCw aria-hidden className={cn(queue.isFetching && "motion-safe:animate-spin")} />
          Refresh
        </Button>
      }
    >
      <section ref={queueBox} tabIndex={-1} aria-label="The queue" className="rounded-xl outline-none">
        {queue.isPending ? (
          <TableSkeleton label="Loading the queue" />
        ) : queue.isError ? (
          <EmptyState title={ATTENTION_MSG.failed}>
            <Button variant="outline" size="sm" onClick={() => queue.refetch()}>
              Try again
            </Button>
          </EmptyState>
        ) : counts?.total === 0 ? (
          <EmptyState icon={<CheckCircle2 aria-hidden />} title={ATTENTION_MSG.empty}>
            <p className="text-sm text-muted-foreground">{ATTENTION_MSG.emptyHint}</p>
          </EmptyState>
        ) : (
          <>
            {kinds.length > 1 && (
              <fieldset className="mb-5">
                <legend className="sr-only">Show</legend>
                <div className="flex flex-wrap gap-2">
                  <Chip
                    label="All"
                    count={counts?.total ?? 0}
                    pressed={shownKind === ALL}
                    onClick={() => setKind(ALL)}
                  />
                  {kinds.map((k) => (
                    <Chip
                      key={k}
                      label={ATTENTION_KIND_LABEL[k]}
                      count={counts?.[k] ?? 0}
                      pressed={shownKind === k}
                      onClick={() => setKind(k)}
                    />
                  ))}
                </div>
              </fieldset>
            )}
            <ol className="grid gap-3" aria-label="Needs you, soonest first">
              {items.map((i) => (
                <AttentionCard key={i.id} item={i} now={now} onResolved={onResolved} />
              ))}
            </ol>
          </>
        )}
      </section>
    </AdminSection>
  );
}
