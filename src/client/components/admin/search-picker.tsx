import { useQuery } from "@tanstack/react-query";
import { Check, Search, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { ADMIN_PAGE } from "../../../shared/admin/back-office.ts";
import { type EndpointSpec, urlOf } from "../../../shared/contract/endpoint.ts";
import { cn } from "../../lib/cn.ts";
import { apiRequest } from "../../lib/queryClient.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { type RowOf, useDebounced } from "./common.tsx";

const SUGGESTIONS = 8;

/** A declared admin list searched with ?search=&limit=&offset=, whose rows have ids. */
type SearchedList = EndpointSpec & { readonly method: "GET" };
type Row<E extends SearchedList> = RowOf<E> & { readonly id: number };

export interface SearchPickerProps<E extends SearchedList, Choice> {
  label: string;
  value: Choice | null;
  onChange: (choice: Choice | null) => void;
  error?: string;
  /** Shown under an empty picker (e.g. what no choice means). */
  hint?: string;
  /** The search box's id (an error summary links to it); a generated one when not given. */
  inputId?: string;
  /** The admin list endpoint searched with ?search=&limit= (and offset=0). */
  endpoint: E;
  placeholder: string;
  /** What the rows are, plural, lower case: "members", "venues" (the list's name and its messages). */
  noun: string;
  /** Said when the list is empty without a search term. */
  emptyText: string;
  toChoice: (row: Row<E>) => Choice;
  /** The chosen value's two lines: what it is, and a detail (or nothing). */
  chosen: (choice: Choice) => { title: string; detail?: string };
  /** The Change button's accessible name. */
  changeLabel: (choice: Choice) => string;
  option: (row: Row<E>) => ReactNode;
}

/**
 * Choose one row of a large admin list (100,000 members, 10,000 venues) by typing part of it: the server
 * searches and the first few are offered, none are loaded up front. A combobox: arrows move, Enter chooses,
 * Escape closes the list (not the dialog around it). The list floats over the form, so closing it on blur
 * never moves the button being clicked.
 */
export function SearchPicker<E extends SearchedList, Choice>(p: SearchPickerProps<E, Choice>) {
  const autoInputId = useId();
  const ids = { input: p.inputId ?? autoInputId, list: useId(), error: useId(), hint: useId() };
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const term = useDebounced(text.trim());
  const address = urlOf(p.endpoint, { query: { limit: SUGGESTIONS, offset: 0, search: term } });
  const results = useQuery({
    queryKey: [address, "picker"],
    enabled: open && p.value === null,
    staleTime: 30_000,
    queryFn: async () => {
      // Typed by the declaration (queryOf's input is not generic): the list's rows.
      const rows: Row<E>[] = await (await apiRequest("GET", address)).json();
      return rows;
    },
  });
  const options = results.data ?? [];
  const listed = open && options.length > 0;
  // The line under the field while there is no list: searching, an error, or no match.
  const status = open && !listed && (results.isFetching || results.isError || results.isSuccess);
  const popup = listed || status;
  const input = useRef<HTMLInputElement>(null);
  // Escape closes the list (or its status line), not the dialog around it. Radix dialogs listen for Escape
  // on the document in the capture phase, before the input sees the key, so the list listens earlier still:
  // on the window. The status line counts too: between one search and the next the list gives way to
  // "Searching...", and an Escape pressed then closed the whole dialog.
  useEffect(() => {
    if (!popup) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || document.activeElement !== input.current) return;
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, [popup]);

  // Near the foot of a dialog the list would open below the fold: scroll the dialog just enough to show it.
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (listed) list.current?.scrollIntoView({ block: "nearest" });
  }, [listed]);

  if (p.value) {
    const { title, detail } = p.chosen(p.value);
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <Label htmlFor={ids.input}>{p.label}</Label>
        <div className="flex items-center gap-3 rounded-lg border border-input bg-surface px-3.5 py-2.5">
          <Check aria-hidden className="size-4 shrink-0 text-success-text" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium break-words">{title}</p>
            {detail && <p className="text-xs [overflow-wrap:anywhere] text-muted-foreground">{detail}</p>}
          </div>
          <Button
            id={ids.input}
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              p.onChange(null);
              setText("");
              setOpen(true);
            }}
            aria-label={p.changeLabel(p.value)}
          >
            <X aria-hidden />
            Change
          </Button>
        </div>
      </div>
    );
  }

  const choose = (row: Row<E> | undefined) => {
    if (!row) return;
    p.onChange(p.toChoice(row));
    setOpen(false);
  };
  const optionId = (i: number) => `${ids.list}-option-${i}`;
  const described = [p.error ? ids.error : null, p.hint && !p.error ? ids.hint : null]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <Label htmlFor={ids.input}>{p.label}</Label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={input}
          id={ids.input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={ids.list}
          aria-activedescendant={listed && options[active] ? optionId(active) : undefined}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={described || undefined}
          autoComplete="off"
          placeholder={p.placeholder}
          maxLength={ADMIN_PAGE.searchMax}
          className="pl-9"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          // Focus alone (a dialog opening on this field, or Tab) leaves the list shut: it opens on typing,
          // the down arrow or a click, so it never covers the form by itself.
          onClick={() => setOpen(true)}
          // After the focus move has settled, for the same reason (a click elsewhere).
          onBlur={() => setTimeout(() => setOpen(false), 0)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setOpen(true);
              setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((i) => Math.max(i - 1, 0));
            } else if (e.key === "Tab" && open) {
              // Shut while this field still has focus, before the browser moves it: removing the list (or
              // its "Searching..." line) during the move left focus on <body> for a moment, and the Radix
              // dialog's focus trap then took it to the dialog frame instead of the next field.
              flushSync(() => setOpen(false));
            } else if (e.key === "Enter" && listed) {
              e.preventDefault();
              choose(options[active]);
            }
          }}
        />
        <div className="absolute inset-x-0 top-full z-20 mt-1">
          {listed && (
            <div
              ref={list}
              id={ids.list}
              role="listbox"
              // Not a tab stop (Chromium makes a scrolling box one): the arrows move in the list, Tab leaves it.
              tabIndex={-1}
              aria-label={p.noun[0].toUpperCase() + p.noun.slice(1)}
              className="max-h-64 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-lg"
            >
              {options.map((row, i) => (
                <div
                  key={row.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  tabIndex={-1}
                  className={cn(
                    "cursor-pointer rounded-md px-3 py-2 text-sm",
                    i === active ? "bg-muted" : "hover:bg-muted/60",
                  )}
                  onMouseEnter={() => setActive(i)}
                  // Chosen on mouse down, before the input loses focus.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(row);
                  }}
                >
                  {p.option(row)}
                </div>
              ))}
            </div>
          )}
          {status && (
            <p
              role="status"
              className="flex items-center gap-2 rounded-lg border border-border bg-surface px-3 py-2 text-sm text-muted-foreground shadow-lg"
            >
              {results.isFetching ? (
                <>
                  <Spinner className="size-4" /> Searching...
                </>
              ) : results.isError ? (
                `Couldn't search ${p.noun}. Try again.`
              ) : term ? (
                `No ${p.noun} match this search.`
              ) : (
                p.emptyText
              )}
            </p>
          )}
        </div>
      </div>
      {p.hint && !p.error && (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {p.hint}
        </p>
      )}
      {p.error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive-text">
          {p.error}
        </p>
      )}
    </div>
  );
}
