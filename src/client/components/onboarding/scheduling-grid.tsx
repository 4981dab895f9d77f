import { Check } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { DAYS_OF_WEEK } from "../../../shared/constants.ts";
import { MIN_SCHEDULING_OPTIONS } from "../../../shared/schemas/onboarding.ts";
import { cn } from "../../lib/cn.ts";
import { focusRing, type InvalidProps, LiveCount } from "./controls.tsx";
import type { DayOfWeek, Slot } from "./model.ts";

const WEEKS = [1, 2, 3, 4] as const;
const ORDINAL = { 1: "1st", 2: "2nd", 3: "3rd", 4: "4th" } as const;
const dayName = (d: DayOfWeek) => d[0].toUpperCase() + d.slice(1);
const dayShort = (d: DayOfWeek) => dayName(d).slice(0, 3);

const ROWS = WEEKS.length + 1; // the "every <day>" row, then one row per week
const COLS = DAYS_OF_WEEK.length;

/**
 * Step 4: week of the month x day of the week. Phone first: one row per week with seven compact toggles,
 * and a top row that toggles a day in every week. An ARIA grid (role=grid, row, rowheader, gridcell): one
 * tab stop, then the arrow keys, Home and End (Ctrl+Home and Ctrl+End: the first and last day) move within
 * it, as the line under it says; Space or Enter chooses and unchooses (each cell a toggle, aria-pressed).
 */
export function SchedulingGrid({
  value,
  onChange,
  invalid,
  errorId,
}: { value: Slot[]; onChange: (next: Slot[]) => void } & InvalidProps) {
  const [focus, setFocus] = useState<[number, number]>([1, 0]);
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const has = (week: number, day: DayOfWeek) =>
    value.some((s) => s.weekOfMonth === week && s.dayOfWeek === day);

  function toggle(week: number, day: DayOfWeek) {
    onChange(
      has(week, day)
        ? value.filter((s) => !(s.weekOfMonth === week && s.dayOfWeek === day))
        : [...value, { weekOfMonth: week, dayOfWeek: day }],
    );
  }

  function toggleDay(day: DayOfWeek) {
    const all = WEEKS.every((w) => has(w, day));
    const others = value.filter((s) => s.dayOfWeek !== day);
    onChange(all ? others : [...others, ...WEEKS.map((w) => ({ weekOfMonth: w, dayOfWeek: day }))]);
  }

  function onKeyDown(e: KeyboardEvent) {
    const [r, c] = focus;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [Math.max(0, r - 1), c],
      ArrowDown: [Math.min(ROWS - 1, r + 1), c],
      ArrowLeft: [r, Math.max(0, c - 1)],
      ArrowRight: [r, Math.min(COLS - 1, c + 1)],
      Home: e.ctrlKey ? [0, 0] : [r, 0],
      End: e.ctrlKey ? [ROWS - 1, COLS - 1] : [r, COLS - 1],
    };
    const next = moves[e.key];
    if (!next) return;
    e.preventDefault();
    setFocus(next);
    cells.current.get(`${next[0]}:${next[1]}`)?.focus();
  }

  const cellProps = (row: number, col: number) => ({
    ref: (el: HTMLButtonElement | null) => {
      if (el) cells.current.set(`${row}:${col}`, el);
      else cells.current.delete(`${row}:${col}`);
    },
    tabIndex: focus[0] === row && focus[1] === col ? 0 : -1,
    onFocus: () => setFocus([row, col]),
  });

  const count = value.length;
  const short = MIN_SCHEDULING_OPTIONS - count;

  return (
    <div className="grid gap-4">
      {/* A table with the grid role: its rows, row headers and cells are the grid's (role=row, rowheader,
          gridcell), and the fixed layout gives every day the same width. */}
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern (one tab stop, arrows inside) makes 35 days usable by keyboard
        role="grid"
        aria-label="Days you're free, by week of the month"
        aria-describedby={
          invalid ? `${errorId} scheduling-help scheduling-keys` : "scheduling-help scheduling-keys"
        }
        aria-invalid={invalid || undefined}
        onKeyDown={onKeyDown}
        className="-my-1 w-full min-w-0 table-fixed border-separate border-spacing-x-1 border-spacing-y-1 min-[400px]:border-spacing-x-1.5 sm:-my-2 sm:border-spacing-2"
      >
        <colgroup>
          <col className="w-9 sm:w-18" />
        </colgroup>
        <tbody>
          <tr>
            <th scope="row" className="p-0">
              <span className="sr-only">Every week</span>
            </th>
            {DAYS_OF_WEEK.map((day, col) => {
              const all = WEEKS.every((w) => has(w, day));
              return (
                <td key={day} className="p-0">
                  <button
                    type="button"
                    aria-pressed={all}
                    onClick={() => toggleDay(day)}
                    className={cn(
                      "flex h-9 w-full items-center justify-center rounded-md text-xs font-semibold tracking-wide uppercase transition-colors sm:text-[0.8rem]",
                      all ? "text-brand underline decoration-2 underline-offset-4" : "text-muted-foreground",
                      "hover:bg-muted hover:text-foreground",
                      focusRing,
                    )}
                    {...cellProps(0, col)}
                  >
                    {/* The visible short name stays part of the accessible name ("Mon, every Monday"). */}
                    {dayShort(day)}
                    <span className="sr-only">, every {dayName(day)}</span>
                  </button>
                </td>
              );
            })}
          </tr>
          {WEEKS.map((week) => (
            <tr key={week}>
              <th
                scope="row"
                className="p-0 text-left text-xs font-medium whitespace-nowrap text-muted-foreground sm:text-sm"
              >
                {ORDINAL[week]}
                <span className="sr-only sm:not-sr-only">&nbsp;week</span>
              </th>
              {DAYS_OF_WEEK.map((day, col) => {
                const on = has(week, day);
                return (
                  <td key={day} className="p-0">
                    <button
                      type="button"
                      aria-pressed={on}
                      aria-label={`${dayName(day)}, ${ORDINAL[week]} week`}
                      onClick={() => toggle(week, day)}
                      className={cn(
                        "flex aspect-square w-full min-w-0 items-center justify-center rounded-lg border transition-colors sm:aspect-auto sm:h-12",
                        on
                          ? "border-primary bg-primary text-primary-foreground"
                          : // The full input colour: an empty cell's edge is all that shows it (3:1, WCAG 1.4.11).
                            "border-input bg-surface text-transparent hover:border-brand hover:bg-muted",
                        focusRing,
                      )}
                      {...cellProps(week, col)}
                    >
                      <Check aria-hidden className="size-4" strokeWidth={3} />
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid gap-1 text-xs text-muted-foreground">
        <p>Tip: tap a day's name to choose it in every week.</p>
        <p id="scheduling-keys">
          With a keyboard: Tab into the grid, move with the arrow keys (Home and End for a row's ends), and
          press Space or Enter to choose or unchoose a day.
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <LiveCount>
          <span id="scheduling-help">
            {count === 0
              ? `Choose at least ${MIN_SCHEDULING_OPTIONS}.`
              : short > 0
                ? `${count} chosen · ${short} more to go`
                : `${count} chosen`}
          </span>
        </LiveCount>
        {count > 0 && (
          <button
            type="button"
            onClick={() => onChange([])}
            className={cn("rounded-sm text-sm text-brand underline-offset-4 hover:underline", focusRing)}
          >
            Clear all
          </button>
        )}
      </div>
    </div>
  );
}
