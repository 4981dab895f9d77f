import { zodResolver } from "@hookform/resolvers/zod";
import { ChevronDown, MailCheck } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { PublicUser } from "../../../shared/api-types.ts";
import { TRAVEL_RADIUS } from "../../../shared/constants.ts";
import { MSG, TOAST } from "../../../shared/messages.ts";
import { ukPhoneForDisplay } from "../../../shared/phone.ts";
import { MEMBER_MSG, type UpdateProfileInput, updateProfileSchema } from "../../../shared/schemas/member.ts";
import { cn } from "../../lib/cn.ts";
import { errorMessage, isUnauthorizedError, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useUnsavedChanges } from "../../lib/unsaved-changes.ts";
import { useErrorSummary } from "../../lib/use-error-summary.ts";
import { Button } from "../ui/button.tsx";
import { EmailAddress } from "../ui/email-address.tsx";
import { focusField, SummaryForm } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";
import { Label } from "../ui/label.tsx";
import { SaveStatus } from "../ui/save-status.tsx";
import { serverFieldErrors, useUpdateProfile } from "./api.ts";
import { Notice } from "./section.tsx";

const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "city",
  "phone",
  "travelRadius",
  "currentPassword",
] as const;
/** The inputs' ids, which the error summary's links lead to. */
const PROFILE_FIELD_IDS = {
  firstName: "profile-first-name",
  lastName: "profile-last-name",
  email: "profile-email",
  currentPassword: "profile-current-password",
  city: "profile-city",
  phone: "profile-phone",
} as const;
/** The profile's own fields from the shared schema (same rules and messages as the server). */
const profileFormSchema = updateProfileSchema
  .pick({ firstName: true, lastName: true, email: true, city: true, phone: true, travelRadius: true })
  .required()
  .extend({ currentPassword: updateProfileSchema.shape.currentPassword });

export function currentRadius(user: PublicUser): number {
  return user.preferences?.travelRadius ?? TRAVEL_RADIUS.onboardingDefault;
}

/** The settings choices, plus the member's own radius when onboarding stored another (e.g. 15). */
export function radiusChoices(current: number): Array<{ value: number; label: string }> {
  const values = new Set<number>([...TRAVEL_RADIUS.settingsChoices, current]);
  const top = TRAVEL_RADIUS.settingsChoices[TRAVEL_RADIUS.settingsChoices.length - 1];
  return [...values]
    .sort((a, b) => a - b)
    .map((value) => ({ value, label: value === top ? `${value}+ miles` : `${value} miles` }));
}

function defaultsFrom(user: PublicUser) {
  return {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    email: user.email,
    city: user.city ?? user.preferences?.city ?? "",
    // As people write it ("07700 900123"), not as stored (+447700900123): saved again, it is the same number.
    phone: user.phone ? ukPhoneForDisplay(user.phone) : "",
    travelRadius: currentRadius(user),
    currentPassword: "",
  };
}

