import { useQuery } from "@tanstack/react-query";
import { Heart, Link2Off } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import {
  type AdminCouple,
  type AdminNeed,
  allowanceText,
  dateTypeLabel,
  monthName,
  schedulingText,
  timeLabel,
} from "../../../../shared/admin/member-couple.ts";
import { memberName } from "../../../../shared/admin/members.ts";
import { DATE_SPEND_BANDS, formatPence } from "../../../../shared/constants.ts";
import { adminMembersApi } from "../../../../shared/contract/admin-members.ts";
import { queryOf } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { formatLongDate } from "../../settings/format.ts";
import { Badge } from "../../ui/badge.tsx";
import { Progress } from "../../ui/progress.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { TierStatusBadge } from "./member-badges.tsx";

/** The couple of a member; `month` ("2031-12") picks the allowance's month. No member yet: nothing is read. */
export function useCouple(userId: number | string | null, month?: string | null) {
  const chosen = userId !== null && userId !== "";
  return useQuery({
    // A placeholder id while none is chosen: the query is not enabled, so it is never sent.
    ...queryOf(adminMembersApi.couple, {
      params: { userId: chosen ? String(userId) : "0" },
      query: { month: month ?? undefined },
    }),
    enabled: chosen,
    staleTime: 0,
  });
}

/** How the page names each of the two: first names, or full names when those are the same or missing. */
export function coupleNames(c: AdminCouple): (id: number) => string {
  const firsts = c.people.map((p) => p.firstName?.trim() || "");
  const useFirst = firsts.every(Boolean) && new Set(firsts).size === firsts.length;
  const byId = new Map(c.people.map((p, i) => [p.id, useFirst ? firsts[i] : memberName(p)]));
  return (id) => byId.get(id) ?? "Former partner";
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-baseline sm:grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 py-1.5">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm wrap-anywhere">{children}</dd>
    </div>
  );
}

const none = <span className="text-muted-foreground">Not answered</span>;

