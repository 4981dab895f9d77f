import { KeyRound, Sparkles } from "lucide-react";
import type { MemberDate } from "../../../shared/member-api.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { daysAndHours, formatShortDateTime } from "./date-time.ts";

const HOUR_MS = 3_600_000;

/** "in 2 days 4 hours", "in 5 hours", "within the hour" until the next clue. */
export function nextClueText(nextClueAt: string, now: number): string {
  const ms = new Date(nextClueAt).getTime() - now;
  if (ms < HOUR_MS) return "within the hour";
  return `in ${daysAndHours(Math.floor(ms / HOUR_MS))}`;
}

/** Whether the page shows the clue panel: in the days before the reveal, once there is a clue or one to come. */
export function showsClues(date: MemberDate): boolean {
  return (
    !date.revealed &&
    !date.isPast &&
    date.status !== "cancelled" &&
    (date.clues.length > 0 || date.nextClueAt !== null)
  );
}

/**
 * The clues unlocked so far, each rising into place (not under reduced motion), and when the next one comes.
 * The server sends a clue only once its time has come, so nothing here can give more away.
 */
export function CluePanel({ date, now }: { date: MemberDate; now: number }) {
  const next = date.nextClueAt ? nextClueText(date.nextClueAt, now) : null;
  const first = date.clues.length === 0;
  return (
    <Card role="region" aria-labelledby="clues-title">
      <CardHeader>
        <p className="flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-accent-text uppercase">
          <Sparkles aria-hidden className="size-4" />
          Before the reveal
        </p>
        <CardTitle id="clues-title">Clues</CardTitle>
        <CardDescription>
          {first
            ? "A little of the plan unfolds in the days before the reveal."
            : "A little more of the plan unfolds until the reveal. Keep them between the two of you."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {date.clues.length > 0 && (
          <ol className="grid gap-3" aria-label="Clues so far">
            {date.clues.map((c, i) => (
              <li
                key={c.slot}
                style={{ animationDelay: `${i * 90}ms` }}
                className="flex gap-3 rounded-xl border border-border bg-muted/40 p-4 motion-safe:animate-rise"
              >
                <span
                  aria-hidden
                  className="grid size-8 shrink-0 place-items-center rounded-full bg-accent/20 text-accent-text"
                >
                  <KeyRound className="size-4" />
                </span>
                <div className="min-w-0">
                  <p className="font-display text-lg leading-snug text-pretty break-words">{c.text}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    Unlocked {formatShortDateTime(c.unlockedAt)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
        {next && (
          <p
            className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground"
            aria-live="polite"
          >
            {first ? "Your first clue arrives " : "The next clue arrives "}
            <strong className="font-semibold text-foreground">{next}</strong>
            {date.nextClueAt && <span> ({formatShortDateTime(date.nextClueAt)})</span>}.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
