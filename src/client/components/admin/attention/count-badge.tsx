import { useAttention } from "./use-attention.ts";

/** The Today tab's count in the tab strip: how many items need a person (nothing while none, or loading). */
export function AttentionCountBadge() {
  const { data } = useAttention();
  const total = data?.counts.total ?? 0;
  if (total === 0) return null;
  const shown = total > 99 ? "99+" : String(total);
  return (
    <span
      data-testid="today-count"
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground tabular-nums"
    >
      {shown}
      <span className="sr-only"> {total === 1 ? "item needs you" : "items need you"}</span>
    </span>
  );
}