function Needs({
  needs,
  whose,
  empty,
}: {
  needs: AdminNeed[];
  whose: (id: number) => string;
  empty: string;
}) {
  if (needs.length === 0) return <span className="text-muted-foreground">{empty}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {needs.map((n) => (
        <li key={n.need}>
          <Badge variant="neutral" className="inline-block rounded-md font-medium whitespace-normal">
            {n.need}
            <span className="font-normal text-muted-foreground"> · {n.userIds.map(whose).join(", ")}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** Place, budget, date types, days and times (shared) and each partner's dietary, access and alcohol needs. */
export function CoupleNeeds({ couple, className }: { couple: AdminCouple; className?: string }) {
  const n = couple.needs;
  const whose = coupleNames(couple);
  const notAnswered = couple.people.filter((p) => !p.answered);
  const noAlcohol = n.alcohol.filter((a) => !a.alcoholOk);
  return (
    <div className={className}>
      <dl className="divide-y divide-border/60">
        <Row term="Where">
          {n.postcode ? (
            <>
              <span className="font-medium">{n.postcode}</span>
              <span className="text-muted-foreground"> · within {n.travelRadius} miles</span>
            </>
          ) : (
            none
          )}
        </Row>
        <Row term="Budget">
          {n.dateSpend ? (
            <>
              <span className="font-medium">{n.dateSpend}</span>
              <span className="text-muted-foreground">
                {" "}
                · {DATE_SPEND_BANDS[n.dateSpend as keyof typeof DATE_SPEND_BANDS] ?? ""}
              </span>
            </>
          ) : (
            none
          )}
        </Row>
        <Row term="Date types">
          {n.dateTypes.length ? (
            <ol className="inline">
              {n.dateTypes.map((t, i) => (
                <li key={t} className="inline">
                  {i > 0 && <span className="text-muted-foreground"> › </span>}
                  {dateTypeLabel(t)}
                </li>
              ))}
            </ol>
          ) : (
            none
          )}
        </Row>
        <Row term="Days">{n.scheduling.length ? schedulingText(n.scheduling) : none}</Row>
        <Row term="Times">{n.times.length ? n.times.map(timeLabel).join(" › ") : none}</Row>
        <Row term="Dietary">
          <Needs needs={n.dietary} whose={whose} empty="None" />
        </Row>
        <Row term="Access">
          <Needs needs={n.accessibility} whose={whose} empty="None" />
        </Row>
        <Row term="Alcohol">
          {n.alcohol.length === 0 ? (
            none
          ) : noAlcohol.length ? (
            <span className="font-medium text-accent-text">
              No alcohol for {noAlcohol.map((a) => whose(a.userId)).join(" and ")}: no bars
            </span>
          ) : (
            "Fine for both"
          )}
        </Row>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        {n.sharedFromId === null
          ? "No shared answers yet: the questionnaire hasn't been completed."
          : `Shared answers from ${whose(n.sharedFromId)}'s questionnaire.`}
        {notAnswered.length > 0 &&
          ` ${notAnswered.map((p) => whose(p.id)).join(" and ")} hasn't answered yet.`}
      </p>
    </div>
  );
}

/** "1 of 2 dates in December 2031" with a bar, and how many are left. */
export function AllowanceMeter({ couple }: { couple: AdminCouple }) {
  const a = couple.allowance;
  const full = a.remaining <= 0;
  return (
    <div className="grid gap-1.5">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium tabular-nums">{allowanceText(a)}</span>
        <span
          className={cn("text-xs tabular-nums", full ? "text-destructive-text" : "text-muted-foreground")}
        >
          {full ? "None left" : `${a.remaining} left`}
        </span>
      </p>
      <Progress
        value={a.allowed > 0 ? (100 * a.used) / a.allowed : 0}
        aria-label={`Dates used in ${monthName(a.year, a.month)}`}
        className={cn("h-1.5", full && "[&>div]:bg-destructive-text")}
      />
    </div>
  );
}

/** "Gold · Active held by Iris": the couple's plan and which of the two holds it. */
export function PlanLine({ couple, link }: { couple: AdminCouple; link?: boolean }) {
  const p = couple.plan;
  const whose = coupleNames(couple);
  const partnerHolds = couple.partner !== null && p.holderId === couple.partner.id;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <TierStatusBadge user={{ subscriptionTier: p.tier, subscriptionStatus: p.status }} />
      {p.pausedUntil && (
        <span className="text-sm text-muted-foreground" data-testid="admin-plan-pause">
          {p.pausedFrom && new Date(p.pausedFrom).getTime() > Date.now()
            ? `Paused from ${formatLongDate(p.pausedFrom)} until ${formatLongDate(p.pausedUntil)}`
            : `Paused until ${formatLongDate(p.pausedUntil)}`}
        </span>
      )}
      {p.nextPayment && (
        <span className="text-sm text-muted-foreground" data-testid="admin-plan-next-payment">
          {p.nextPayment.retry ? "Retry of " : "Next payment "}
          {formatPence(p.nextPayment.amountPence)} on {formatLongDate(p.nextPayment.date)}
          {p.creditMonths > 0
            ? ` (after ${p.creditMonths} gift month${p.creditMonths === 1 ? "" : "s"})`
            : ""}
        </span>
      )}
      {!p.nextPayment && p.endsAt && (
        <span className="text-sm text-muted-foreground" data-testid="admin-plan-ends">
          Ends {formatLongDate(p.endsAt)}
        </span>
      )}
      {p.holderId !== null && couple.partner && (
        <span className="text-sm text-muted-foreground">
          held by{" "}
          {link && partnerHolds ? (
            <Link href={`/admin/members/${p.holderId}`} className="font-medium text-foreground underline">
              {whose(p.holderId)}
            </Link>
          ) : link && !partnerHolds ? (
            "this member"
          ) : (
            whose(p.holderId)
          )}
        </span>
      )}
    </span>
  );
}

/** The partner: linked to their member page (or named only, in a dialog). */
export function PartnerRef({ couple, link }: { couple: AdminCouple; link?: boolean }) {
  const p = couple.partner;
  if (!p)
    return (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground">
        <Link2Off aria-hidden className="size-3.5" />
        No partner linked
      </span>
    );
  return (
    <span className="block min-w-0">
      <span className="flex items-center gap-1.5">
        <Heart aria-hidden className="size-3.5 shrink-0 text-brand" />
        {link ? (
          <Link
            href={`/admin/members/${p.id}`}
            className="font-medium wrap-anywhere underline underline-offset-2"
          >
            {memberName(p)}
          </Link>
        ) : (
          <span className="font-medium wrap-anywhere">{memberName(p)}</span>
        )}
      </span>
      <span className="block pl-5 text-xs break-all text-muted-foreground">{p.email}</span>
    </span>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/**
 * Partner, plan and allowance. `link` (the member page) links the partner's page; the allowance is "this
 * month" there, and the month of the chosen time in the Assign dialog.
 */
export function CoupleFacts({
  couple,
  link,
  className,
}: {
  couple: AdminCouple;
  link?: boolean;
  className?: string;
}) {
  return (
    <dl className={cn("grid text-sm", className)}>
      <Fact term="Partner">
        <PartnerRef couple={couple} link={link} />
      </Fact>
      <Fact term="Plan">
        <PlanLine couple={couple} link={link} />
      </Fact>
      <Fact term={link ? "Allowance this month" : "Allowance"}>
        <AllowanceMeter couple={couple} />
      </Fact>
    </dl>
  );
}

export function CoupleSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-2 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
