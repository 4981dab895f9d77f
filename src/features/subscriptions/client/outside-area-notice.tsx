import { ArrowRight, MapPin } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { Button } from "../../../client/components/ui/button.tsx";

/**
 * The server refused to start a payment because the couple's postcode is outside the area served: its message,
 * and the way to the waitlist (the questionnaire's postcode step offers it). No payment page is shown.
 */
export function OutsideAreaNotice({ message }: { message: string }) {
  const ref = useRef<HTMLElement>(null);
  // It appears above the Subscribe button that caused it: bring it into view (on a phone it is off screen).
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "center" });
  }, []);
  return (
    <section
      ref={ref}
      role="alert"
      aria-label="London only for now"
      className="flex gap-3.5 rounded-2xl border border-accent/60 bg-accent/10 p-4 sm:p-5"
    >
      <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-text" />
      <div className="min-w-0 flex-1">
        <h2 className="font-sans text-sm font-semibold">London only for now</h2>
        <p className="mt-1 text-sm text-muted-foreground">{message} Nothing has been charged.</p>
        <Button asChild variant="link" size="sm" className="mt-2 h-auto font-semibold whitespace-normal">
          <Link href="/onboarding?step=1">
            Join the waitlist
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </section>
  );
}
