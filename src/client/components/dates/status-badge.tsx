import {
  Ban,
  CalendarCheck,
  CalendarClock,
  Check,
  LockKeyhole,
  Sparkles,
  Star,
  WandSparkles,
} from "lucide-react";
import type { ComponentType } from "react";
import type { MemberDate } from "../../../shared/member-api.ts";
import { cn } from "../../lib/cn.ts";

type Tone = "locked" | "revealed" | "confirmed" | "pending" | "done" | "cancelled";

export interface DateState {
  label: string;
  tone: Tone;
  Icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
}

/** Where a date stands, in one word or two: what the reveal badge says. */
export function dateState(date: MemberDate): DateState {
  if (date.status === "cancelled") return { label: "Cancelled", tone: "cancelled", Icon: Ban };
  if (date.status === "completed") return { label: "Completed", tone: "done", Icon: Star };
  if (date.status === "no_show") return { label: "Didn't happen", tone: "cancelled", Icon: Ban };
  if (date.isPast) return { label: "Past", tone: "done", Icon: CalendarCheck };
  if (date.status === "reschedule_requested")
    return { label: "Reschedule requested", tone: "pending", Icon: CalendarClock };
  if (date.status === "confirmed") return { label: "Confirmed", tone: "confirmed", Icon: Check };
  // Inside the reveal window, the plan still being finished: no venue words, only that it is nearly ready.
  if (date.finalTouches && !date.revealed)
    return { label: "Final touches", tone: "pending", Icon: WandSparkles };
  if (date.revealed) return { label: "Revealed", tone: "revealed", Icon: Sparkles };
  return { label: "Locked", tone: "locked", Icon: LockKeyhole };
}

/** Tones drawn on the dark stage (hero of the detail page, mystery cards) and on ordinary surfaces. */
const ON_STAGE: Record<Tone, string> = {
  locked: "bg-white/10 text-stage-foreground ring-white/25",
  revealed: "bg-gold text-accent-foreground ring-gold",
  confirmed: "bg-gold text-accent-foreground ring-gold",
  pending: "bg-white/10 text-gold-soft ring-gold/50",
  done: "bg-white/10 text-stage-foreground ring-white/25",
  cancelled: "bg-destructive text-destructive-foreground ring-destructive",
};
const ON_SURFACE: Record<Tone, string> = {
  locked: "bg-muted text-foreground ring-border",
  revealed: "bg-accent text-accent-foreground ring-accent",
  confirmed: "bg-accent text-accent-foreground ring-accent",
  pending: "bg-muted text-accent-text ring-accent/60",
  done: "bg-muted text-muted-foreground ring-border",
  cancelled: "bg-destructive/10 text-destructive-text ring-destructive/30",
};

export function DateStatusBadge({
  date,
  onStage = false,
  className,
}: {
  date: MemberDate;
  onStage?: boolean;
  className?: string;
}) {
  const { label, tone, Icon } = dateState(date);
  return (
    <span
      data-testid="date-status"
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset",
        (onStage ? ON_STAGE : ON_SURFACE)[tone],
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {label}
    </span>
  );
}
