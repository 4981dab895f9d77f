import { ThemeRadios } from "../layout/theme-switch.tsx";
import { SettingsSection } from "./section.tsx";

/** The colour theme, kept in this browser (not the account): the header's menu holds the same choice. */
export function AppearanceCard() {
  return (
    <SettingsSection
      title="Appearance"
      description="Light, dark, or as your device is set. Remembered on this browser."
    >
      <ThemeRadios className="max-w-sm" />
    </SettingsSection>
  );
}
