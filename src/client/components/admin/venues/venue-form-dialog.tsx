import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useCallback, useEffect } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { type AdminVenue, VENUE_MSG } from "../../../../shared/admin/venues.ts";
import {
  ACCESSIBILITY_OPTIONS,
  DIETARY_OPTIONS,
  PRICE_LEVELS,
  VENUE_TYPES,
} from "../../../../shared/constants.ts";
import { adminVenuesApi } from "../../../../shared/contract/admin-venues.ts";
import { callIfMatch } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useErrorSummary } from "../../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { serverFieldErrors, showFieldErrors } from "../../settings/api.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { SummaryForm } from "../../ui/error-summary.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { SelectField } from "../../ui/select-field.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { HistorySection, StaleEditAlert, useTaggedEndpoint } from "../audit/stale-edit.tsx";
import { label, refreshVenues } from "./api.ts";
import { VenueBookingFields } from "./venue-booking-fields.tsx";
import {
  EMPTY_VENUE_FORM,
  isFormPath,
  VENUE_FIELD_IDS,
  type VenueFormOutput,
  type VenueFormValues,
  venueFormSchema,
  venueFormValues,
} from "./venue-form-values.ts";
import { VenueNeedsField } from "./venue-needs-field.tsx";

/**
 * Add Venue (no `venue`) or Edit (with one): the venue form, checked by the server's own schema. Editing reads
 * the venue through its own GET and saves with If-Match; a save another admin overtook keeps the input and
 * says so (stale-edit.tsx). The venue's history is at the foot.
 */
