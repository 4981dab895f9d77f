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

function Fieldset({ legend, hint, children }: { legend: string; hint: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="font-medium">{legend}</legend>
      <p className="mb-2 text-sm text-muted-foreground">{hint}</p>
      {children}
    </fieldset>
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
  const id = useId();
  return (
    <div className="grid gap-8">
      <Fieldset legend="Dietary needs" hint="For either of you. Choose any that apply.">
        <div className="flex flex-wrap gap-2">
          {DIETARY_OPTIONS.map((option) => (
            <CheckboxPill
              key={option}
              label={option}
              checked={values.dietaryRestrictions.includes(option)}
              onCheckedChange={(on) =>
                onChange({ dietaryRestrictions: toggled(values.dietaryRestrictions, option, on) })
              }
            />
          ))}
        </div>
      </Fieldset>

      <Fieldset legend="Accessibility" hint="We only book venues that suit you both.">
        <div className="flex flex-wrap gap-2">
          {ACCESSIBILITY_OPTIONS.map((option) => (
            <CheckboxPill
              key={option}
              label={option}
              checked={values.accessibilityNeeds.includes(option)}
              onCheckedChange={(on) =>
                onChange({ accessibilityNeeds: toggled(values.accessibilityNeeds, option, on) })
              }
            />
          ))}
        </div>
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

      <div
        ref={termsRef}
        className={cn(
          "grid gap-1 rounded-xl border p-3",
          termsError ? "border-destructive-text bg-destructive/5" : "border-border bg-muted/50",
        )}
      >
        <CheckboxRow
          id={`${id}-terms`}
          className="hover:bg-transparent"
          label="I accept the Terms & Conditions"
          checked={values.termsAccepted}
          invalid={Boolean(termsError)}
          describedBy={termsError ? `${id}-terms-error` : undefined}
          onCheckedChange={(termsAccepted) => onChange({ termsAccepted })}
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
        {termsError && (
          <p id={`${id}-terms-error`} role="alert" className="pl-10 text-sm text-destructive-text">
            {termsError}
          </p>
        )}
      </div>
    </div>
  );
}
