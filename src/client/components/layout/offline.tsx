import { WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { BRAND } from "../../../shared/brand.ts";
import { DATES_CACHE_PREFIX } from "../../../shared/pwa.ts";
import { formatFullDay, formatTime } from "../dates/date-time.ts";
import { Logo } from "../logo.tsx";
import { Card } from "../ui/card.tsx";

/**
 * Whether a failed read means "no network" rather than an answer: fetch rejects with a TypeError when the
 * request never reached the server (and no kept copy answered for it).
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** The header while offline: the member's name and menu need the server, so only the logo and a note. */
export function OfflineHeader() {
  return (
    <header
      data-sticky-bar="top"
      className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link
          href="/dashboard"
          className="mr-auto -ml-1 rounded-md p-1"
          aria-label={`${BRAND.name}, dashboard`}
        >
          <Logo className="h-7 sm:h-8" />
        </Link>
        <p
          className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1.5 text-sm font-medium text-muted-foreground"
          data-testid="offline-badge"
        >
          <WifiOff aria-hidden className="size-4" />
          Offline
        </p>
      </div>
    </header>
  );
}

interface KeptDate {
  id: number;
  venue: string;
  scheduledDate: string;
}

/** The revealed dates this device kept (the service worker's cache), soonest first. */
async function keptDates(): Promise<KeptDate[]> {
  if (typeof caches === "undefined") return [];
  const name = (await caches.keys()).find((n) => n.startsWith(DATES_CACHE_PREFIX));
  if (!name) return [];
  const cache = await caches.open(name);
  const found = await Promise.all(
    (await cache.keys()).map(async (req) => {
      const body = (await (await cache.match(req))?.json().catch(() => null)) as {
        id?: unknown;
        venue?: { name?: unknown } | null;
        scheduledDate?: unknown;
      } | null;
      return typeof body?.id === "number" &&
        typeof body.venue?.name === "string" &&
        typeof body.scheduledDate === "string"
        ? [{ id: body.id, venue: body.venue.name, scheduledDate: body.scheduledDate }]
        : [];
    }),
  );
  return found.flat().sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate));
}

/** Any page other than a date's, without a network: what still opens offline. */
export function OfflineNotice() {
  const [dates, setDates] = useState<KeptDate[] | null>(null);
  useEffect(() => {
    let live = true;
    void keptDates()
      .catch(() => [])
      .then((found) => live && setDates(found));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="mx-auto w-full max-w-xl flex-1 px-4 py-12 sm:px-6 sm:py-16">
      <Card className="p-6 sm:p-8" data-testid="offline-notice">
        <h1 className="font-display text-3xl font-medium">You're offline</h1>
        <p className="mt-2 text-muted-foreground">
          This page needs a connection. Your revealed dates open without one, with the address and the venue's
          phone.
        </p>
        {dates && dates.length > 0 && (
          <ul className="mt-5 grid gap-2">
            {dates.map((d) => (
              <li key={d.id}>
                <Link
                  href={`/dates/${d.id}`}
                  className="block rounded-lg border border-border px-4 py-3 hover:bg-muted"
                >
                  <span className="block font-medium">{d.venue}</span>
                  <span className="block text-sm text-muted-foreground">
                    {formatFullDay(d.scheduledDate)}, {formatTime(d.scheduledDate)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {dates && dates.length === 0 && (
          <p className="mt-4 text-sm text-muted-foreground">
            No revealed dates are saved on this device yet.
          </p>
        )}
      </Card>
    </div>
  );
}
