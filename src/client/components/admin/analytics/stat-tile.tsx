import type { ReactNode } from "react";
import { Card } from "../../ui/card.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";

/** One headline figure: its name, the value, and a line saying what it is made of. */
export function StatTile({
  label,
  value,
  hint,
  icon,
  loading,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  loading: boolean;
  testId: string;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-5" data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-sans text-sm font-medium text-muted-foreground">{label}</h3>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-brand [&_svg]:size-4">
          {icon}
        </span>
      </div>
      {loading ? (
        <>
          <Skeleton className="h-9 w-28" />
          <Skeleton className="h-4 w-40" />
        </>
      ) : (
        <>
          <p
            className="font-display text-3xl leading-none font-medium tabular-nums"
            data-testid={`${testId}-value`}
          >
            {value}
          </p>
          {hint && <p className="text-xs leading-relaxed text-muted-foreground">{hint}</p>}
        </>
      )}
    </Card>
  );
}
