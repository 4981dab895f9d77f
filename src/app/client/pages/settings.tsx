import { Tabs } from "radix-ui";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { PlanOfferBanner } from "../../../client/components/plan-offer-banner.tsx";
import { AppearanceCard } from "../../../client/components/settings/appearance-card.tsx";
import { NotificationsForm } from "../../../client/components/settings/notifications-form.tsx";
import { PartnerCard } from "../../../client/components/settings/partner-card.tsx";
import { PreferencesCard } from "../../../client/components/settings/preferences-card.tsx";
import { PrivacyPanel } from "../../../client/components/settings/privacy-panel.tsx";
import { ProfileForm } from "../../../client/components/settings/profile-form.tsx";
import { SettingsSection } from "../../../client/components/settings/section.tsx";
import { SettingsSkeleton } from "../../../client/components/settings/settings-skeleton.tsx";
import {
  parseSettingsTab,
  SETTINGS_TABS,
  type SettingsTab,
  TAB_INFO,
} from "../../../client/components/settings/tabs.ts";
import { useNoIndex } from "../../../client/components/settings/use-noindex.ts";
import { useWideScreen } from "../../../client/components/settings/use-wide-screen.ts";
import { ConfirmDialog } from "../../../client/components/ui/confirm-dialog.tsx";
import { EmailAddress } from "../../../client/components/ui/email-address.tsx";
import { displayName, useAuth } from "../../../client/lib/auth.ts";
import { cn } from "../../../client/lib/cn.ts";
import { useDocumentTitle } from "../../../client/lib/document-title.ts";
import { unsavedChanges } from "../../../client/lib/unsaved-changes.ts";
import { SubscriptionPanel } from "../../../features/subscriptions/client/settings/subscription-panel.tsx";

/** The panel takes focus (Tab from the tab list moves into it): show where focus is, like every control. */
const PANEL_FOCUS =
  // outline-solid: Tailwind's outline-none also empties the outline style focus-visible:outline-2 draws with.
  "rounded-xl outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-4 focus-visible:outline-ring";

const triggerClass = cn(
  "group flex min-w-0 flex-col items-center gap-1 px-1 pt-2 pb-1.5 text-[0.6875rem] font-medium text-muted-foreground transition-colors",
  "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring data-[state=active]:text-foreground",
  "sm:flex-row sm:gap-3 sm:rounded-xl sm:px-3.5 sm:py-2.5 sm:text-left sm:text-sm",
  "sm:hover:bg-muted sm:hover:text-foreground",
  "sm:data-[state=active]:bg-surface sm:data-[state=active]:shadow-[0_1px_2px_rgb(0_0_0/0.05),0_4px_14px_-8px_rgb(40_10_40/0.25)] sm:data-[state=active]:ring-1 sm:data-[state=active]:ring-border",
);

