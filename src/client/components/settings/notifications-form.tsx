import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { PublicUser } from "../../../shared/api-types.ts";
import { accountApi } from "../../../shared/contract/account.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { londonDay } from "../../../shared/london-time.ts";
import { TOAST } from "../../../shared/messages.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import { call, invalidate, queryOf, storeAnswer } from "../../lib/api.ts";
import { queryClient, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useUnsavedChanges } from "../../lib/unsaved-changes.ts";
import { Button } from "../ui/button.tsx";
import { Label } from "../ui/label.tsx";
import { SaveStatus } from "../ui/save-status.tsx";
import { Switch } from "../ui/switch.tsx";
import { useUpdateProfile } from "./api.ts";
import { PushDevices } from "./push-devices.tsx";

/** The push and teaser-clue switches, and a STOP reply's date. */
type PhoneChannels = AnswerOf<typeof accountApi.notifications>;
const channelsQuery = queryOf(accountApi.notifications);

interface Choices {
  email: boolean;
  sms: boolean;
  marketing: boolean;
  push: boolean;
  clues: boolean;
}

function choicesFrom(user: PublicUser, channels: PhoneChannels | undefined): Choices {
  return {
    email: user.emailNotifications,
    sms: user.smsNotifications,
    marketing: !user.marketingOptOut,
    push: channels?.push ?? true,
    clues: channels?.clues ?? false,
  };
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
  // What belongs to a switch (a notice, the device list) sits under the whole row: beside the switch, a phone's
  // narrow column wrapped each device's name and crowded its Remove button.
  return (
    <div className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-5">
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={id} className={disabled ? "" : "cursor-pointer"}>
            {label}
          </Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
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
      {children}
    </div>
  );
}

/** E-mail, text-message and marketing switches, saved together. */
export function NotificationsForm({ user, onAddPhone }: { user: PublicUser; onAddPhone: () => void }) {
  const { data: channels } = useQuery(channelsQuery);
  // Only the switches the member turned are kept here; the rest show what the server says. A read that
  // arrives after a turn (the device's push switches, a refetched profile) never turns a switch back.
  const [edits, setEdits] = useState<Partial<Choices>>({});
  const update = useUpdateProfile();
  const hasPhone = Boolean(user.phone);
  const saved = choicesFrom(user, channels);
  const choices: Choices = { ...saved, ...edits };
  const turn = (key: keyof Choices) => (on: boolean) => setEdits((e) => ({ ...e, [key]: on }));
  useUnsavedChanges(
    "Notifications",
    (Object.keys(saved) as Array<keyof Choices>).some((k) => choices[k] !== saved[k]),
  );

  // The whole save (the phone channels, then the profile's switches), so the button holds while either runs.
  const [saving, setSaving] = useState<"idle" | "pending" | "success" | "error">("idle");
  const changed = (Object.keys(saved) as Array<keyof Choices>).some((k) => choices[k] !== saved[k]);

  async function save() {
    if (saving === "pending") return;
    setSaving("pending");
    if (channels && (choices.push !== channels.push || choices.clues !== channels.clues)) {
      try {
        const next = await call(accountApi.updateNotifications, {
          body: { push: choices.push, clues: choices.clues },
        });
        storeAnswer(queryClient, channelsQuery.queryKey, next);
      } catch (e) {
        toastCallError(TOAST.errorTitle, e);
        setSaving("error");
        return;
      }
    }
    update.mutate(
      {
        emailNotifications: choices.email,
        smsNotifications: choices.sms,
        marketingOptOut: !choices.marketing,
      },
      {
        onSuccess: () => {
          // The server's answer is what the switches show now.
          setEdits({});
          // Turning SMS on clears a STOP reply: read the switches again.
          void invalidate(queryClient, accountApi.notifications);
          toast({
            title: "Notification Settings Saved",
            description: "We'll keep in touch the way you chose.",
          });
          setSaving("success");
        },
        onError: (error) => {
          toastCallError(TOAST.errorTitle, error);
          setSaving("error");
        },
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
          onCheckedChange={turn("email")}
        />
        <SwitchRow
          label="SMS notifications"
          hint="A text when your date is revealed, and a reminder on the day."
          checked={choices.sms}
          // Turning texts on needs a number to send them to; turning them off never does.
          disabled={!hasPhone && !choices.sms}
          onCheckedChange={turn("sms")}
        >
          {channels?.smsStoppedAt && !user.smsNotifications && (
            <p className="text-sm text-accent-text" data-testid="sms-stopped">
              You replied STOP to our texts on {londonDay(new Date(channels.smsStoppedAt))}. Turn SMS on to
              receive them again.
            </p>
          )}
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
          label="Push notifications"
          hint="On the devices below: when your date is revealed, a reminder to confirm it, and on the day. None between 9pm and 8am, except on the day of your date."
          checked={choices.push}
          onCheckedChange={turn("push")}
        >
          <PushDevices />
        </SwitchRow>
        <SwitchRow
          label="Teaser clues"
          hint="Clues about your next date as they unlock in the week before, by push and SMS as you allow above. Never the venue before the reveal."
          checked={choices.clues}
          onCheckedChange={turn("clues")}
        />
        <SwitchRow
          label="Marketing communications"
          hint="News, seasonal offers and new kinds of date, now and then. Never passed to anyone else."
          checked={choices.marketing}
          onCheckedChange={turn("marketing")}
        />
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
        <SaveStatus status={changed && saving === "success" ? "idle" : saving} />
        <Button onClick={() => void save()} pending={saving === "pending"} className="w-full sm:w-auto">
          {saving === "pending" ? "Saving..." : "Save Notification Settings"}
        </Button>
      </div>
    </div>
  );
}
