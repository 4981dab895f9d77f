import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadErrorCard } from "../load-error-card.tsx";
import { Table, TableBody, TableHeader, TableRow } from "../ui/table.tsx";
import { EmptyState, TableSkeleton } from "./common.tsx";

/**
 * A short back-office list fetched whole (no pages): the error card with Retry, skeleton rows while it loads,
 * the empty line, then the rows as cards on phones and a table from sm up. A paged list is a `PagedList`.
 */
export function ShortList<T>({
  query,
  label,
  errorTitle,
  loadingLabel,
  emptyTitle,
  head,
  card,
  row,
}: {
  query: UseQueryResult<T[]>;
  /** The card list's and the table's accessible name. */
  label: string;
  errorTitle: string;
  loadingLabel: string;
  emptyTitle: string;
  /** The table's header cells. */
  head: ReactNode;
  /** A row's phone card: an `li` with its key. */
  card: (item: T) => ReactNode;
  /** A row's table row, with its key. */
  row: (item: T) => ReactNode;
}) {
  if (query.isError)
    return <LoadErrorCard title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <TableSkeleton rows={3} label={loadingLabel} />;
  if (query.data.length === 0) return <EmptyState title={emptyTitle} />;
  return <CardsAndTable items={query.data} label={label} head={head} card={card} row={row} />;
}

/**
 * Rows drawn twice: as cards on phones and as a table from sm up, both with the same accessible name. The
 * states around them (error, loading, empty) are the caller's.
 */
export function CardsAndTable<T>({
  items,
  label,
  head,
  card,
  row,
  busy,
}: {
  items: readonly T[];
  label: string;
  /** The table's header cells. */
  head: ReactNode;
  /** A row's phone card: an `li` with its key. */
  card: (item: T) => ReactNode;
  /** A row's table row, with its key. */
  row: (item: T) => ReactNode;
  /** A newer page is being fetched (the table says so to screen readers). */
  busy?: boolean;
}) {
  return (
    <>
      <ul aria-label={label} className="grid gap-3 sm:hidden">
        {items.map(card)}
      </ul>
      <div className="hidden sm:block">
        <Table aria-label={label} aria-busy={busy || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">{head}</TableRow>
          </TableHeader>
          <TableBody>{items.map(row)}</TableBody>
        </Table>
      </div>
    </>
  );
}
