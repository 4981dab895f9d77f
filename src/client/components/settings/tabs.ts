import { Bell, CreditCard, type LucideIcon, ShieldCheck, UserRound } from "lucide-react";

export const SETTINGS_TABS = ["profile", "notifications", "subscription", "privacy"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/**
 * `shortLabel` is what the phone's bottom bar shows: always the start of `label`, the rest being there for
 * screen readers only, so the visible words are part of the accessible name (WCAG 2.5.3 Label in Name).
 */
export const TAB_INFO: Record<SettingsTab, { label: string; shortLabel: string; icon: LucideIcon }> = {
  profile: { label: "Profile", shortLabel: "Profile", icon: UserRound },
  notifications: { label: "Notifications", shortLabel: "Notifications", icon: Bell },
  subscription: { label: "Subscription", shortLabel: "Subscription", icon: CreditCard },
  privacy: { label: "Privacy & Security", shortLabel: "Privacy", icon: ShieldCheck },
};

/** The tab named by ?tab= (also "security" for the privacy tab), else Profile. */
export function parseSettingsTab(raw: string | null): SettingsTab {
  if (raw === "security") return "privacy";
  return SETTINGS_TABS.find((t) => t === raw) ?? "profile";
}
