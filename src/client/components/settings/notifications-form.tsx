import { useEffect, useId, useState } from "react";
import type { PublicUser } from "../../../shared/api-types.ts";
import { TOAST } from "../../../shared/messages.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import { toastCallError } from "../../lib/queryClient.ts";
import { useUnsavedChanges } from "../../lib/unsaved-changes.ts";
import { Button } from "../ui/button.tsx";
import { Label } from "../ui/label.tsx";
import { Switch } from "../ui/switch.tsx";
import { toast } from "../ui/use-toast.ts";
import { useUpdateProfile } from "./api.ts";

interface Choices {
  email: boolean;
  sms: boolean;
  marketing: boolean;
}

function choicesFrom(user: PublicUser): Choices {
  return { email: user.emailNotifications, sms: user.smsNotifications, marketing: !user.marketingOptOut };
}

function SwitchRow({
  label,
  hint,
  checked,
  onCheckedChange,
  disabled,
  children,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (v: boolean) => void;
  disabled?: boolean;
  children?: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-5 py-4 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={id} className={disabled ? "" : "cursor-pointer"}>
          {label}
        </Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
        {children}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
    </div>
  );
}

/** E-mail, text-message and marketing switches, saved together. */
export function NotificationsForm({ user, onAddPhone }: { user: PublicUser; onAddPhone: () => void }) {
  const [choices, setChoices] = useState(() => choicesFrom(user));
  const update = useUpdateProfile();
  useEffect(() => setChoices(choicesFrom(user)), [user]);
  const hasPhone = Boolean(user.phone);
  const saved = choicesFrom(user);
  useUnsavedChanges(
    "Notifications",
    choices.email !== saved.email || choices.sms !== saved.sms || choices.marketing !== saved.marketing,
  );

  function save() {
    update.mutate(
      {
        emailNotifications: choices.email,
        smsNotifications: choices.sms,
        marketingOptOut: !choices.marketing,
      },
      {
        onSuccess: () =>
          toast({
            title: "Notification Settings Saved",
            description: "We'll keep in touch the way you chose.",
          }),
        onError: (error) => toastCallError(TOAST.errorTitle, error),
      },
    );
  }

  return (
    <div className="grid gap-5">
      <div className="divide-y divide-border">
        <SwitchRow
          label="Email notifications"
          hint="Reminders before each date and a note afterwards to rate it. Reveals, bookings and billing e-mails always arrive."
          checked={choices.email}
          onCheckedChange={(email) => setChoices((c) => ({ ...c, email }))}
        />
        <SwitchRow
          label="SMS notifications"
          hint="A text when your date is revealed, and a reminder on the day."
          checked={choices.sms}
          // Turning texts on needs a number to send them to; turning them off never does.
          disabled={!hasPhone && !choices.sms}
          onCheckedChange={(sms) => setChoices((c) => ({ ...c, sms }))}
        >
          {!hasPhone && (
            <p className="text-sm text-accent-text" data-testid="sms-needs-phone">
              {MEMBER_MSG.smsNeedsPhone}.{" "}
              <Button variant="link" size="sm" className="text-sm font-semibold" onClick={onAddPhone}>
                Add one in Profile
              </Button>
            </p>
          )}
        </SwitchRow>
        <SwitchRow
          label="Marketing communications"
          hint="News, seasonal offers and new kinds of date, now and then. Never passed to anyone else."
          checked={choices.marketing}
          onCheckedChange={(marketing) => setChoices((c) => ({ ...c, marketing }))}
        />
      </div>
      <div className="flex justify-end border-t border-border pt-5">
        <Button onClick={save} disabled={update.isPending} className="w-full sm:w-auto">
          {update.isPending ? "Saving..." : "Save Notification Settings"}
        </Button>
      </div>
    </div>
  );
}
