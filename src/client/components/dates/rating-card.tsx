import { Pencil, Star } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { MemberDate } from "../../../shared/member-api.ts";
import { MEMBER_MSG } from "../../../shared/member-messages.ts";
import { cn } from "../../lib/cn.ts";
import { useRefusalSummary } from "../../lib/use-error-summary.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { focusField, SummaryForm, useAnnouncedFieldError } from "../ui/error-summary.tsx";
import { TextareaField } from "../ui/textarea-field.tsx";
import { formatShortDateTime } from "./date-time.ts";
import { useRateDate } from "./use-date-actions.ts";

const WORDS = ["", "Not for us", "It was fine", "Good", "Great", "Unforgettable"] as const;
const FEEDBACK_MAX = 2000;

/** Five stars as one radio group: arrow keys move between them, Space or a click chooses. */
export function StarRating({
  value,
  onChange,
  name,
  error,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  /** The radios' name; the first radio's id is `${name}-1` (an error summary links to it). */
  name: string;
  error?: string;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  const announce = useAnnouncedFieldError();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium">Your rating</legend>
      <div className="flex items-center gap-3">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the radios do the work */}
        <div className="flex" onMouseLeave={() => setHover(null)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              onMouseEnter={() => setHover(n)}
              className="cursor-pointer rounded-full p-1 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                id={`${name}-${n}`}
                name={name}
                aria-invalid={error ? true : undefined}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
                aria-label={`${n} ${n === 1 ? "star" : "stars"}, ${WORDS[n]}`}
              />
              <Star
                aria-hidden
                className={cn(
                  "size-8 transition-colors sm:size-9",
                  n <= shown ? "fill-accent text-accent" : "fill-transparent text-input",
                )}
              />
            </label>
          ))}
        </div>
        <span className="text-sm font-medium text-muted-foreground" aria-hidden>
          {shown ? WORDS[shown] : ""}
        </span>
      </div>
      {error && (
        <p
          id={`${name}-error`}
          role={announce ? "alert" : undefined}
          className="text-sm text-destructive-text"
        >
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Read-only stars with the word for the score. */
function StarsShown({ rating, label, testId }: { rating: number; label: string; testId?: string }) {
  return (
    <p className="flex items-center gap-1" role="img" aria-label={label} data-testid={testId}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn("size-6", n <= rating ? "fill-accent text-accent" : "fill-transparent text-input")}
        />
      ))}
      <span className="ml-2 text-sm font-medium text-muted-foreground">{WORDS[rating] ?? ""}</span>
    </p>
  );
}

function Words({ children }: { children: string }) {
  return (
    <blockquote className="min-w-0 border-l-2 border-accent pl-3 whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">
      {children}
    </blockquote>
  );
}

/** What the other of the couple made of the date, in their own words (their own rating, read-only). */
function PartnerRatings({ date }: { date: MemberDate }) {
  const theirs = date.ratings.filter((r) => r.by !== "you");
  if (theirs.length === 0) return null;
  return (
    <div className="mt-6 grid gap-4 border-t border-border/70 pt-5" data-testid="partner-ratings">
      {theirs.map((r) => {
        // A deleted account has no name and is no longer the partner: never "Your partner's rating".
        const who = r.name ?? (r.by === "partner" ? "Your partner" : "A former partner");
        return (
          <div key={`${r.name}-${r.ratedAt}`} className="grid gap-2">
            <h3 className="text-sm font-medium">{`${who}'s rating`}</h3>
            <StarsShown rating={r.rating} label={`${who} rated it ${r.rating} out of 5`} />
            {r.feedback && <Words>{r.feedback}</Words>}
          </div>
        );
      })}
    </div>
  );
}

/**
 * Rate a past date: stars and a few words, kept on the date and editable while the server allows. Each
 * partner rates for themselves; the other's rating shows below, labelled.
 */
