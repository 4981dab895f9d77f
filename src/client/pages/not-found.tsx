import { ArrowLeft, CalendarHeart, Home, LifeBuoy, MapPinOff } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../components/ui/button.tsx";
import { useAuth } from "../lib/auth.ts";
import { useDocumentTitle } from "../lib/document-title.ts";

/**
 * Any address the router does not know. The heading is the specification's; the developer hint it also
 * mentions stays out of a member's sight: they get a few ways back instead.
 */
export default function NotFoundPage() {
  useDocumentTitle("Page not found");
  const { isAuthenticated } = useAuth();
  // A link opened in a new tab has nowhere to go back to.
  const canGoBack = typeof window !== "undefined" && window.history.length > 1;
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24">
      <section aria-labelledby="not-found-heading" className="w-full max-w-lg text-center">
        <div
          aria-hidden
          className="mx-auto flex size-16 items-center justify-center rounded-full bg-muted text-accent-text"
        >
          <MapPinOff className="size-8" />
        </div>
        <h1 id="not-found-heading" className="mt-6 font-display text-2xl font-medium sm:text-3xl">
          404 Page Not Found
        </h1>
        <p className="mx-auto mt-4 max-w-md text-muted-foreground">
          Some surprises are good ones; this is not. The link may be old or mistyped, or the page has moved.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          {isAuthenticated ? (
            <>
              <Button asChild>
                <Link href="/dashboard">
                  <CalendarHeart aria-hidden />
                  Your dates
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link href="/support">
                  <LifeBuoy aria-hidden />
                  Contact support
                </Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild>
                <Link href="/">
                  <Home aria-hidden />
                  Back to home
                </Link>
              </Button>
              <Button asChild variant="outline">
                <a href="/#pricing">See the plans</a>
              </Button>
            </>
          )}
        </div>
        {canGoBack && (
          <button
            type="button"
            onClick={() => window.history.back()}
            className="mt-6 inline-flex items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Go back to the previous page
          </button>
        )}
      </section>
    </div>
  );
}
