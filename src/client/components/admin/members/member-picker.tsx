import { useQuery } from "@tanstack/react-query";
import { Check, Search, X } from "lucide-react";
import { useId, useState } from "react";
import { ADMIN_PAGE } from "../../../../shared/admin/common.ts";
import { type AdminUser, memberName } from "../../../../shared/admin/members.ts";
import { cn } from "../../../lib/cn.ts";
import { useDebounced } from "../../../pages/admin/common.tsx";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Spinner } from "../../ui/spinner.tsx";

const SUGGESTIONS = 8;

/**
 * Choose a member by typing part of a name or e-mail: the server searches (there may be 100,000 members,
 * so none are loaded up front) and the best few are offered. A combobox: arrows move, Enter chooses,
 * Escape closes.
 */
export function MemberPicker({
  value,
  onChange,
  error,
}: {
  value: AdminUser | null;
  onChange: (user: AdminUser | null) => void;
  error?: string;
}) {
  const ids = { input: useId(), list: useId(), error: useId() };
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const term = useDebounced(text.trim());
  const results = useQuery({
    queryKey: ["/api/admin/users", "picker", term],
    enabled: open && value === null,
    staleTime: 30_000,
    queryFn: async () => {
      const qs = new URLSearchParams({ limit: String(SUGGESTIONS) });
      if (term) qs.set("search", term);
      const res = await fetch(`/api/admin/users?${qs}`, { credentials: "include" });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      return (await res.json()) as AdminUser[];
    },
  });
  const options = results.data ?? [];

  if (value)
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <Label htmlFor={ids.input}>Member</Label>
        <div className="flex items-center gap-3 rounded-lg border border-input bg-surface px-3.5 py-2.5">
          <Check aria-hidden className="size-4 shrink-0 text-success-text" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium break-words">{memberName(value)}</p>
            <p className="text-xs break-all text-muted-foreground">{value.email}</p>
          </div>
          <Button
            id={ids.input}
            variant="ghost"
            size="sm"
            onClick={() => {
              onChange(null);
              setText("");
              setOpen(true);
            }}
            aria-label={`Change member (now ${memberName(value)})`}
          >
            <X aria-hidden />
            Change
          </Button>
        </div>
      </div>
    );

  const choose = (u: AdminUser | undefined) => {
    if (!u) return;
    onChange(u);
    setOpen(false);
  };
  const optionId = (i: number) => `${ids.list}-option-${i}`;
  const listed = open && options.length > 0;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <Label htmlFor={ids.input}>Member</Label>
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
          aria-describedby={error ? ids.error : undefined}
          autoComplete="off"
          placeholder="Search by name or e-mail"
          maxLength={ADMIN_PAGE.searchMax}
          className="pl-9"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
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
      </div>
      {listed && (
        <div
          id={ids.list}
          role="listbox"
          aria-label="Members"
          className="max-h-64 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-sm"
        >
          {options.map((u, i) => (
            <div
              key={u.id}
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
                choose(u);
              }}
            >
              <span className="block truncate font-medium">{memberName(u)}</span>
              <span className="block truncate text-xs text-muted-foreground">{u.email}</span>
            </div>
          ))}
        </div>
      )}
      {open && !listed && (results.isFetching || results.isError || term.length > 0) && (
        <p role="status" className="flex items-center gap-2 px-1 text-sm text-muted-foreground">
          {results.isFetching ? (
            <>
              <Spinner className="size-4" /> Searching...
            </>
          ) : results.isError ? (
            "Couldn't search members. Try again."
          ) : (
            "No members match this search."
          )}
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
