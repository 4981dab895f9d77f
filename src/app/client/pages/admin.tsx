import { useQuery } from "@tanstack/react-query";
import { CalendarHeart, MapPin, Users } from "lucide-react";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";
import { AttentionCountBadge } from "../../../client/components/admin/attention/count-badge.tsx";
import { TableSkeleton } from "../../../client/components/admin/common.tsx";
import {
  isTwoFactorGate,
  TwoFactorGate,
  TwoFactorPrompt,
} from "../../../client/components/admin/two-factor-prompt.tsx";
import { useNoIndex } from "../../../client/components/settings/use-noindex.ts";
import { Card } from "../../../client/components/ui/card.tsx";
import { Skeleton } from "../../../client/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../client/components/ui/tabs.tsx";
import { queryOf } from "../../../client/lib/api.ts";
import { useAuth } from "../../../client/lib/auth.ts";
import { useDocumentTitle } from "../../../client/lib/document-title.ts";
import { ADMIN_TABS, type AdminTabId } from "../../../shared/admin/back-office.ts";
import { adminApi } from "../../../shared/contract/admin.ts";

// Each tab's code (and what only it uses, such as the analytics charts) loads when the tab is first opened.
const TAB_COMPONENTS: Record<AdminTabId, ComponentType> = {
  today: lazy(() => import("../../../client/pages/admin/today-tab.tsx")),
  venues: lazy(() => import("../../../client/pages/admin/venues-tab.tsx")),
  members: lazy(() => import("../../../client/pages/admin/members-tab.tsx")),
  users: lazy(() => import("../../../client/pages/admin/users-tab.tsx")),
  assignments: lazy(() => import("../../../client/pages/admin/assignments-tab.tsx")),
  "ai-suggestions": lazy(() => import("../../../client/pages/admin/ai-suggestions-tab.tsx")),
  "offer-codes": lazy(() => import("../../../client/pages/admin/offer-codes-tab.tsx")),
  gifts: lazy(() => import("../../../features/gifts/client/admin/gifts-tab.tsx")),
  analytics: lazy(() => import("./admin/analytics-tab.tsx")),
  emails: lazy(() => import("../../../client/pages/admin/emails-tab.tsx")),
  support: lazy(() => import("../../../client/pages/admin/support-tab.tsx")),
  audit: lazy(() => import("../../../client/pages/admin/audit-tab.tsx")),
};

/** The back office opens on the day's queue. */
const DEFAULT_TAB: AdminTabId = "today";

function isTab(value: string | null): value is AdminTabId {
  return ADMIN_TABS.some((t) => t.id === value);
}

function StatCard({
  label,
  value,
  icon,
  loading,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  loading: boolean;
}) {
  return (
    <Card
      className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-5"
      data-testid={`stat-${label.toLowerCase().replace(/ /g, "-")}`}
    >
      <div className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-brand sm:flex [&_svg]:size-5">
        {icon}
      </div>
      <div className="min-w-0">
        <p className="text-xs leading-tight text-muted-foreground sm:text-sm">{label}</p>
        {loading ? (
          <Skeleton className="mt-1 h-7 w-16" />
        ) : (
          <p className="font-display text-2xl leading-tight font-medium tabular-nums sm:text-3xl">
            {value === undefined ? "-" : value.toLocaleString("en-GB")}
          </p>
        )}
      </div>
    </Card>
  );
}

/** /admin: the back office. Header, three counts, and a tab per area (`?tab=` keeps the open one). */
export default function AdminPage() {
  useDocumentTitle("Admin Dashboard");
  useNoIndex();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const requested = new URLSearchParams(search).get("tab");
  const tab: AdminTabId = isTab(requested) ? requested : DEFAULT_TAB;
  const strip = useRef<HTMLDivElement>(null);
  // On a phone the strip scrolls sideways: keep the open tab in sight (after a deep link or Back too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the open tab changes.
  useEffect(() => {
    strip.current
      ?.querySelector<HTMLElement>(`[role="tab"][data-state="active"]`)
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [tab]);
  const stats = useQuery({ ...queryOf(adminApi.stats), staleTime: 0 });
  const { user } = useAuth();
  const gated = isTwoFactorGate(stats.error);

  const onTab = (next: string) => {
    const params = new URLSearchParams(search);
    if (next === DEFAULT_TAB) params.delete("tab");
    else params.set("tab", next);
    const qs = params.toString();
    navigate(qs ? `${location}?${qs}` : location);
  };

  return (
    <div className="mx-auto w-full max-w-7xl flex-1 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 sm:pb-24">
      <header className="mb-8">
        <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Back office</p>
        <h1 className="mt-3 text-4xl leading-tight font-normal sm:text-5xl">Admin Dashboard</h1>
        <p className="mt-2 text-muted-foreground">Manage date ideas, venues, and member experiences</p>
      </header>

      {gated ? <TwoFactorGate /> : user && !user.twoFactorEnabled && <TwoFactorPrompt />}
      {!gated && (
        <>
          <section aria-label="At a glance" className="mb-6 grid grid-cols-3 gap-2 sm:mb-8 sm:gap-4">
            <StatCard
              label="Total Members"
              value={stats.data?.totalMembers}
              icon={<Users aria-hidden />}
              loading={stats.isPending}
            />
            <StatCard
              label="Partner Venues"
              value={stats.data?.partnerVenues}
              icon={<MapPin aria-hidden />}
              loading={stats.isPending}
            />
            <StatCard
              label="Total Assignments"
              value={stats.data?.totalAssignments}
              icon={<CalendarHeart aria-hidden />}
              loading={stats.isPending}
            />
          </section>

          <Tabs value={tab} onValueChange={onTab} activationMode="manual">
            <div
              ref={strip}
              className="-mx-4 overflow-x-auto px-4 pb-1 [mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] sm:mx-0 sm:px-0 lg:[mask-image:none]"
            >
              <TabsList
                aria-label="Back office areas"
                className="inline-flex w-max min-w-full justify-start gap-1 lg:w-full lg:justify-between"
              >
                {ADMIN_TABS.map((t) => (
                  <TabsTrigger
                    key={t.id}
                    value={t.id}
                    className="shrink-0 gap-1.5 px-4 whitespace-nowrap lg:flex-1 lg:px-2"
                  >
                    {t.label}
                    {t.id === "today" && <AttentionCountBadge />}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
            {ADMIN_TABS.map((t) => {
              const Tab = TAB_COMPONENTS[t.id];
              return (
                <TabsContent key={t.id} value={t.id}>
                  {tab === t.id && (
                    <Suspense fallback={<TableSkeleton label={`Loading ${t.label}`} />}>
                      <Tab />
                    </Suspense>
                  )}
                </TabsContent>
              );
            })}
          </Tabs>
        </>
      )}
    </div>
  );
}