export function RatingCard({ date }: { date: MemberDate }) {
  const rate = useRateDate(date.id);
  const allowed = date.actions.rate.allowed;
  const [editing, setEditing] = useState(date.rating === null);
  const [rating, setRating] = useState<number | null>(date.rating);
  const [feedback, setFeedback] = useState(date.feedback ?? "");
  const [error, setError] = useState<string | null>(null);
  // The server's refusal at the top of the form, focused; the toast repeats it.
  const refusal = useRefusalSummary();
  const stars = `rating-${date.id}`;
  // Where focus goes once the form or the summary has rendered: the stars when editing starts, the saved
  // rating when it ends (else it would fall back to the page's body with the unmounted button).
  const [focusTo, setFocusTo] = useState<"stars" | "summary" | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusTo) return;
    if (focusTo === "stars") {
      const radios = formRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]');
      const target = Array.from(radios ?? []).find((r) => r.checked) ?? radios?.[0];
      target?.focus();
    } else {
      const summary = summaryRef.current;
      (summary?.querySelector<HTMLButtonElement>("[data-edit-rating]") ?? summary)?.focus();
    }
    setFocusTo(null);
  }, [focusTo]);

  function stopEditing() {
    setEditing(false);
    setFocusTo("summary");
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    refusal.clear();
    if (!rating) {
      // Beside the stars, and focus on the first of them.
      setError(MEMBER_MSG.rating);
      focusField(`${stars}-1`);
      return;
    }
    setError(null);
    const trimmed = feedback.trim();
    rate.mutate(
      { rating, ...(trimmed ? { feedback: trimmed } : {}) },
      {
        onSuccess: stopEditing,
        onError: (e) => refusal.showCallError(e, { rating: `${stars}-1`, feedback: "rating-feedback" }),
      },
    );
  }

  const showForm = allowed && (editing || date.rating === null);

  return (
    <Card data-testid="rating-card">
      <CardHeader>
        <CardTitle>{date.rating ? "Your rating" : "Rate your experience"}</CardTitle>
        <CardDescription>
          {showForm
            ? "How was it? Your rating and a few words help us plan the next one around you both."
            : allowed && date.actions.rate.until
              ? `You can change your rating until ${formatShortDateTime(date.actions.rate.until)}.`
              : (date.actions.rate.reason ?? "Thank you for your rating.")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {showForm ? (
          <SummaryForm
            ref={formRef}
            summary={refusal.summary}
            onSubmit={submit}
            className="grid gap-5"
            aria-label="Rate your experience"
          >
            <StarRating name={stars} value={rating} onChange={setRating} error={error ?? undefined} />
            <TextareaField
              id="rating-feedback"
              error={refusal.fieldError("rating-feedback")}
              label="Anything you'd like to tell us? (optional)"
              rows={3}
              maxLength={FEEDBACK_MAX}
              value={feedback}
              onChange={(event) => setFeedback(event.target.value)}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" pending={rate.isPending}>
                {rate.isPending ? "Saving..." : date.rating ? "Update rating" : "Save rating"}
              </Button>
              {date.rating !== null && (
                <Button
                  variant="ghost"
                  onClick={() => {
                    stopEditing();
                    setRating(date.rating);
                    setFeedback(date.feedback ?? "");
                    setError(null);
                    refusal.clear();
                  }}
                >
                  Cancel
                </Button>
              )}
            </div>
          </SummaryForm>
        ) : date.rating ? (
          <div
            ref={summaryRef}
            tabIndex={-1}
            className="grid gap-3 outline-none"
            data-testid="rating-summary"
          >
            <StarsShown
              rating={date.rating}
              label={`Rated ${date.rating} out of 5`}
              testId="current-rating"
            />
            {date.feedback && <Words>{date.feedback}</Words>}
            {allowed && (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                data-edit-rating
                onClick={() => {
                  setEditing(true);
                  setFocusTo("stars");
                }}
              >
                <Pencil aria-hidden />
                Edit rating
              </Button>
            )}
          </div>
        ) : null}
        <PartnerRatings date={date} />
      </CardContent>
    </Card>
  );
}
