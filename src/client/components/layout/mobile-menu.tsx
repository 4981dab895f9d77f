import { Menu } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { PublicUser } from "../../../shared/api-types.ts";
import { displayName, useLogoutMutation } from "../../lib/auth.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { Sheet, SheetContent, SheetTrigger } from "../ui/sheet.tsx";
import { isCurrent, memberLinks, SECTION_LINKS } from "./nav-links.ts";
import { SectionLink } from "./section-link.tsx";
import { ThemeRadios } from "./theme-switch.tsx";

const itemClass = cn(
  "flex items-center rounded-lg px-3 py-3 text-base font-medium text-foreground transition-colors",
  "hover:bg-muted aria-[current=page]:bg-muted aria-[current=page]:text-brand",
);

/** The phone menu: a left side sheet with the header's links (and, signed in, who is signed in). */
export function MobileMenu({ user, className }: { user?: PublicUser; className?: string }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className={cn("-ml-2", className)}>
          <Menu aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent title="Menu">
        {user ? <MemberMenu user={user} onNavigate={close} /> : <VisitorMenu onNavigate={close} />}
      </SheetContent>
    </Sheet>
  );
}

function VisitorMenu({ onNavigate }: { onNavigate: () => void }) {
  return (
    <div className="flex flex-1 flex-col px-3 py-4">
      <nav aria-label="Menu" className="grid gap-1">
        {SECTION_LINKS.map((link) => (
          <SectionLink key={link.href} href={link.href} className={itemClass} onNavigate={onNavigate}>
            {link.label}
          </SectionLink>
        ))}
        <Link href="/gift" className={itemClass} onClick={onNavigate}>
          Give Unveil as a gift
        </Link>
      </nav>
      <ThemeRadios className="mt-6 px-2" />
      <div className="mt-auto grid gap-2 px-2 pt-6">
        <Button asChild variant="outline" size="lg">
          <Link href="/auth" onClick={onNavigate}>
            Sign In
          </Link>
        </Button>
        <Button asChild size="lg">
          <Link href="/auth?tab=register" onClick={onNavigate}>
            Get Started
          </Link>
        </Button>
      </div>
    </div>
  );
}

function MemberMenu({ user, onNavigate }: { user: PublicUser; onNavigate: () => void }) {
  const [location] = useLocation();
  const logout = useLogoutMutation();
  return (
    <div className="flex flex-1 flex-col px-3 py-4">
      <div className="mb-4 rounded-xl bg-muted px-4 py-3">
        <p className="truncate font-medium">{displayName(user)}</p>
        <p className="mt-0.5 flex items-center gap-2 text-sm text-muted-foreground">
          <span>Member</span>
          {user.isAdmin && (
            <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
              Admin
            </span>
          )}
        </p>
      </div>
      <nav aria-label="Menu" className="grid gap-1">
        {memberLinks(user.isAdmin).map((link) => (
          <Link
            key={link.href}
            href={link.href}
            className={itemClass}
            aria-current={isCurrent(location, link.href) ? "page" : undefined}
            onClick={onNavigate}
          >
            {link.label}
          </Link>
        ))}
      </nav>
      <ThemeRadios className="mt-6 px-2" />
      <div className="mt-auto px-2 pt-6">
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          disabled={logout.isSigningOut}
          onClick={() => logout.mutate()}
        >
          {logout.isSigningOut ? "Signing out..." : "Sign Out"}
        </Button>
      </div>
    </div>
  );
}
