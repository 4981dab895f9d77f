import { CircleAlert } from "lucide-react";
import { type ComponentProps, createContext, useContext, useEffect, useId, useRef } from "react";
import { cn } from "../../lib/cn.ts";

export interface SummaryItem {
  /** The field's id, when the problem is one field's; its link moves focus there. */
  fieldId?: string;
  message: string;
}

/**
 * Inside a form with an ErrorSummary (wrap its fields in `<SummarisedErrors value>`), a message beside a field
 * is not an alert of its own: the summary (or focus on the one field) says it, so five wrong fields are not
 * five alerts read over each other. Elsewhere the message still announces itself.
 */
export const SummarisedErrors = createContext(false);

/** Whether a field's message should announce itself (role=alert): not where a summary speaks for it. */
export function useAnnouncedFieldError(): boolean {
  return !useContext(SummarisedErrors);
}

/** Moves focus to a field (and shows it) from a summary's link; false when the page has no such field. */
export function focusField(fieldId: string): boolean {
  const field = document.getElementById(fieldId);
  if (!field) return false;
  field.focus();
  field.scrollIntoView({ block: "center" });
  return true;
}

/**
 * What stopped a form, at its top (the GOV.UK error summary): a heading ("There is a problem") and a list of
 * the problems, each tied to a field linking to it. It takes focus when it appears and again on each refused
 * submit (`focusKey` changes), so it is read at once and the member can go from it to each field; the messages
 * also sit beside their fields. Nothing shows without items.
 */
export function ErrorSummary({
  items,
  focusKey,
  title = "There is a problem",
  testId = "error-summary",
  className,
}: {
  items: SummaryItem[];
  /** Changes on each refused submit; without it, a new `items` array takes focus. */
  focusKey?: unknown;
  title?: string;
  testId?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const trigger = focusKey ?? items;
  const visible = items.length > 0;
  // The trigger last acted on. Its change may reach this render before the items it brings (a form library
  // publishes its errors a moment after its callback), so the focus waits until there is something to show.
  const handled = useRef(focusKey === undefined ? null : trigger);
  useEffect(() => {
    if (!visible || handled.current === trigger) return;
    handled.current = trigger;
    ref.current?.focus();
  });
  if (!visible) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      data-testid={testId}
      className={cn(
        "rounded-xl border-2 border-destructive-text/70 bg-destructive/8 p-4 text-left",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
    >
      <h2
        id={titleId}
        className="flex items-center gap-2 font-sans text-base font-semibold text-destructive-text"
      >
        <CircleAlert aria-hidden className="size-5 shrink-0" />
        {title}
      </h2>
      <ul className="mt-2 grid gap-1 pl-7 text-sm">
        {items.map((item) => (
          <li key={`${item.fieldId ?? ""}${item.message}`} className="[overflow-wrap:anywhere]">
            {item.fieldId ? (
              <a
                href={`#${item.fieldId}`}
                className="font-medium text-destructive-text underline underline-offset-4 hover:no-underline"
                onClick={(e) => {
                  if (focusField(item.fieldId as string)) e.preventDefault();
                }}
              >
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A form that says what is wrong in one place: its ErrorSummary first, then its fields, whose messages leave
 * the announcing to the summary (or to focus on the one field). Give it `useErrorSummary`'s `summary`.
 */
export function SummaryForm({
  summary,
  summaryClassName,
  children,
  ...props
}: ComponentProps<"form"> & {
  summary: { items: SummaryItem[]; focusKey: unknown };
  /** The summary's own classes (in a grid form, its column span). */
  summaryClassName?: string;
}) {
  return (
    <SummarisedErrors value>
      <form noValidate {...props}>
        <ErrorSummary {...summary} className={summaryClassName} />
        {children}
      </form>
    </SummarisedErrors>
  );
}
