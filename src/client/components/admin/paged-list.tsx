import { Fragment, type ReactNode, useState } from "react";
import { LoadErrorCard } from "../load-error-card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { Pager, TableSkeleton, useDebounced, type usePagedList } from "./common.tsx";
import { CardActions, CardField, CardFields, CardItem } from "./members/mobile-card.tsx";

/**
 * One column of a back-office list, drawn from the same definition as a table column (md and up) and as part
 * of a phone card (below md):
 * - `title`: the card's heading block (and the table's cell);
 * - `badge`: beside the heading, on the card's right (a status);
 * - `field`: a term over its value in the card's grid (the term is the header);
 * - `body`: a full-width block under the fields, without a term (a description, a line of notes);
 * - `actions`: the card's button row, in column order (several columns may add to it);
 * - `none`: the table only (a column that repeats what the card's heading already shows).
 * A `body` or `actions` cell that gives nothing (null, false) leaves no gap in the card.
 */
export interface ListColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  card: "title" | "badge" | "field" | "body" | "actions" | "none";
  /** The card's rendering when it differs from the table cell's. */
  cardCell?: (row: T) => ReactNode;
  /** false: the card only (a figure the table already shows inside another column's cell). */
  table?: false;
  /** Classes of the table cell and of its header (e.g. "hidden lg:table-cell" on both). */
  className?: string;
  headClassName?: string;
}

/**
 * The table's own e-mail column, shown from lg up only: below lg the name cell carries the address, and the
 * phone card's heading shows it anyway.
 */
export function emailColumn<T>(email: (row: T) => ReactNode): ListColumn<T> {
  return {
    id: "email",
    header: "Email",
    card: "none",
    className: "hidden min-w-48 wrap-anywhere lg:table-cell",
    headClassName: "hidden lg:table-cell",
    cell: email,
  };
}

type PagedListState<T> = ReturnType<typeof usePagedList<T>>;

/**
 * A server-paged list with its four states: the error card with Retry, skeleton rows while the first page
 * loads, the empty state, and the rows as cards on phones and a table from md up, with the pager under them.
 */
