import { CalendarPlus, CreditCard, UserMinus, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { ActivityItem, ActivityType } from "../../../../shared/admin/analytics.ts";
import { EmptyState, formatDateTimeGB } from "../common.tsx";

const KINDS: Record<ActivityType, { label: string; icon: ReactNode; tone: string }> = {
  signup: { label: "Sign-up", icon: <UserPlus aria-hidden />, tone: "bg-primary/10 text-brand" },
  subscription: {
    label: "Subscription",
    icon: <CreditCard aria-hidden />,
    tone: "bg-accent/20 text-accent-text",
  },
  cancellation: {
    label: "Cancellation",
    icon: <UserMinus aria-hidden />,
    tone: "bg-destructive/10 text-destructive-text",
  },
  booking: {
    label: "Booking",
    icon: <CalendarPlus aria-hidden />,
    tone: "bg-success-text/12 text-success-text",
  },
};

/** The latest sign-ups, subscriptions, cancellations and bookings, newest first. */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  if (items.length === 0) return <EmptyState title="No activity yet" />;
  return (
    <ol className="grid gap-1" aria-label="Recent activity">
      {items.map((a, i) => {
        const kind = KINDS[a.type];
        return (
          <li
            key={`${a.type}-${a.at}-${i}`}
            className="flex items-start gap-3 rounded-lg px-1 py-2.5"
            data-testid="activity-item"
          >
            <span
              className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full [&_svg]:size-4 ${kind.tone}`}
            >
              {kind.icon}
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm break-words">
                <span className="sr-only">{kind.label}: </span>
                {a.userId !== null && a.member !== "Deleted member" ? (
                  <Link
                    href={`/admin/members/${a.userId}`}
                    className="font-medium underline-offset-4 hover:underline"
                  >
                    {a.member}
                  </Link>
                ) : (
                  <span className="font-medium">{a.member}</span>
                )}
                <span className="text-muted-foreground"> · {a.detail}</span>
                {a.dateAt && <span className="text-muted-foreground"> for {formatDateTimeGB(a.dateAt)}</span>}
              </p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={a.at}>{formatDateTimeGB(a.at)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
