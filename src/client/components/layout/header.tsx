import { Link, useLocation } from "wouter";
import type { PublicUser } from "../../../shared/api-types.ts";
import { BRAND } from "../../../shared/brand.ts";
import { displayName, useAuth, useLogoutMutation } from "../../lib/auth.ts";
import { cn } from "../../lib/cn.ts";
import { Logo } from "../logo.tsx";
import { Button } from "../ui/button.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { isCurrent, memberLinks, SECTION_LINKS } from "./nav-links.ts";
import { SectionLink } from "./section-link.tsx";
import { ThemeMenu } from "./theme-switch.tsx";

const navLinkClass = cn(
  "rounded-full px-3 py-2 text-sm font-medium text-muted-foreground transition-colors",
  "hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:text-foreground",
);

/**
 * The bar's parts appear by the header's width in rem (container queries), not the screen's: rem grows with
 * the reader's text size, so at 200 % text the inline links give way to the menu instead of pushing Get
 * Started off the screen. At the default size the widths are the old breakpoints (48rem = md) or near them.
 */
export function Header() {
  const { user } = useAuth();
  const [location] = useLocation();
  // The back office's tabs use a wider page (max-w-7xl): the header's edges line up with it there.
  const wide = location === "/admin";
  return (
    <header
      data-sticky-bar="top"
      className="@container sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70"
    >
      <div
        className={cn("mx-auto flex h-16 items-center gap-2 px-4 sm:px-6", wide ? "max-w-7xl" : "max-w-6xl")}
        data-testid="header-bar"
      >
        {user ? <SignedInBar user={user} /> : <SignedOutBar />}
      </div>
    </header>
  );
}

/** The logo, pushing what follows to the right until the inline nav appears at `wideClass`. */
function HomeLogo({ wideClass }: { wideClass: string }) {
  return (
    <Link
      href="/"
      className={cn("mr-auto -ml-1 rounded-md p-1", wideClass)}
      aria-label={`${BRAND.name}, home`}
    >
      <Logo className="h-7 sm:h-8" />
    </Link>
  );
}

function SignedOutBar() {
  return (
    <>
      <MobileMenu className="@3xl:hidden" />
      <HomeLogo wideClass="@3xl:mr-4" />
      <nav aria-label="Main" className="mr-auto hidden items-center gap-1 @3xl:flex">
        {SECTION_LINKS.map((link) => (
          <SectionLink key={link.href} href={link.href} className={navLinkClass}>
            {link.label}
          </SectionLink>
        ))}
        <Link href="/gift" className={navLinkClass}>
          Gifts
        </Link>
      </nav>
      <ThemeMenu className="hidden @3xl:inline-flex" />
      <Button asChild variant="ghost" size="sm" className="hidden @min-[40rem]:inline-flex">
        <Link href="/auth">Sign In</Link>
      </Button>
      {/* At 200 % text on a phone there is no room beside the logo: it is in the menu then. */}
      <Button asChild size="sm" className="hidden @min-[20rem]:inline-flex">
        <Link href="/auth?tab=register">Get Started</Link>
      </Button>
    </>
  );
}

function SignedInBar({ user }: { user: PublicUser }) {
  const [location] = useLocation();
  const logout = useLogoutMutation();
  return (
    <>
      <MobileMenu className="@min-[52rem]:hidden" user={user} />
      <HomeLogo wideClass="@min-[52rem]:mr-4" />
      <nav aria-label="Main" className="mr-auto hidden items-center gap-1 @min-[52rem]:flex">
        {memberLinks(user.isAdmin).map((link) => (
          <Link
            key={link.href}
            href={link.href}
            className={navLinkClass}
            aria-current={isCurrent(location, link.href) ? "page" : undefined}
          >
            {link.label}
          </Link>
        ))}
        <Link
          href="/gift"
          className={navLinkClass}
          aria-current={isCurrent(location, "/gift") ? "page" : undefined}
        >
          Gifts
        </Link>
      </nav>
      <ThemeMenu className="hidden @min-[52rem]:inline-flex" />
      <span className="max-w-48 truncate text-sm font-medium text-foreground" data-testid="header-user-name">
        {displayName(user)}
      </span>
      <Button
        variant="outline"
        size="sm"
        className="ml-2 hidden @min-[52rem]:inline-flex"
        disabled={logout.isSigningOut}
        onClick={() => logout.mutate()}
      >
        {logout.isSigningOut ? "Signing out..." : "Sign Out"}
      </Button>
    </>
  );
}
