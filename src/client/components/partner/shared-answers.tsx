import { CalendarDays, Clock, Heart, MapPin, Wallet } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { DATE_SPEND_BANDS, DATE_TYPE_LABELS, DAYS_OF_WEEK, TIME_LABELS } from "../../../shared/constants.ts";
import type { SharedAnswers } from "../../../shared/schemas/partner.ts";
import { cn } from "../../lib/cn.ts";

const ORDINAL = ["1st", "2nd", "3rd", "4th"] as const;

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "Fridays (1st and 3rd weeks)", one line per day, in weekday order. */
export function daysSummary(slots: SharedAnswers["scheduling"]): string[] {
  return DAYS_OF_WEEK.flatMap((day) => {
    const weeks = slots
      .filter((s) => s.dayOfWeek === day)
      .map((s) => s.weekOfMonth)
      .sort((a, b) => a - b);
    if (weeks.length === 0) return [];
    if (weeks.length === 4) return [`${capitalise(day)}s (every week)`];
    const list = weeks.map((w) => ORDINAL[w - 1]);
    const words = list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
    return [`${capitalise(day)}s (${words} week${weeks.length > 1 ? "s" : ""})`];
  });
}

function Row({
  icon: Icon,
  term,
  children,
}: {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  term: string;
  children: ReactNode;
}) {
  return (
    <div className="py-3.5 first:pt-0 last:pb-0">
      <dt className="flex items-center gap-3 text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">
        <Icon aria-hidden className="size-4.5 shrink-0 text-accent-text" />
        {term}
      </dt>
      <dd className="mt-1 min-w-0 pl-7.5 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The couple's shared answers, read-only: where, how much, what kind of date, which days and times. */
export function SharedAnswersCard({ shared, className }: { shared: SharedAnswers; className?: string }) {
  const who = shared.fromFirstName?.trim() || "Your partner";
  return (
    <section
      aria-labelledby="shared-answers-heading"
      data-testid="shared-answers"
      className={cn("rounded-2xl border border-border bg-surface p-5 sm:p-6", className)}
    >
      <h2 id="shared-answers-heading" className="font-display text-xl font-medium">
        What you both told us
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {who} answered these for the two of you. {who} can change them from their questionnaire.
      </p>
      <dl className="mt-5 divide-y divide-border">
        <Row icon={MapPin} term="Where">
          Near {shared.postcode}, within {shared.travelRadius} {shared.travelRadius === 1 ? "mile" : "miles"}
        </Row>
        <Row icon={Wallet} term="Budget">
          <span className="font-medium">{shared.dateSpend}</span>{" "}
          <span className="text-muted-foreground">· {DATE_SPEND_BANDS[shared.dateSpend]}</span>
        </Row>
        <Row
          icon={Heart}
          term={shared.dateTypes.length > 1 ? "Kinds of date, favourite first" : "Kind of date"}
        >
          <ol className="flex flex-wrap gap-1.5">
            {shared.dateTypes.map((type, i) => (
              <li
                key={type}
                className="inline-flex items-center gap-1.5 rounded-full bg-muted px-2.5 py-0.5 text-sm"
              >
                {shared.dateTypes.length > 1 && (
                  <span className="font-sans text-xs font-semibold text-accent-text">{i + 1}</span>
                )}
                {DATE_TYPE_LABELS[type]}
              </li>
            ))}
          </ol>
        </Row>
        <Row icon={CalendarDays} term="Days">
          <ul>
            {daysSummary(shared.scheduling).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Row>
        <Row icon={Clock} term="Times">
          {shared.times.map((t) => TIME_LABELS[t]).join(", then ")}
        </Row>
      </dl>
    </section>
  );
}
