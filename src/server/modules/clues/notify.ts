/**
 * Sending each clue as it unlocks, by push and by text, to each partner who switched clue notifications on.
 * The channels decide the rest (their own switches, devices, phone, STOP, quiet hours) and claim each message
 * once by its key, so this sweep may offer the same clue every ten minutes: a claimed one answers
 * "duplicate", and one held by quiet hours is not claimed and goes on the first sweep after 08:00.
 */
import { and, gt, inArray, isNull, lte, notInArray, or } from "drizzle-orm";
import { CLUE } from "../../../shared/clues.ts";
import { REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import { londonShortDay } from "../../../shared/london-time.ts";
import { dateReservations, notificationSettings, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { baseQuery, toRow } from "../dates/service.ts";
import type { ChannelOutcome } from "../notifications/channels.ts";
import { switchColumns, switchesOf } from "../notifications/switches.ts";
import { visibleClues } from "./view.ts";

const HOUR = 3_600_000;
/** Dates one sweep takes on; there are rarely this many in a week's window, and the next sweep takes the rest. */
const BATCH = 500;

export interface PushClue {
  key: string;
  kind: "push_clue";
  reservationId: number;
  dateAt: Date;
  message: { title: string; body: string; url: string; tag: string };
}
export interface TextClue {
  key: string;
  kind: "sms_clue";
  reservationId: number;
  dateAt: Date;
  body: string;
}

/**
 * The two senders, as push/send.ts (pushToUser) and sms/send.ts (textUser) define them. Injected, so the
 * sweep is tested without a push service or an SMS provider.
 */
export interface ClueChannels {
  push(deps: Deps, userId: number, msg: PushClue): Promise<ChannelOutcome>;
  text(deps: Deps, userId: number, msg: TextClue): Promise<ChannelOutcome>;
}

/** The members of the date's couple who want clues: the owner and a mutually linked partner, not deleted. */
async function recipients(deps: Deps, ownerIds: number[]): Promise<Map<number, number[]>> {
  const rows = await deps.db
    .select({
      id: users.id,
      partnerId: users.partnerId,
      wants: switchColumns.clueNotifications,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .leftJoin(notificationSettings, switchesOf(users.id))
    .where(or(inArray(users.id, ownerIds), inArray(users.partnerId, ownerIds)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<number, number[]>();
  for (const owner of ownerIds) {
    const o = byId.get(owner);
    const p = o?.partnerId ? byId.get(o.partnerId) : undefined;
    const couple = [o, p?.partnerId === owner ? p : undefined];
    out.set(
      owner,
      couple.flatMap((u) => (u?.wants && !u.deletedAt ? [u.id] : [])),
    );
  }
  return out;
}

/** One sweep at deps.now(); answers how many pushes and texts went. */
export async function sendUnlockedClues(deps: Deps, channels: ClueChannels): Promise<number> {
  const now = deps.now();
  // A clue unlocks between 168 and 48 hours before its date, and is sent until the reveal at the latest.
  const dates = await deps.db
    .select({
      id: dateReservations.id,
      userId: dateReservations.userId,
      mailRound: dateReservations.mailRound,
    })
    .from(dateReservations)
    .where(
      and(
        gt(dateReservations.scheduledDate, new Date(now.getTime() + REVEAL_WINDOW_HOURS * HOUR)),
        lte(dateReservations.scheduledDate, new Date(now.getTime() + CLUE.maxHoursBefore * HOUR)),
        notInArray(dateReservations.status, ["cancelled", "completed"]),
        // Not while a back-office change may still be undone: the next sweep after the window sends it.
        or(isNull(dateReservations.mailHoldUntil), lte(dateReservations.mailHoldUntil, now)),
      ),
    )
    .orderBy(dateReservations.scheduledDate)
    .limit(BATCH);
  if (dates.length === 0) return 0;
  const rows = (
    await baseQuery(deps).where(
      inArray(
        dateReservations.id,
        dates.map((d) => d.id),
      ),
    )
  ).map(toRow);
  const who = await recipients(deps, [...new Set(dates.map((d) => d.userId))]);
  const since = now.getTime() - CLUE.sendWithinHours * HOUR;
  let sent = 0;
  for (const date of dates) {
    const row = rows.find((r) => r.id === date.id);
    const to = who.get(date.userId) ?? [];
    if (!row || to.length === 0) continue;
    const due = visibleClues(row, row.clueEdits).filter(
      (c) => c.unlockAt.getTime() <= now.getTime() && c.unlockAt.getTime() > since,
    );
    for (const clue of due) {
      const url = `/dates/${row.id}`;
      for (const userId of to) {
        // The round keeps a reinstated date's clues apart from those sent before its cancellation.
        const key = `${row.id}:${date.mailRound}:${clue.slot}:${userId}`;
        const common = { reservationId: row.id, dateAt: row.scheduledDate };
        const pushed = await channels.push(deps, userId, {
          key: `clue-push:${key}`,
          kind: "push_clue",
          ...common,
          message: {
            title: "A new clue for your date",
            body: clue.text,
            url,
            tag: `clue-${row.id}-${clue.slot}`,
          },
        });
        const texted = await channels.text(deps, userId, {
          key: `clue-sms:${key}`,
          kind: "sms_clue",
          ...common,
          body: `Unveil clue for your date on ${londonShortDay(row.scheduledDate)}: ${clue.text} ${deps.config.appUrl}${url}`,
        });
        sent += Number(pushed === "sent") + Number(texted === "sent");
      }
    }
  }
  return sent;
}
