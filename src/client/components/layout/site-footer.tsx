import type { ReactNode } from "react";
import { Link } from "wouter";
import { BRAND } from "../../../shared/brand.ts";
import { POLICY } from "../../../shared/constants.ts";
import { LegalDialog } from "../landing/legal-dialog.tsx";
import { Logo } from "../logo.tsx";
import { SectionLink } from "./section-link.tsx";

const linkClass =
  "-mx-1 rounded-sm px-1 py-1 text-left text-muted-foreground [overflow-wrap:anywhere] transition-colors hover:text-foreground";

function Column({ title, label, children }: { title: string; label?: string; children: ReactNode }) {
  const Wrapper = label ? "nav" : "div";
  return (
    <Wrapper aria-label={label} className="grid min-w-0 content-start gap-1.5 text-sm">
      <p className="mb-1.5 text-xs font-semibold tracking-[0.18em] text-foreground uppercase">{title}</p>
      {children}
    </Wrapper>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-background">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-gutter py-14 sm:px-6 lg:grid-cols-[1.6fr_1fr_1fr_1fr]">
        <div className="col-span-2 lg:col-span-1">
          <Logo className="h-7" />
          <p className="mt-4 max-w-xs text-sm text-muted-foreground">{BRAND.tagline}</p>
        </div>
        <Column title="Explore" label="Footer">
          <SectionLink href="/#how-it-works" className={linkClass}>
            How it works
          </SectionLink>
          <SectionLink href="/#pricing" className={linkClass}>
            Pricing
          </SectionLink>
          <SectionLink href="/#faq" className={linkClass}>
            FAQ
          </SectionLink>
          <Link href="/gift" className={linkClass}>
            Give Unveil as a gift
          </Link>
        </Column>
        <Column title="Contact">
          <a href={`mailto:${BRAND.contactEmail}`} className={linkClass}>
            {BRAND.contactEmail}
          </a>
          <a href={BRAND.socialUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
            {BRAND.socialLabel}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Column>
        <Column title="Legal">
          <LegalDialog doc="terms" triggerClassName={linkClass} />
          <LegalDialog doc="privacy" triggerClassName={linkClass} />
        </Column>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-6 py-6 text-xs text-muted-foreground">
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {BRAND.name}. Planning and
          booking in {BRAND.city}; venues are paid directly. For couples aged {POLICY.minimumAge} and over.
        </p>
      </div>
    </footer>
  );
}
