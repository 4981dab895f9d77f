import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, CalendarClock, History, ListChecks, ScrollText, UsersRound, UserX } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "wouter";
import type { AdminAssignment } from "../../shared/admin/assignments.ts";
import type { AdminCouple, AdminDateRating } from "../../shared/admin/member-couple.ts";
import { type AdminUser, coveredBy, MEMBERS_MSG, memberName } from "../../shared/admin/members.ts";
import { adminMembersApi } from "../../shared/contract/admin-members.ts";
import { RecordHistory } from "../components/admin/audit/record-history.tsx";
import { AutoAssignButton } from "../components/admin/members/auto-assign-button.tsx";
import {
  CoupleFacts,
  CoupleNeeds,
  CoupleSkeleton,
  coupleNames,
  useCouple,
} from "../components/admin/members/couple-panel.tsx";
import { MemberBilling, MemberEmails, MemberTickets } from "../components/admin/members/member-activity.tsx";
import { PlanBadge, TierStatusBadge } from "../components/admin/members/member-badges.tsx";
import { MemberDateEntry } from "../components/admin/members/member-date-entry.tsx";
import { MemberNeedsDialog } from "../components/admin/members/member-needs-dialog.tsx";
import { MemberNotes } from "../components/admin/members/member-notes.tsx";
import { MemberPlanActions } from "../components/admin/members/member-plan-actions.tsx";
import { MemberSessions } from "../components/admin/members/member-sessions.tsx";
import { MemberTexts } from "../components/admin/members/member-texts.tsx";
import { VenueExclusions } from "../components/admin/members/venue-exclusions.tsx";
import { WorkspaceCard } from "../components/admin/members/workspace-card.tsx";
import { LoadErrorCard } from "../components/load-error-card.tsx";
import { useNoIndex } from "../components/settings/use-noindex.ts";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { EmailAddress } from "../components/ui/email-address.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { queryOf } from "../lib/api.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { errorStatus } from "../lib/queryClient.ts";

const BACK = "/admin?tab=members";

function BackLink() {
  return (
    <Button asChild variant="link" className="mb-6 gap-1.5">
      <Link href={BACK}>
        <ArrowLeft aria-hidden />
        Back to Admin
      </Link>
    </Button>
  );
}

