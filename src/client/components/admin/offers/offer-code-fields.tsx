/**
 * The offer code's fields, shared by Create Offer Code and Edit offer code: the spec's fields, checked by the
 * same schema as the server. The description counts its characters against its limit as it is typed.
 */
import { useId } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import {
  type CreateOfferCode,
  OFFER_CODE_LIMITS,
  type OfferCodeFormValues,
} from "../../../../shared/admin/offers.ts";
import { TIER_IDS, TIERS } from "../../../../shared/constants.ts";
import { FormField } from "../../ui/form-field.tsx";
import { Label } from "../../ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select.tsx";
import { Switch } from "../../ui/switch.tsx";

/** The inputs' ids, in the order they appear: the error summary's links lead to them. */
export const OFFER_FIELD_IDS = {
  code: "offer-code",
  description: "offer-description",
  discountValue: "offer-discount-value",
  durationMonths: "offer-duration-months",
  minOrderValue: "offer-min-order-value",
  maxUses: "offer-max-uses",
  maxUsesPerUser: "offer-max-uses-per-user",
  validFrom: "offer-valid-from",
  validUntil: "offer-valid-until",
} as const;

/** The form an offer-code dialog keeps (text inputs in, the API's body out). */
export type OfferCodeForm = UseFormReturn<OfferCodeFormValues, unknown, CreateOfferCode>;

/** Every field of an offer code, laid out two to a row on wider screens. */
export function OfferCodeFields({ form }: { form: OfferCodeForm }) {
  const ids = { type: useId(), tiers: useId(), active: useId() };
  const { errors } = form.formState;
  const discountType = form.watch("discountType");
  const descriptionLength = form.watch("description")?.length ?? 0;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Code"
          autoComplete="off"
          spellCheck={false}
          maxLength={OFFER_CODE_LIMITS.codeMax}
          placeholder="SPRING25"
          hint="Letters, digits, - and _. Stored in capitals."
          className="content-start"
          inputMode="text"
          style={{ textTransform: "uppercase" }}
          error={errors.code?.message}
          id={OFFER_FIELD_IDS.code}
          {...form.register("code")}
        />
        <FormField
          label="Description"
          maxLength={OFFER_CODE_LIMITS.descriptionMax}
          placeholder="Spring newsletter offer"
          hint={`${descriptionLength} / ${OFFER_CODE_LIMITS.descriptionMax} characters`}
          className="content-start"
          error={errors.description?.message}
          id={OFFER_FIELD_IDS.description}
          {...form.register("description")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.type}>Discount type</Label>
          <Controller
            control={form.control}
            name="discountType"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={ids.type} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="percentage">Percentage (%)</SelectItem>
                  <SelectItem value="fixed_amount">Fixed amount (£)</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </div>
        <FormField
          label={discountType === "percentage" ? "Discount value (%)" : "Discount value (£ a month)"}
          type="number"
          inputMode="decimal"
          min={0}
          max={
            discountType === "percentage" ? OFFER_CODE_LIMITS.percentMax : OFFER_CODE_LIMITS.fixedMaxPounds
          }
          step={0.01}
          className="content-start"
          error={errors.discountValue?.message}
          id={OFFER_FIELD_IDS.discountValue}
          {...form.register("discountValue")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Duration (months)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="Forever"
          className="content-start"
          error={errors.durationMonths?.message}
          id={OFFER_FIELD_IDS.durationMonths}
          {...form.register("durationMonths")}
        />
        <FormField
          label="Minimum plan price (£)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="None"
          className="content-start"
          error={errors.minOrderValue?.message}
          id={OFFER_FIELD_IDS.minOrderValue}
          {...form.register("minOrderValue")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Max uses"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="Unlimited"
          className="content-start"
          error={errors.maxUses?.message}
          id={OFFER_FIELD_IDS.maxUses}
          {...form.register("maxUses")}
        />
        <FormField
          label="Max uses per member"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          className="content-start"
          error={errors.maxUsesPerUser?.message}
          id={OFFER_FIELD_IDS.maxUsesPerUser}
          {...form.register("maxUsesPerUser")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Valid from"
          hint="London time. Empty: straight away."
          type="datetime-local"
          className="content-start"
          error={errors.validFrom?.message}
          id={OFFER_FIELD_IDS.validFrom}
          {...form.register("validFrom")}
        />
        <FormField
          label="Expires"
          hint="London time. Empty: never expires."
          type="datetime-local"
          className="content-start"
          error={errors.validUntil?.message}
          id={OFFER_FIELD_IDS.validUntil}
          {...form.register("validUntil")}
        />
      </div>
      <fieldset className="grid gap-2" aria-describedby={`${ids.tiers}-hint`}>
        <legend className="mb-2 text-sm font-medium">Plans</legend>
        <Controller
          control={form.control}
          name="applicableTiers"
          render={({ field }) => (
            <div className="flex flex-wrap gap-2">
              {TIER_IDS.map((tier) => {
                const checked = field.value.includes(tier);
                return (
                  <label
                    key={tier}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-input px-3.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/8 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={checked}
                      onChange={() =>
                        field.onChange(
                          checked ? field.value.filter((t) => t !== tier) : [...field.value, tier],
                        )
                      }
                    />
                    {TIERS[tier].name}
                  </label>
                );
              })}
            </div>
          )}
        />
        <p id={`${ids.tiers}-hint`} className="text-xs text-muted-foreground">
          None ticked: the code works on every plan.
        </p>
        {errors.applicableTiers?.message && (
          <p role="alert" className="text-sm text-destructive-text">
            {errors.applicableTiers.message}
          </p>
        )}
      </fieldset>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border px-4 py-3">
        <div>
          <Label htmlFor={ids.active}>Active</Label>
          <p className="text-xs text-muted-foreground">Members can redeem the code straight away.</p>
        </div>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <Switch id={ids.active} checked={field.value} onCheckedChange={field.onChange} />
          )}
        />
      </div>
    </>
  );
}
