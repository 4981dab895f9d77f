import { BRAND } from "../../../shared/brand.ts";
import { Logo } from "../logo.tsx";
import { SectionLink } from "./section-link.tsx";

const linkClass = "rounded-sm text-muted-foreground transition-colors hover:text-foreground";

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-background">
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 sm:grid-cols-[1.5fr_1fr_1fr]">
        <div>
          <Logo className="h-7" />
          <p className="mt-4 max-w-xs text-sm text-muted-foreground">{BRAND.tagline}</p>
        </div>
        <nav aria-label="Footer" className="grid content-start gap-2 text-sm">
          <SectionLink href="/#how-it-works" className={linkClass}>
            How it works
          </SectionLink>
          <SectionLink href="/#pricing" className={linkClass}>
            Pricing
          </SectionLink>
          <SectionLink href="/#faq" className={linkClass}>
            FAQ
          </SectionLink>
        </nav>
        <div className="grid content-start gap-2 text-sm">
          <a href={`mailto:${BRAND.contactEmail}`} className={linkClass}>
            {BRAND.contactEmail}
          </a>
          <a href={BRAND.socialUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
            {BRAND.socialLabel}
          </a>
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-6 py-6 text-xs text-muted-foreground">
          © {new Date().getFullYear()} {BRAND.name}. Planning and booking in {BRAND.city}; venues are paid
          directly.
        </p>
      </div>
    </footer>
  );
}
