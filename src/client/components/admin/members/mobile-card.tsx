import type { ReactNode } from "react";

/**
 * Phones (below md): one card per row instead of a table wider than the screen. The tab shows the table
 * from md up; both are rendered and CSS hides one, so the hidden one is out of the accessibility tree.
 */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label={label}>
      {children}
    </ul>
  );
}

export function CardItem({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <li data-testid={testId} className="grid min-w-0 gap-3 rounded-xl border border-border p-4">
      {children}
    </li>
  );
}

/** The card's figures: a term over its value, in columns. */
export function CardFields({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 }) {
  return (
    <dl className={`grid gap-x-4 gap-y-3 text-sm ${columns === 3 ? "grid-cols-3" : "grid-cols-2"}`}>
      {children}
    </dl>
  );
}

export function CardField({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="mb-1 text-xs text-muted-foreground">{term}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** The card's buttons: side by side, sharing the width; they wrap when they don't fit. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap gap-2 [&>*]:flex-1">{children}</div>;
}
