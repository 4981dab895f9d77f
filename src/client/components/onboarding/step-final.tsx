import { type ReactNode, type Ref, useId } from "react";
import { ACCESSIBILITY_OPTIONS, DIETARY_OPTIONS } from "../../../shared/constants.ts";
import { cn } from "../../lib/cn.ts";
import { CheckboxPill, CheckboxRow, focusRing, SwitchRow } from "./controls.tsx";
import type { OnboardingValues } from "./model.ts";
import { TermsDialog } from "./terms-dialog.tsx";

type FinalFields = Pick<
  OnboardingValues,
  | "dietaryRestrictions"
  | "accessibilityNeeds"
  | "alcoholOk"
  | "openToTrying"
  | "marketingOptOut"
  | "termsAccepted"
>;

function toggled<T>(list: T[], item: T, on: boolean): T[] {
  return on ? (list.includes(item) ? list : [...list, item]) : list.filter((x) => x !== item);
}

export function Fieldset({ legend, hint, children }: { legend: string; hint: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="font-medium">{legend}</legend>
      <p className="mb-2 text-sm text-muted-foreground">{hint}</p>
      {children}
    </fieldset>
  );
}

/** Options as pills, any number chosen (dietary or access needs). */
export function PillChoices<T extends string>({
  options,
  value,
  onChange,
}: {
  options: readonly T[];
  value: T[];
  onChange: (next: T[]) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {options.map((option) => (
        <CheckboxPill
          key={option}
          label={option}
          checked={value.includes(option)}
          onCheckedChange={(on) => onChange(toggled(value, option, on))}
        />
      ))}
    </div>
  );
}

/** The Terms checkbox with a link to read them, and its error. */
export function TermsCheck({
  checked,
  onCheckedChange,
  error,
  termsRef,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
  termsRef: Ref<HTMLDivElement>;
}) {
  const id = useId();
  return (
    <div
      ref={termsRef}
      className={cn(
        "grid gap-1 rounded-xl border p-3",
        error ? "border-destructive-text bg-destructive/5" : "border-border bg-muted/50",
      )}
    >
      <CheckboxRow
        id={`${id}-terms`}
        className="hover:bg-transparent"
        label="I accept the Terms & Conditions"
        checked={checked}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-terms-error` : undefined}
        onCheckedChange={onCheckedChange}
      />
      <div className="pl-10">
        <TermsDialog
          trigger={
            <button
              type="button"
              className={cn(
                "rounded-sm text-sm font-medium text-brand underline underline-offset-4 hover:no-underline",
                focusRing,
              )}
            >
              Read the Terms &amp; Conditions
            </button>
          }
        />
      </div>
      {error && (
        <p id={`${id}-terms-error`} role="alert" className="pl-10 text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}

/** Step 6: dietary and access needs, three switches, and the Terms. */
export function FinalStep({
  values,
  onChange,
  termsError,
  termsRef,
}: {
  values: FinalFields;
  onChange: (patch: Partial<FinalFields>) => void;
  termsError?: string;
  termsRef: Ref<HTMLDivElement>;
}) {
  return (
    <div className="grid gap-8">
      <Fieldset legend="Dietary needs" hint="For either of you. Choose any that apply.">
        <PillChoices
          options={DIETARY_OPTIONS}
          value={values.dietaryRestrictions}
          onChange={(dietaryRestrictions) => onChange({ dietaryRestrictions })}
        />
      </Fieldset>

      <Fieldset legend="Accessibility" hint="We only book venues that suit you both.">
        <PillChoices
          options={ACCESSIBILITY_OPTIONS}
          value={values.accessibilityNeeds}
          onChange={(accessibilityNeeds) => onChange({ accessibilityNeeds })}
        />
      </Fieldset>

      <div className="divide-y divide-border border-y border-border">
        <SwitchRow
          label="Alcohol is fine for us"
          hint="Turn off and we'll skip bars and wine-led dates."
          checked={values.alcoholOk}
          onCheckedChange={(alcoholOk) => onChange({ alcoholOk })}
        />
        <SwitchRow
          label="We're open to trying new things"
          hint="Lets us surprise you beyond the kinds of date you ranked."
          checked={values.openToTrying}
          onCheckedChange={(openToTrying) => onChange({ openToTrying })}
        />
        <SwitchRow
          label="I'd rather not receive marketing e-mails"
          hint="You'll still get your reveals and anything about your account."
          checked={values.marketingOptOut}
          onCheckedChange={(marketingOptOut) => onChange({ marketingOptOut })}
        />
      </div>

      <TermsCheck
        checked={values.termsAccepted}
        onCheckedChange={(termsAccepted) => onChange({ termsAccepted })}
        error={termsError}
        termsRef={termsRef}
      />
    </div>
  );
}