/** /settings: Account Settings in four tabs (a side list from sm up, a bottom bar on phones), ?tab= deep-links. */
export default function SettingsPage() {
  useDocumentTitle("Account Settings");
  useNoIndex();
  const { user, isLoading } = useAuth();
  const search = useSearch();
  const [, navigate] = useLocation();
  const wide = useWideScreen();
  const tab = parseSettingsTab(new URLSearchParams(search).get("tab"));

  // A tab change drops the open tab's form: with changes not saved, ask first.
  const [leaving, setLeaving] = useState<{ to: SettingsTab; forms: string[] } | null>(null);

  function goToTab(value: SettingsTab) {
    navigate(value === "profile" ? "/settings" : `/settings?tab=${value}`, { replace: true });
    if (!wide) window.scrollTo({ top: 0 });
  }

  function selectTab(next: string) {
    const value = next as SettingsTab;
    const forms = unsavedChanges();
    if (value !== tab && forms.length > 0) return setLeaving({ to: value, forms });
    goToTab(value);
  }

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 pt-8 pb-32 sm:px-6 sm:pt-14 sm:pb-24">
      <header>
        <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Your account</p>
        <h1 className="mt-3 text-4xl leading-tight font-normal sm:text-5xl">Account Settings</h1>
        <p className="mt-2 text-muted-foreground">
          Your profile, notifications, membership, privacy and security.
        </p>
      </header>

      {isLoading || !user ? (
        <SettingsSkeleton />
      ) : (
        <Tabs.Root
          value={tab}
          onValueChange={selectTab}
          orientation={wide ? "vertical" : "horizontal"}
          activationMode="manual"
          className="mt-8 sm:grid sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10"
        >
          <div className="sm:sticky sm:top-24 sm:self-start">
            <div className="mb-4 hidden items-center gap-3 px-1 sm:flex">
              <span
                aria-hidden
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-display text-lg text-primary-foreground"
              >
                {displayName(user).slice(0, 1).toUpperCase()}
              </span>
              <div className="min-w-0">
                <p className="text-sm font-semibold [overflow-wrap:anywhere]">{displayName(user)}</p>
                <p
                  className="text-xs text-muted-foreground [overflow-wrap:anywhere]"
                  data-testid="side-email"
                >
                  <EmailAddress address={user.email} />
                </p>
              </div>
            </div>
            <Tabs.List
              aria-label="Settings sections"
              data-testid="settings-tabs"
              data-sticky-bar="bottom"
              data-layout={wide ? "side" : "bottom"}
              className={cn(
                "fixed inset-x-0 bottom-0 z-30 grid grid-cols-4 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-8px_24px_-16px_rgb(40_10_40/0.35)] backdrop-blur-md",
                "sm:static sm:flex sm:flex-col sm:gap-1 sm:border-0 sm:bg-transparent sm:pb-0 sm:shadow-none sm:backdrop-blur-none",
              )}
            >
              {SETTINGS_TABS.map((id) => {
                const info = TAB_INFO[id];
                const Icon = info.icon;
                return (
                  <Tabs.Trigger key={id} value={id} className={triggerClass}>
                    <span
                      aria-hidden
                      className="flex h-7 w-14 items-center justify-center rounded-full transition-colors group-data-[state=active]:bg-accent/25 group-data-[state=active]:text-accent-text sm:h-auto sm:w-auto sm:bg-transparent sm:group-data-[state=active]:bg-transparent"
                    >
                      <Icon className="size-5 sm:size-4.5" />
                    </span>
                    <span className="max-w-full truncate sm:hidden">
                      {info.shortLabel}
                      {info.label.length > info.shortLabel.length && (
                        <span className="sr-only">{info.label.slice(info.shortLabel.length)}</span>
                      )}
                    </span>
                    <span className="hidden sm:inline">{info.label}</span>
                  </Tabs.Trigger>
                );
              })}
            </Tabs.List>
          </div>

          <div className="min-w-0">
            <Tabs.Content value="profile" className={`grid gap-6 ${PANEL_FOCUS}`}>
              <SettingsSection
                title="Profile"
                description="How we address you, and where your dates can take you."
              >
                <ProfileForm user={user} />
              </SettingsSection>
              <PreferencesCard user={user} />
              <PartnerCard />
              <AppearanceCard />
            </Tabs.Content>
            <Tabs.Content value="notifications" className={PANEL_FOCUS}>
              <SettingsSection
                title="Notifications"
                description="Choose how we keep you posted about your dates."
              >
                <NotificationsForm user={user} onAddPhone={() => selectTab("profile")} />
              </SettingsSection>
            </Tabs.Content>
            <Tabs.Content value="subscription" className={`grid gap-6 ${PANEL_FOCUS}`}>
              <PlanOfferBanner user={user} />
              <SubscriptionPanel user={user} />
            </Tabs.Content>
            <Tabs.Content value="privacy" className={PANEL_FOCUS}>
              <PrivacyPanel />
            </Tabs.Content>
          </div>
        </Tabs.Root>
      )}
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        pending={false}
        title="Leave without saving?"
        description={
          leaving
            ? `Your changes to ${leaving.forms.join(" and ")} aren't saved yet. If you go to ${TAB_INFO[leaving.to].label} now, they'll be lost.`
            : ""
        }
        cancelLabel="Keep editing"
        confirmLabel="Discard changes"
        pendingLabel="Discarding..."
        onConfirm={() => {
          const to = leaving?.to;
          setLeaving(null);
          if (to) goToTab(to);
        }}
      />
    </div>
  );
}
