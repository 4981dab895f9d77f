import { SettingsSection } from "../../../../client/components/settings/section.tsx";
import { partnerName } from "../../../../client/lib/plan.ts";
import type { PublicUser } from "../../../../shared/api-types.ts";
import { MonthOffButton } from "./month-off.tsx";
import { PauseNotice } from "./pause-notice.tsx";

/**
 * The couple's month off for a partner covered by the other's plan: the couple is the customer,
 * so either may take a month off or resume early. The same preview as the plan holder's (the dates it holds,
 * keep or cancel them); the holder is told by e-mail. Billing stays the holder's: the panel shows its next
 * payment read-only (next-payment.tsx), from the same account as the holder's.
 */
export function PartnerMonthOff({ cover }: { cover: NonNullable<PublicUser["partnerPlan"]> }) {
  const name = partnerName(cover);
  if (cover.pausedUntil)
    return (
      <PauseNotice
        user={{ pausedFrom: cover.pausedFrom, subscriptionStatus: cover.status, currentPeriodEnd: null }}
        pausedUntil={cover.pausedUntil}
      />
    );
  if (cover.status !== "active") return null;
  return (
    <SettingsSection
      title="Take a month off"
      description={`Pause your plan with ${name} for one month: no dates and no payment. ${name} is told by e-mail.`}
    >
      <MonthOffButton testId="partner-pause" />
    </SettingsSection>
  );
}