/** Profile: names, e-mail (changed only once the new address is verified), city, phone and travel radius. */
export function ProfileForm({ user }: { user: PublicUser }) {
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: defaultsFrom(user),
    shouldFocusError: false,
  });
  const update = useUpdateProfile();
  const radiusId = useId();
  const errorSummary = useErrorSummary(form, { ...PROFILE_FIELD_IDS, travelRadius: radiusId });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges("Profile", isDirty);

  // A saved change (or one made in another tab) becomes the form's new starting point.
  useEffect(() => {
    form.reset(defaultsFrom(user));
  }, [user, form]);

  const onSubmit = errorSummary.handleSubmit((values) => {
    const before = defaultsFrom(user);
    const changes: UpdateProfileInput = {};
    if (values.firstName !== undefined && values.firstName !== before.firstName)
      changes.firstName = values.firstName;
    if (values.lastName !== undefined && values.lastName !== before.lastName)
      changes.lastName = values.lastName;
    if (values.email !== undefined && values.email !== user.email.toLowerCase()) {
      changes.email = values.email;
      if (values.email !== user.pendingEmail?.toLowerCase()) {
        if (!values.currentPassword) {
          form.setError("currentPassword", { message: MEMBER_MSG.passwordForEmail });
          focusField(PROFILE_FIELD_IDS.currentPassword);
          return;
        }
        changes.currentPassword = values.currentPassword;
      }
    }
    if (values.city !== undefined && (values.city ?? "") !== before.city) changes.city = values.city ?? "";
    if (values.phone !== undefined && (values.phone ?? "") !== before.phone)
      changes.phone = values.phone ?? "";
    if (values.travelRadius !== undefined && values.travelRadius !== before.travelRadius)
      changes.travelRadius = values.travelRadius;
    if (Object.keys(changes).length === 0) {
      form.reset(before);
      toast({ title: "Nothing to save", description: "Your profile already says exactly this." });
      return;
    }
    update.mutate(changes, {
      onSuccess: (saved) => {
        const emailPending = changes.email !== undefined && saved.pendingEmail === changes.email;
        toast({
          title: TOAST.profileUpdatedTitle,
          description: emailPending
            ? `We've sent a link to ${changes.email}. Your new address takes over once you follow it.`
            : "Your changes have been saved.",
        });
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error);
        if (errorMessage(error) === MSG.emailTaken) fieldErrors.email ??= MSG.emailTaken;
        // Removing the number (or giving a landline) while texts are on: say so where the number is.
        if (fieldErrors.smsNotifications)
          fieldErrors.phone ??=
            "Text messages are on and need a UK mobile number. Turn them off in Notifications to remove it or use a landline.";
        // The server's words beside each field and in the summary (focused); the toast repeats them.
        const known = Object.fromEntries(
          Object.entries(fieldErrors).filter(([path]) => (FIELDS as readonly string[]).includes(path)),
        );
        if (!errorSummary.showServerFieldErrors(known) && !isUnauthorizedError(error))
          errorSummary.showServerError(errorMessage(error));
        toastCallError(TOAST.errorTitle, error);
      },
    });
  });

  const choices = radiusChoices(form.watch("travelRadius") ?? currentRadius(user));
  const typedEmail = (form.watch("email") ?? "").trim().toLowerCase();
  const emailChanging =
    typedEmail !== "" &&
    typedEmail !== user.email.toLowerCase() &&
    typedEmail !== user.pendingEmail?.toLowerCase();

  return (
    <SummaryForm
      summary={errorSummary.summary}
      onSubmit={onSubmit}
      className="grid gap-5"
      aria-label="Profile"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={PROFILE_FIELD_IDS.firstName}
          label="First name"
          className="content-start"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register("firstName")}
        />
        <FormField
          id={PROFILE_FIELD_IDS.lastName}
          label="Last name"
          className="content-start"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register("lastName")}
        />
      </div>
      <div className="grid gap-3">
        <FormField
          id={PROFILE_FIELD_IDS.email}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="A new address is used only after you follow the link we send to it."
          error={errors.email?.message}
          {...form.register("email")}
        />
        {emailChanging && (
          <FormField
            id={PROFILE_FIELD_IDS.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Changing your e-mail address needs your password."
            error={errors.currentPassword?.message}
            {...form.register("currentPassword")}
          />
        )}
        {user.pendingEmail && (
          <Notice tone="gold" icon={<MailCheck />} role="status" testId="pending-email">
            We've sent a verification link to{" "}
            <strong className="text-foreground [overflow-wrap:anywhere]">
              <EmailAddress address={user.pendingEmail} />
            </strong>
            . Until you follow it, we'll keep using {user.email}.
          </Notice>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={PROFILE_FIELD_IDS.city}
          label="City"
          className="content-start"
          autoComplete="address-level2"
          placeholder="London"
          error={errors.city?.message}
          {...form.register("city")}
        />
        <FormField
          id={PROFILE_FIELD_IDS.phone}
          label="Phone"
          className="content-start"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="07700 900123"
          hint="UK number, for text messages if you turn them on."
          error={errors.phone?.message}
          {...form.register("phone")}
        />
      </div>
      <div className="grid gap-2 sm:max-w-[calc(50%-0.625rem)]">
        <Label htmlFor={radiusId}>Travel radius</Label>
        <div className="relative">
          <select
            id={radiusId}
            aria-describedby={errors.travelRadius ? `${radiusId}-error` : `${radiusId}-hint`}
            aria-invalid={errors.travelRadius ? true : undefined}
            className={cn(
              "h-11 w-full appearance-none rounded-lg border border-input bg-surface px-3.5 pr-10 text-base text-foreground shadow-xs sm:text-sm",
              "focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
            )}
            {...form.register("travelRadius", { setValueAs: (v) => Number(v) })}
          >
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
        </div>
        {errors.travelRadius ? (
          <p id={`${radiusId}-error`} className="text-sm text-destructive-text">
            {errors.travelRadius.message}
          </p>
        ) : (
          <p id={`${radiusId}-hint`} className="text-xs text-muted-foreground">
            How far from home you're happy to go for a date.
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
        {isDirty && !update.isPending && (
          <Button variant="ghost" onClick={() => form.reset(defaultsFrom(user))}>
            Discard changes
          </Button>
        )}
        <SaveStatus status={isDirty ? "idle" : update.status} className="sm:mr-auto" />
        <Button type="submit" pending={update.isPending}>
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </SummaryForm>
  );
}
