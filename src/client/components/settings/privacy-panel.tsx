import { Download } from "lucide-react";
import { accountApi } from "../../../shared/contract/account.ts";
import { hrefOf } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";
import { ChangePasswordDialog } from "./change-password-dialog.tsx";
import { DeleteAccount } from "./delete-account.tsx";
import { DevicesCard } from "./devices-card.tsx";
import { SettingsSection } from "./section.tsx";
import { TwoFactorCard } from "./two-factor-card.tsx";

/** Settings > Privacy & Security: your data, password, two-step sign-in, devices, and deleting the account. */
export function PrivacyPanel() {
  return (
    <div className="grid gap-6">
      <SettingsSection
        title="Your data"
        description="Everything we hold about you (profile, preferences, dates, ratings, support messages and payments) in one file you can keep."
      >
        <Button asChild variant="outline">
          <a href={hrefOf(accountApi.exportData)} download>
            <Download aria-hidden />
            Download My Data
          </a>
        </Button>
      </SettingsSection>

      <SettingsSection
        title="Password"
        description="Choose a new password. Other devices signed in to your account will be signed out."
      >
        <ChangePasswordDialog />
      </SettingsSection>

      <TwoFactorCard />

      <DevicesCard />

      <SettingsSection
        title="Danger Zone"
        tone="danger"
        description="Deleting your account removes your profile, preferences and date history for good. Before you confirm, we show what happens to your plan, your partner and each booked date."
      >
        <DeleteAccount />
      </SettingsSection>
    </div>
  );
}
