import { CircleAlert } from "lucide-react";
import { useEffect, useRef } from "react";

export interface SummaryItem {
  /** The field's id, when the problem is one field's; focus goes there from the summary. */
  fieldId?: string;
  message: string;
}

/**
 * What stopped an answer, above the form: takes focus when it appears (so it is read at once), and each
 * problem tied to a field leads to that field.
 */
export function ErrorSummary({ items }: { items: SummaryItem[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (items.length > 0) ref.current?.focus();
  }, [items]);
  if (items.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="venue-error-summary-title"
      data-testid="venue-error-summary"
      className="rounded-xl border border-destructive-text/40 bg-destructive/8 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <p
        id="venue-error-summary-title"
        className="flex items-center gap-2 font-semibold text-destructive-text"
      >
        <CircleAlert aria-hidden className="size-5 shrink-0" />
        We couldn't record your answer
      </p>
      <ul className="mt-2 grid gap-1 pl-7 text-sm">
        {items.map((item) => (
          <li key={`${item.fieldId ?? ""}${item.message}`}>
            {item.fieldId ? (
              <a
                href={`#${item.fieldId}`}
                className="text-foreground underline underline-offset-4 hover:text-destructive-text"
                onClick={(e) => {
                  const field = document.getElementById(item.fieldId as string);
                  if (!field) return;
                  e.preventDefault();
                  field.focus();
                  field.scrollIntoView({ block: "center" });
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
