import { useQuery } from "@tanstack/react-query";
import { Check, MapPin, Search, X } from "lucide-react";
import { useId, useState } from "react";
import { ADMIN_PAGE } from "../../../../shared/admin/common.ts";
import type { AdminVenue } from "../../../../shared/admin/venues.ts";
import { cn } from "../../../lib/cn.ts";
import { useDebounced } from "../../../pages/admin/common.tsx";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { VENUES_URL } from "./api.ts";

const SUGGESTIONS = 8;

/** A chosen venue: city and type are unknown when only the name came with the record (a date idea). */
export type VenueChoice = Pick<AdminVenue, "id" | "name"> & Partial<Pick<AdminVenue, "city" | "type">>;

/** "name - city (type)" (spec section 2), as far as it is known. */
export function venueChoiceLabel(v: VenueChoice): string {
  return `${v.name}${v.city ? ` - ${v.city}` : ""}${v.type ? ` (${v.type})` : ""}`;
}

/**
 * Choose a venue by typing part of its name, city or address: the server searches (an import can bring
 * 10,000 venues, so none are loaded up front) and the first few by name are offered. A combobox like the
 * member picker: arrows move, Enter chooses, Escape closes the list.
 */
export function VenuePicker({
  value,
  onChange,
  error,
  label = "Venue",
  hint,
}: {
  value: VenueChoice | null;
  onChange: (venue: VenueChoice | null) => void;
  error?: string;
  label?: string;
  /** Shown under an empty picker (e.g. what no venue means). */
  hint?: string;
}) {
  const ids = { input: useId(), list: useId(), error: useId(), hint: useId() };
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const term = useDebounced(text.trim());
  const results = useQuery({
    queryKey: [VENUES_URL, "picker", term],
    enabled: open && value === null,
    staleTime: 30_000,
    queryFn: async () => {
      const qs = new URLSearchParams({ limit: String(SUGGESTIONS), offset: "0" });
      if (term) qs.set("search", term);
      const res = await fetch(`${VENUES_URL}?${qs}`, { credentials: "include" });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      return (await res.json()) as AdminVenue[];
    },
  });
  const options = results.data ?? [];

  if (value)
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <Label htmlFor={ids.input}>{label}</Label>
        <div className="flex items-center gap-3 rounded-lg border border-input bg-surface px-3.5 py-2.5">
          <Check aria-hidden className="size-4 shrink-0 text-success-text" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium break-words">{value.name}</p>
            {(value.city || value.type) && (
              <p className="text-xs break-words text-muted-foreground">
                {[value.city, value.type].filter(Boolean).join(" · ")}
              </p>
            )}
          </div>
          <Button
            id={ids.input}
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              onChange(null);
              setText("");
              setOpen(true);
            }}
            aria-label={`Change venue (now ${venueChoiceLabel(value)})`}
          >
            <X aria-hidden />
            Change
          </Button>
        </div>
      </div>
    );

  const choose = (v: AdminVenue | undefined) => {
    if (!v) return;
    onChange({ id: v.id, name: v.name, city: v.city, type: v.type });
    setOpen(false);
  };
  const optionId = (i: number) => `${ids.list}-option-${i}`;
  const listed = open && options.length > 0;
  const described = [error ? ids.error : null, hint && !error ? ids.hint : null].filter(Boolean).join(" ");

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <Label htmlFor={ids.input}>{label}</Label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={ids.input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={ids.list}
          aria-activedescendant={listed && options[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          autoComplete="off"
          placeholder="Search by name, city or address"
          maxLength={ADMIN_PAGE.searchMax}
          className="pl-9"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setOpen(true);
              setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((i) => Math.max(i - 1, 0));
            } else if (e.key === "Enter" && listed) {
              e.preventDefault();
              choose(options[active]);
            } else if (e.key === "Escape" && listed) {
              // Close the list, not the dialog around it.
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
            }
          }}
        />
        {/* Over the form, not in its flow: closing on blur must not move the button being clicked. */}
        <div className="absolute inset-x-0 top-full z-20 mt-1">
          {listed && (
            <div
              id={ids.list}
              role="listbox"
              aria-label="Venues"
              className="max-h-64 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-lg"
            >
              {options.map((v, i) => (
                <div
                  key={v.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  tabIndex={-1}
                  className={cn(
                    "flex cursor-pointer items-start gap-2 rounded-md px-3 py-2 text-sm",
                    i === active ? "bg-muted" : "hover:bg-muted/60",
                  )}
                  onMouseEnter={() => setActive(i)}
                  // Chosen on mouse down, before the input loses focus.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(v);
                  }}
                >
                  <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{v.name}</span>
                    <span className="text-muted-foreground">
                      {" "}
                      - {v.city} ({v.type})
                    </span>
                  </span>
                </div>
              ))}
            </div>
          )}
          {open && !listed && (results.isFetching || results.isError || results.isSuccess) && (
            <p
              role="status"
              className="flex items-center gap-2 rounded-lg border border-border bg-surface px-3 py-2 text-sm text-muted-foreground shadow-lg"
            >
              {results.isFetching ? (
                <>
                  <Spinner className="size-4" /> Searching...
                </>
              ) : results.isError ? (
                "Couldn't search venues. Try again."
              ) : term ? (
                "No venues match this search."
              ) : (
                "No venues yet: add one in the Venues tab."
              )}
            </p>
          )}
        </div>
      </div>
      {hint && !error && (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
