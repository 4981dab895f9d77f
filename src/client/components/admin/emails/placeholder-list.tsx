import { TEMPLATE_PLACEHOLDERS } from "../../../../shared/admin/emails.ts";

/** The placeholders a template may use, and what each becomes when the mail is sent. */
export function PlaceholderList() {
  return (
    <details className="rounded-lg border border-border bg-muted/30 px-4 py-3 text-sm" open>
      <summary className="cursor-pointer font-medium">Placeholders</summary>
      <p className="mt-2 text-muted-foreground">
        Write them in the subject or either body; each is replaced for every member when the mail is sent
        (escaped in HTML). Any other <code>{"{{name}}"}</code> is refused.
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1.5 sm:grid-cols-[auto_1fr]">
        {TEMPLATE_PLACEHOLDERS.map((p) => (
          <div key={p.key} className="contents">
            <dt>
              <code className="rounded bg-surface px-1.5 py-0.5 text-xs text-brand ring-1 ring-border">{`{{${p.key}}}`}</code>
            </dt>
            <dd className="text-muted-foreground">{p.description}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