export function VenueFormDialog({
  open,
  onOpenChange,
  venue,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  venue?: AdminVenue;
}) {
  const queryClient = useQueryClient();
  const editing = venue !== undefined;
  const form = useForm<VenueFormValues, unknown, VenueFormOutput>({
    resolver: zodResolver(venueFormSchema) as unknown as Resolver<VenueFormValues, unknown, VenueFormOutput>,
    defaultValues: EMPTY_VENUE_FORM,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const errorSummary = useErrorSummary(form, VENUE_FIELD_IDS);

  useEffect(() => {
    if (open) form.reset(venue ? venueFormValues(venue) : EMPTY_VENUE_FORM);
  }, [open, venue, form]);
  const onLoad = useCallback((v: AdminVenue) => form.reset(venueFormValues(v)), [form]);
  const tagged = useTaggedEndpoint(
    adminVenuesApi.one,
    editing ? { params: { id: venue.id } } : null,
    open,
    onLoad,
  );
  const shown = tagged.record ?? venue;

  const save = useSingleFlightMutation({
    mutationFn: (input: VenueFormOutput) =>
      editing
        ? callIfMatch(adminVenuesApi.update, { params: { id: venue.id }, body: input }, tagged.etag)
        : callIfMatch(adminVenuesApi.create, { body: input }, null),
    onSuccess: ({ data: saved, etag }) => {
      tagged.saved(saved, etag);
      toast({ title: editing ? VENUE_MSG.updated : VENUE_MSG.created, description: saved.name });
      refreshVenues(queryClient);
      onOpenChange(false);
    },
    onError: (error) => {
      // Another admin saved it since it was read: the input stays, the alert says who (no toast needed).
      if (tagged.staleFrom(error)) return;
      // Beside each field (those of the hours and closures too) and in the summary, which takes focus.
      showFieldErrors(form.setError, serverFieldErrors(error), isFormPath);
      errorSummary.showCallError(error);
      toastCallError(VENUE_MSG.saveFailed, error);
    },
  });

  const send = errorSummary.handleSubmit((v) => save.mutate(v));
  /** A closure row left wholly blank (Add closure, then nothing) goes, rather than being refused. */
  const submit = (e: FormEvent) => {
    const rows = form.getValues("closures");
    const filled = rows.filter((r) => r.from.trim() || r.to.trim() || r.reason.trim());
    if (filled.length < rows.length) form.setValue("closures", filled);
    return send(e);
  };

  const selectField = (name: "type" | "priceLevel", text: string, values: readonly string[]) => (
    <SelectField
      id={VENUE_FIELD_IDS[name]}
      control={form.control}
      name={name}
      label={text}
      options={values.map((v) => [v, label(v)] as const)}
      error={errors[name]?.message}
    />
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? `Edit ${shown?.name ?? venue.name}` : "Add Venue"}</DialogTitle>
          <DialogDescription>
            Tick the dietary and accessibility needs the venue meets, in the words members choose. The
            Bookings section decides whether it can be booked.
          </DialogDescription>
        </DialogHeader>
        <SummaryForm
          summary={errorSummary.summary}
          onSubmit={submit}
          className="mt-6 grid gap-5"
          aria-busy={tagged.loading}
        >
          <FormField
            id={VENUE_FIELD_IDS.name}
            label="Name"
            maxLength={120}
            error={errors.name?.message}
            {...form.register("name")}
          />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            {selectField("type", "Type", VENUE_TYPES)}
            {selectField("priceLevel", "Price level", PRICE_LEVELS)}
          </div>
          <FormField
            label="Address"
            maxLength={300}
            error={errors.address?.message}
            id={VENUE_FIELD_IDS.address}
            {...form.register("address")}
          />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <FormField
              id={VENUE_FIELD_IDS.city}
              label="City"
              maxLength={100}
              error={errors.city?.message}
              {...form.register("city")}
            />
            <FormField
              label="Postcode"
              maxLength={10}
              autoCapitalize="characters"
              hint="Optional"
              error={errors.postcode?.message}
              id={VENUE_FIELD_IDS.postcode}
              {...form.register("postcode")}
            />
          </div>
          <TextareaField
            label="Experience description"
            maxLength={2000}
            rows={3}
            error={errors.experienceBlurb?.message}
            id={VENUE_FIELD_IDS.experienceBlurb}
            {...form.register("experienceBlurb")}
          />
          <FormField
            label="Features"
            placeholder="Outdoor seating, Live music"
            error={errors.features?.message}
            id={VENUE_FIELD_IDS.features}
            {...form.register("features")}
          />
          <VenueNeedsField
            control={form.control}
            name="dietaryAccommodations"
            legend="Dietary accommodations"
            options={DIETARY_OPTIONS}
            hint="Members with these needs are only sent where they are ticked."
            error={errors.dietaryAccommodations?.message}
            fieldsetId={VENUE_FIELD_IDS.dietaryAccommodations}
          />
          <VenueNeedsField
            control={form.control}
            name="accessibilityFeatures"
            legend="Accessibility features"
            options={ACCESSIBILITY_OPTIONS}
            hint="The same choices members make in their questionnaire."
            error={errors.accessibilityFeatures?.message}
            fieldsetId={VENUE_FIELD_IDS.accessibilityFeatures}
          />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <FormField
              label="Phone"
              type="tel"
              autoComplete="off"
              placeholder="020 7946 0000"
              error={errors.contactInfo?.phone?.message}
              id={VENUE_FIELD_IDS["contactInfo.phone"]}
              {...form.register("contactInfo.phone")}
            />
            <FormField
              label="Website"
              type="url"
              placeholder="https://"
              error={errors.contactInfo?.website?.message}
              id={VENUE_FIELD_IDS["contactInfo.website"]}
              {...form.register("contactInfo.website")}
            />
          </div>
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <FormField
              label="Latitude"
              inputMode="decimal"
              hint="Optional, -90 to 90"
              error={errors.latitude?.message}
              id={VENUE_FIELD_IDS.latitude}
              {...form.register("latitude")}
            />
            <FormField
              label="Longitude"
              inputMode="decimal"
              hint="Optional, -180 to 180"
              error={errors.longitude?.message}
              id={VENUE_FIELD_IDS.longitude}
              {...form.register("longitude")}
            />
          </div>
          <VenueBookingFields form={form} />
          {tagged.loadError && (
            <p role="alert" className="text-sm text-destructive">
              {tagged.loadError}
            </p>
          )}
          {tagged.stale && (
            <StaleEditAlert
              message={tagged.stale}
              reloading={tagged.loading}
              onReload={() => void tagged.reload()}
            />
          )}
          <FormDialogFooter
            className="mt-2"
            pending={save.isPending}
            onCancel={() => onOpenChange(false)}
            lockCancel
            submitDisabled={editing && (tagged.loading || tagged.etag === null)}
            label={editing ? "Save Changes" : "Add Venue"}
            busyLabel={editing ? "Saving..." : "Creating..."}
          />
        </SummaryForm>
        {editing && <HistorySection entity="venue" entityId={venue.id} />}
      </DialogContent>
    </Dialog>
  );
}
