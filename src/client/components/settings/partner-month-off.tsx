import { CirclePause } from "lucide-react";
import { useState } from "react";
import type { PublicUser } from "../../../shared/api-types.ts";
import { partnerName } from "../../lib/plan.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogTrigger } from "../ui/dialog.tsx";
import { PauseNotice } from "./pause-notice.tsx";
import { PauseStep } from "./pause-step.tsx";
import { SettingsSection } from "./section.tsx";

/**
 * The couple's month off for a partner covered by the other's plan: the couple is the customer,
 * so either may take a month off or resume early. The same preview as the plan holder's (the dates it holds,
 * keep or cancel them); the holder is told by e-mail. Billing stays the holder's, so no payment days here.
 */
export function PartnerMonthOff({ cover }: { cover: NonNullable<PublicUser["partnerPlan"]> }) {
  const [open, setOpen] = useState(false);
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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline" className="justify-self-start" data-testid="partner-pause">
            <CirclePause aria-hidden />
            Take a month off
          </Button>
        </DialogTrigger>
        <DialogContent className="max-w-xl">
          <PauseStep onBack={() => setOpen(false)} onDone={() => setOpen(false)} backLabel="Not now" />
        </DialogContent>
      </Dialog>
    </SettingsSection>
  );
}
