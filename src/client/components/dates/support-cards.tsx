import { Mail, Phone, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { BRAND } from "../../../shared/brand.ts";
import { POLICY, REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import type { MemberDate } from "../../../shared/member-api.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { completedAhead, formatDuration, formatFullDay, formatTime } from "./date-time.ts";

/** What to do before (and after) this date, depending on how far along it is. */
function tipsFor(date: MemberDate): { title: string; text: ReactNode }[] {
  if (date.isPast && completedAhead(date))
    return [
      {
        title: "Something not right?",
        text: "This date was marked as completed early. If that's a mistake, tell us through Contact support.",
      },
    ];
  if (date.isPast)
    return [
      { title: "Rate it while it's fresh", text: "A few stars and a line tell us what to plan more of." },
      {
        title: "Tastes change",
        text: "If something should be different next time, tell us through Contact support.",
      },
    ];
  const confirmTip = {
    title: "Confirm you're going",
    text: `Please confirm at least ${POLICY.confirmHoursBefore} hours before, or the booking is released.`,
  };
  const payTip = {
    title: "Bring a card",
    text: "Your membership covers the planning; you pay the venue directly for what you eat, drink and do.",
  };
  if (!date.revealed)
    return [
      {
        title: "Keep the time free",
        text: `${formatFullDay(date.scheduledDate)} from ${formatTime(date.scheduledDate)}, for about ${formatDuration(date.durationHours)}.`,
      },
      date.finalTouches || date.paymentHold
        ? { title: "Watch your inbox", text: "Your plan arrives by e-mail as soon as it is ready." }
        : {
            title: "Watch your inbox",
            text: `The venue, address and dress code arrive by e-mail ${REVEAL_WINDOW_HOURS} hours before.`,
          },
      confirmTip,
      {
        title: "Something changed?",
        text: "New dietary or access needs: tell us before the reveal, so the booking still fits.",
      },
      payTip,
    ];
  return [
    {
      title: "Dress the part",
      text: date.dressCode
        ? `The dress code is ${date.dressCode.toLowerCase()}.`
        : "No dress code: come as you are.",
    },
    {
      title: "Plan the journey",
      text: "Open the directions in advance and leave a little extra time to find the door.",
    },
    confirmTip,
    payTip,
  ];
}

export function PreparationTips({ date }: { date: MemberDate }) {
  const tips = tipsFor(date);
  return (
    <Card data-testid="preparation-tips">
      <CardHeader>
        <CardTitle>{date.isPast ? "After your date" : "Preparation tips"}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 sm:grid-cols-2">
          {tips.map((tip, i) => (
            <li key={tip.title} className="flex gap-3">
              <span
                aria-hidden
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent/20 font-display text-sm font-semibold text-accent-text"
              >
                {i + 1}
              </span>
              <div>
                <p className="font-medium">{tip.title}</p>
                <p className="mt-0.5 text-sm text-muted-foreground">{tip.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

/** Who to call when something goes wrong on the day. */
export function EmergencySupport({ date }: { date: MemberDate }) {
  const venuePhone = date.revealed ? date.venue?.phone : null;
  const subject = encodeURIComponent(`Help with our date on ${formatFullDay(date.scheduledDate)}`);
  return (
    <Card data-testid="emergency-support" className="border-destructive-text/25">
      <CardHeader className="pb-3 sm:pb-4">
        <CardTitle className="flex items-center gap-2 text-xl">
          <ShieldAlert aria-hidden className="size-5 text-destructive-text" />
          Emergency support
        </CardTitle>
        <CardDescription>
          {date.isPast
            ? "Something went wrong on the day, or you were charged for something you shouldn't have been?"
            : "Running late, can't find the venue, or something isn't right?"}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm">
          {venuePhone && (
            <li className="flex items-center gap-3">
              <Phone aria-hidden className="size-4 shrink-0 text-accent-text" />
              <span>
                Call the venue on{" "}
                <a
                  href={`tel:${venuePhone.replace(/\s/g, "")}`}
                  className="font-medium text-brand underline-offset-4 hover:underline"
                >
                  {venuePhone}
                </a>
              </span>
            </li>
          )}
          <li className="flex items-center gap-3">
            <Mail aria-hidden className="size-4 shrink-0 text-accent-text" />
            <span className="min-w-0">
              E-mail{" "}
              <a
                href={`mailto:${BRAND.supportEmail}?subject=${subject}`}
                className="font-medium break-all text-brand underline-offset-4 hover:underline"
              >
                {BRAND.supportEmail}
              </a>
            </span>
          </li>
          <li className="mt-1 rounded-xl bg-destructive/10 p-3 text-destructive-text">
            If anyone is hurt or in danger, call{" "}
            <a href="tel:999" className="font-semibold underline">
              999
            </a>{" "}
            first.
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
