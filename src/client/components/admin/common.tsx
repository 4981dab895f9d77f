/** What the back-office tabs share: downloads, paged lists, section cards, dates in en-GB. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { ADMIN_PAGE, TOTAL_COUNT_HEADER } from "../../../shared/admin/back-office.ts";
import {
  type AnswerOf,
  type EndpointSpec,
  type InputOf,
  pathOf,
  type QueryOf,
  queryStringOf,
  urlOf,
} from "../../../shared/contract/endpoint.ts";
import { londonIsoDay, londonNumericDay, londonNumericDayTime } from "../../../shared/london-time.ts";
import { cn } from "../../lib/cn.ts";
import { apiRequest } from "../../lib/queryClient.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Input } from "../ui/input.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

export const AUTH_FAILED = "Authentication failed - please refresh and try again";

/** "21/11/2026" (spec: dates in en-GB), in London time. */
export function formatDateGB(value: string | Date | null | undefined): string {
  if (!value) return "-";
  return londonNumericDay(new Date(value));
}

/** "21/11/2026, 19:30", in London time. */
export function formatDateTimeGB(value: string | Date | null | undefined): string {
  if (!value) return "-";
  return londonNumericDayTime(new Date(value));
}

/** Today as YYYY-MM-DD in London (file names of downloads). */
export function todayStamp(): string {
  return londonIsoDay(new Date());
}

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : null;
}

/**
 * Downloads a file the server builds (an export or a template), named by its declaration (or, until every
 * caller has moved to one, by its address): the name comes from content-disposition, else
 * `{fallbackBase}-{date}.xlsx`. A non-OK answer throws an ApiError like every other call; an HTML page coming
 * back (a lost session answered by the app shell) throws AUTH_FAILED.
 */
export async function downloadExport<E extends EndpointSpec>(
  source: E | string,
  fallbackBase: string,
  opts: { method?: "GET" | "POST"; extension?: string; input?: InputOf<E> } = {},
): Promise<string> {
  const method = typeof source === "string" ? (opts.method ?? "GET") : source.method;
  const url = typeof source === "string" ? source : urlOf(source, opts.input);
  const res = await apiRequest(method, url, method === "POST" ? {} : undefined);
  if ((res.headers.get("content-type") ?? "").includes("text/html")) throw new Error(AUTH_FAILED);
  const blob = await res.blob();
  const name =
    fileNameFrom(res.headers.get("content-disposition")) ??
    `${fallbackBase}-${todayStamp()}.${opts.extension ?? "xlsx"}`;
  saveBlob(blob, name);
  return name;
}

/** Hands a blob to the browser as a download called `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A value that follows `value` once it has stopped changing for `ms` (search boxes). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

export interface PageParams {
  search?: string;
  limit?: number;
  offset?: number;
  /** Further query parameters (filters). Empty values are left out. */
  extra?: Record<string, string | undefined>;
}

/** The page a paged list shows: its rows and the total the server counted. */
interface Page<T> {
  rows: T[];
  total: number;
}

function usePage<T>(path: string, qs: string, limit: number, offset: number) {
  const query = useQuery({
    queryKey: [path, qs],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: async (): Promise<Page<T>> => {
      const res = await apiRequest("GET", `${path}?${qs}`);
      const rows: T[] = await res.json();
      const total = Number(res.headers.get(TOTAL_COUNT_HEADER) ?? rows.length);
      return { rows, total };
    },
  });
  return {
    query,
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    limit,
    offset,
  };
}

/**
 * A page of a long admin list searched and paged on the server: the body is an array, the total comes in
 * x-total-count. The key starts with `url`, so `invalidateQueries({queryKey: [url]})` refreshes every page.
 * (Lists whose endpoint is declared read through usePagedEndpoint.)
 */
export function usePagedList<T>(url: string, params: PageParams = {}) {
  const limit = params.limit ?? ADMIN_PAGE.defaultLimit;
  const offset = params.offset ?? 0;
  const qs = new URLSearchParams();
  if (params.search) qs.set("search", params.search);
  qs.set("limit", String(limit));
  qs.set("offset", String(offset));
  for (const [k, v] of Object.entries(params.extra ?? {})) if (v) qs.set(k, v);
  return usePage<T>(url, qs.toString(), limit, offset);
}

/** One row of a declared list's answer. */
export type RowOf<E extends EndpointSpec> = AnswerOf<E> extends ReadonlyArray<infer R> ? R : never;

/**
 * A page of a declared list endpoint (its answer an array, its total in x-total-count), read with `query`
 * (unset filters are left out) and the default page size unless it says otherwise. The key is the endpoint's
 * address and then the query, so `invalidate(queryClient, ep)` and an old-style `[address]` key both refresh
 * every page.
 */
export function usePagedEndpoint<E extends EndpointSpec & { readonly method: "GET" }>(
  ep: E,
  query: QueryOf<E> & { readonly limit?: number; readonly offset?: number },
) {
  const limit = query.limit ?? ADMIN_PAGE.defaultLimit;
  const offset = query.offset ?? 0;
  const qs = queryStringOf({ ...query, limit, offset });
  return usePage<RowOf<E>>(pathOf(ep), qs, limit, offset);
}

/** "1-50 of 1,234" with previous / next page buttons. */
export function Pager({
  total,
  limit,
  offset,
  onOffset,
  label = "rows",
}: {
  total: number;
  limit: number;
  offset: number;
  onOffset: (offset: number) => void;
  label?: string;
}) {
  if (total <= limit && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(total, offset + limit);
  const fmt = (n: number) => n.toLocaleString("en-GB");
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 pt-4 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {fmt(first)}-{fmt(last)} of {fmt(total)} {label}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - limit))}
        >
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + limit >= total}
          onClick={() => onOffset(offset + limit)}
        >
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

/** A search field for a list; pass the raw value to useDebounced before querying. */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
}) {
  return (
    <div className={cn("relative w-full sm:max-w-xs", className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={value}
        maxLength={ADMIN_PAGE.searchMax}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}

/** One card of a tab: a title, an optional line under it, actions on the right (wrapping on phones). */
export function AdminSection({
  title,
  description,
  actions,
  children,
  className,
  headingLevel = 2,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card className={cn("p-4 sm:p-6", className)}>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <Heading className="font-display text-2xl font-medium leading-tight">{title}</Heading>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2 sm:justify-end">{actions}</div>}
      </div>
      {children}
    </Card>
  );
}

/** What an empty list shows: an icon, a sentence, and optionally the next step. */
export function EmptyState({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      {icon && <div className="text-muted-foreground [&_svg]:size-8">{icon}</div>}
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

/** Rows of placeholders while a table loads. */
export function TableSkeleton({ rows = 5, label = "Loading" }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10" />
      ))}
    </div>
  );
}