function DatesCard({
  title,
  icon,
  empty,
  dates,
  now,
  past,
  couple,
}: {
  title: string;
  icon: ReactNode;
  empty: string;
  dates: AdminAssignment[] | undefined;
  now: Date;
  past: boolean;
  couple: AdminCouple | undefined;
}) {
  const ratingsOf = new Map<number, AdminDateRating[]>();
  for (const r of couple?.ratings ?? [])
    ratingsOf.set(r.reservationId, [...(ratingsOf.get(r.reservationId) ?? []), r]);
  const whose = couple && coupleNames(couple);
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={`${past ? "history" : "upcoming"}-title`}>
      <h2
        id={`${past ? "history" : "upcoming"}-title`}
        className="mb-4 flex items-center gap-2 font-display text-2xl font-medium"
      >
        <span className="text-brand [&_svg]:size-5">{icon}</span>
        {title}
        {dates && dates.length > 0 && (
          <span className="text-base font-normal text-muted-foreground tabular-nums">({dates.length})</span>
        )}
      </h2>
      {!dates ? (
        <div className="grid gap-3" role="status" aria-label={`Loading ${title}`}>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : dates.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        <ul>
          {dates.map((d) => (
            <MemberDateEntry
              key={d.id}
              date={d}
              now={now}
              past={past}
              ratings={ratingsOf.get(d.id)}
              bookedFor={couple && whose && d.userId !== couple.memberId ? whose(d.userId) : null}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SectionTitle({
  id,
  icon,
  children,
  className = "mb-3",
}: {
  id: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <h2 id={id} className={`${className} flex items-center gap-2 font-display text-xl font-medium`}>
      <span className="text-brand [&_svg]:size-4.5">{icon}</span>
      {children}
    </h2>
  );
}

/** The couple: partner (linked), plan and who holds it, this month's allowance, and the couple's needs. */
function CoupleCard({ query, member }: { query: ReturnType<typeof useCouple>; member: AdminUser }) {
  if (query.isError)
    return (
      <LoadErrorCard title="Couldn't load this couple" error={query.error} onRetry={() => query.refetch()} />
    );
  const c = query.data;
  return (
    <Card className="grid gap-6 p-5 sm:p-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-8">
      <section aria-labelledby="couple-title" className="min-w-0">
        <SectionTitle id="couple-title" icon={<UsersRound aria-hidden />}>
          Couple
        </SectionTitle>
        {!c ? <CoupleSkeleton label="Loading couple" /> : <CoupleFacts couple={c} link className="gap-4" />}
      </section>
      <section
        aria-labelledby="needs-title"
        className="min-w-0 border-t border-border/70 pt-5 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-8"
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <SectionTitle id="needs-title" icon={<ListChecks aria-hidden />} className="mb-0">
            Needs
          </SectionTitle>
          <MemberNeedsDialog userId={member.id} firstName={member.firstName ?? memberName(member)} />
        </div>
        {!c ? (
          <CoupleSkeleton label="Loading needs" />
        ) : (
          <div className="grid gap-4">
            <CoupleNeeds couple={c} />
            <VenueExclusions couple={c} />
          </div>
        )}
      </section>
    </Card>
  );
}

/** The workspace's sections, as jump links under the header (a long page on a phone). */
const SECTIONS = [
  ["couple", "Couple & needs"],
  ["notes", "Notes"],
  ["dates", "Dates"],
  ["billing", "Billing"],
  ["messages", "Messages"],
  ["support", "Support"],
  ["history", "History"],
] as const;

function JumpLinks() {
  return (
    <nav aria-label="Sections of this member" className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-2">
        {SECTIONS.map(([id, label]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-flex h-9 items-center rounded-full border border-border bg-surface px-3.5 text-sm font-medium whitespace-nowrap text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /admin/members/{userId}: one member, their upcoming dates and their history (spec section 2). */
export default function AdminMemberPage() {
  useNoIndex();
  const { userId } = useParams<{ userId: string }>();
  const validId = /^[1-9]\d{0,8}$/.test(userId ?? "");
  // Not read at all unless the address holds a valid id (the placeholder is never sent).
  const params = { userId: validId ? userId : "0" };
  const member = useQuery({ ...queryOf(adminMembersApi.get, { params }), enabled: validId, staleTime: 0 });
  const dates = useQuery({
    ...queryOf(adminMembersApi.dates, { params }),
    enabled: validId && member.isSuccess,
    staleTime: 0,
  });
  const couple = useCouple(validId && member.isSuccess ? userId : null);
  useDocumentTitle(member.data ? memberName(member.data) : MEMBERS_MSG.notFound);
  const now = new Date();

  const shell = (children: ReactNode) => (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 sm:pb-24">
      <BackLink />
      {children}
    </div>
  );

  if (!validId || errorStatus(member.error) === 404)
    return shell(
      <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <UserX aria-hidden className="size-10 text-muted-foreground" />
        <h1 className="font-display text-3xl font-medium">{MEMBERS_MSG.notFound}</h1>
        <p className="max-w-sm text-muted-foreground">
          No member has this ID. They may have deleted their account.
        </p>
      </Card>,
    );
  if (member.isError)
    return shell(
      <LoadErrorCard
        heading="h1"
        title="Couldn't load this member"
        error={member.error}
        onRetry={() => member.refetch()}
      />,
    );
  if (!member.data)
    return shell(
      <div role="status" aria-label="Loading member" className="grid gap-3">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-5 w-48" />
      </div>,
    );

  const m = member.data;
  const all = dates.data;
  const upcoming = all?.filter((d) => new Date(d.scheduledDate) > now);
  const history = all
    ?.filter((d) => new Date(d.scheduledDate) <= now)
    .sort((a, b) => Date.parse(b.scheduledDate) - Date.parse(a.scheduledDate));

  return shell(
    <>
      <header className="mb-8">
        <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Member</p>
        <h1 className="mt-3 text-4xl leading-tight font-normal wrap-anywhere sm:text-5xl">{memberName(m)}</h1>
        <p className="mt-2 text-muted-foreground [overflow-wrap:anywhere]">
          <EmailAddress address={m.email} />
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          {coveredBy(m) ? <PlanBadge user={m} /> : <TierStatusBadge user={m} />}
          {m.planHolderId === m.id && m.partner && <Badge variant="gold">Plan holder</Badge>}
          {m.onboardingCompleted && <Badge variant="success">Onboarding Complete</Badge>}
          {m.isAdmin && <Badge variant="brand">Admin</Badge>}
        </div>
        <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-3">
          <AutoAssignButton user={m} />
          <MemberSessions user={m} />
          <MemberPlanActions user={m} />
        </div>
      </header>
      <JumpLinks />
      <div id="couple" className="mb-6 scroll-mt-6">
        <CoupleCard query={couple} member={m} />
      </div>
      <div className="mb-6">
        <MemberNotes userId={m.id} />
      </div>
      {dates.isError ? (
        <LoadErrorCard
          title="Couldn't load this member's dates"
          error={dates.error}
          onRetry={() => dates.refetch()}
        />
      ) : (
        <div id="dates" className="grid scroll-mt-6 gap-6 lg:grid-cols-2">
          <DatesCard
            title="Upcoming Dates"
            icon={<CalendarClock aria-hidden />}
            empty={MEMBERS_MSG.noUpcoming}
            dates={upcoming}
            now={now}
            past={false}
            couple={couple.data}
          />
          <DatesCard
            title="Date History"
            icon={<History aria-hidden />}
            empty={MEMBERS_MSG.noHistory}
            dates={history}
            now={now}
            past
            couple={couple.data}
          />
        </div>
      )}
      <div className="mt-6 grid gap-6">
        <MemberBilling userId={m.id} />
        <div className="grid gap-6 lg:grid-cols-2">
          <MemberEmails userId={m.id} />
          <MemberTickets userId={m.id} />
        </div>
      </div>
      <MemberTexts userId={m.id} />
      <div className="mt-6">
        <WorkspaceCard
          id="history"
          icon={<ScrollText aria-hidden />}
          title="History"
          description="Who changed this member's record and plan, newest first."
        >
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="grid content-start gap-1">
              <p className="text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">
                Needs and record
              </p>
              <RecordHistory entity="member" entityId={m.id} />
            </div>
            <div className="grid content-start gap-1">
              <p className="text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">Plan</p>
              <RecordHistory entity="subscription" entityId={m.id} />
            </div>
          </div>
        </WorkspaceCard>
      </div>
    </>,
  );
}