export function PagedList<T>({
  list,
  columns,
  rowKey,
  label,
  testIdPrefix,
  errorTitle,
  loadingLabel,
  empty,
  pagerLabel,
  onOffset,
  cardFieldColumns,
  renderCard,
  rowClassName,
  tableFrom = "md",
  error,
  rowTestId,
}: {
  list: PagedListState<T>;
  columns: ReadonlyArray<ListColumn<T>>;
  rowKey: (row: T) => string | number;
  /** The table's and the card list's accessible name ("Members"). */
  label: string;
  /** Rows are `${prefix}-row-${key}` and cards `${prefix}-card-${key}` (tests find them so). */
  testIdPrefix: string;
  errorTitle: string;
  loadingLabel: string;
  /** What an empty page shows (it may differ between "nothing yet" and "nothing matches"). */
  empty: ReactNode;
  /** "members" in "1-50 of 120 members". */
  pagerLabel: string;
  onOffset: (offset: number) => void;
  cardFieldColumns?: 2 | 3;
  /** A card of the list's own design instead of the one drawn from the columns (e.g. a card that is one button). */
  renderCard?: (row: T) => ReactNode;
  rowClassName?: (row: T) => string | undefined;
  /** The width from which the table replaces the cards. */
  tableFrom?: "sm" | "md";
  /** A list's own failure card instead of the shared one. */
  error?: ReactNode;
  /** A table row's test id when it is not `${prefix}-row-${key}` (older tests know the rows so). */
  rowTestId?: (row: T) => string;
}) {
  if (list.query.isError)
    return (
      error ?? (
        <LoadErrorCard title={errorTitle} error={list.query.error} onRetry={() => list.query.refetch()} />
      )
    );
  if (list.query.isPending) return <TableSkeleton label={loadingLabel} />;
  if (list.rows.length === 0) return <>{empty}</>;

  const titles = columns.filter((c) => c.card === "title");
  const badges = columns.filter((c) => c.card === "badge");
  const fields = columns.filter((c) => c.card === "field");
  const bodies = columns.filter((c) => c.card === "body");
  const actions = columns.filter((c) => c.card === "actions");
  const tableColumns = columns.filter((c) => c.table !== false);
  const cardOf = (c: ListColumn<T>, row: T) => (c.cardCell ?? c.cell)(row);
  /** The cells of these columns that give something, so an empty one adds no row (and no gap) to the card. */
  const given = (cs: ListColumn<T>[], row: T) =>
    cs.map((c) => ({ id: c.id, node: cardOf(c, row) })).filter(({ node }) => node != null && node !== false);
  const heading = (row: T) =>
    titles.length > 0 && (
      <div className="min-w-0">
        {titles.map((c) => (
          <div key={c.id}>{cardOf(c, row)}</div>
        ))}
      </div>
    );
  return (
    <>
      {/* Phones: one card per row; the table from md (or sm) up. */}
      <ul className={tableFrom === "sm" ? "grid gap-3 sm:hidden" : "grid gap-3 md:hidden"} aria-label={label}>
        {list.rows.map((row) =>
          renderCard ? (
            <li key={rowKey(row)} data-testid={`${testIdPrefix}-card-${rowKey(row)}`}>
              {renderCard(row)}
            </li>
          ) : (
            <CardItem key={rowKey(row)} testId={`${testIdPrefix}-card-${rowKey(row)}`}>
              {badges.length > 0 ? (
                <div className="flex min-w-0 items-start justify-between gap-3">
                  {heading(row)}
                  {badges.map((c) => (
                    <Fragment key={c.id}>{cardOf(c, row)}</Fragment>
                  ))}
                </div>
              ) : (
                heading(row)
              )}
              {fields.length > 0 && (
                <CardFields columns={cardFieldColumns}>
                  {fields.map((c) => (
                    <CardField key={c.id} term={c.header}>
                      {cardOf(c, row)}
                    </CardField>
                  ))}
                </CardFields>
              )}
              {given(bodies, row).map(({ id, node }) => (
                <Fragment key={id}>{node}</Fragment>
              ))}
              <CardButtons cells={given(actions, row)} />
            </CardItem>
          ),
        )}
      </ul>
      <div className={tableFrom === "sm" ? "hidden sm:block" : "hidden md:block"}>
        <Table aria-label={label} aria-busy={list.query.isFetching || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {tableColumns.map((c) => (
                <TableHead key={c.id} className={c.headClassName}>
                  {c.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.rows.map((row) => (
              <TableRow
                key={rowKey(row)}
                data-testid={rowTestId ? rowTestId(row) : `${testIdPrefix}-row-${rowKey(row)}`}
                className={rowClassName?.(row)}
              >
                {tableColumns.map((c) => (
                  <TableCell key={c.id} className={c.className}>
                    {c.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pager
        total={list.total}
        limit={list.limit}
        offset={list.offset}
        onOffset={onOffset}
        label={pagerLabel}
      />
    </>
  );
}

/** The card's button row, left out when no column gave a button to this row. */
function CardButtons({ cells }: { cells: { id: string; node: ReactNode }[] }) {
  if (cells.length === 0) return null;
  return (
    <CardActions>
      {cells.map(({ id, node }) => (
        <Fragment key={id}>{node}</Fragment>
      ))}
    </CardActions>
  );
}

/** The search box's text, the debounced term the list asks for, and the page offset (back to 0 on a new search). */
export function useListSearch() {
  const [search, setSearchText] = useState("");
  const [offset, setOffset] = useState(0);
  const term = useDebounced(search.trim());
  const setSearch = (value: string) => {
    setSearchText(value);
    setOffset(0);
  };
  return { search, setSearch, term, offset, setOffset };
}
