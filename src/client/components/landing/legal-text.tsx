import type { LegalDocId, LegalDocument } from "../../content/legal.ts";
import { PRIVACY } from "../../content/privacy.ts";
import { TERMS } from "../../content/terms.ts";

const DOCS: Record<LegalDocId, LegalDocument> = { terms: TERMS, privacy: PRIVACY };

/** The full text of a legal document (loaded on demand by LegalDialog). */
export default function LegalText({ doc }: { doc: LegalDocId }) {
  const { updated, summary, sections } = DOCS[doc];
  return (
    <article className="text-sm leading-relaxed text-muted-foreground sm:text-[0.95rem]">
      <p className="text-xs tracking-wide uppercase">Last updated {updated}</p>
      <p className="mt-4 rounded-xl bg-muted px-4 py-3 text-foreground">{summary}</p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-7">
          <h3 className="font-display text-lg font-medium text-foreground">{section.heading}</h3>
          {section.blocks.map((block, i) =>
            typeof block === "string" ? (
              <p key={i} className="mt-2.5 text-pretty">
                {block}
              </p>
            ) : (
              <ul key={i} className="mt-2.5 grid list-disc gap-1.5 pl-5 marker:text-accent-text">
                {block.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </article>
  );
}
