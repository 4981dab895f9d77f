import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type Resolver, useForm } from "react-hook-form";
import {
  type AdminVenue,
  VENUE_FORM_DEFAULTS,
  VENUE_MSG,
  type VenueInput,
  venueCreateSchema,
} from "../../../../shared/admin/venues.ts";
import { PRICE_LEVELS, VENUE_TYPES } from "../../../../shared/constants.ts";
import { apiJson, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { serverFieldErrors, showFieldErrors } from "../../settings/api.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { SelectField } from "../../ui/select-field.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { label, refreshVenues, VENUES_URL } from "./api.ts";

/** The form's own values: text everywhere (lists comma-separated); the shared schema turns them into a venue. */
export interface VenueFormValues {
  name: string;
  address: string;
  city: string;
  postcode: string;
  latitude: string;
  longitude: string;
  type: string;
  priceLevel: string;
  experienceBlurb: string;
  features: string;
  accessibilityFeatures: string;
  dietaryAccommodations: string;
  contactInfo: { phone: string; website: string };
}

const EMPTY: VenueFormValues = {
  name: "",
  address: "",
  city: "London",
  postcode: "",
  latitude: "",
  longitude: "",
  type: VENUE_FORM_DEFAULTS.type,
  priceLevel: VENUE_FORM_DEFAULTS.priceLevel,
  experienceBlurb: "",
  features: "",
  accessibilityFeatures: "",
  dietaryAccommodations: "",
  contactInfo: { phone: "", website: "" },
};

function valuesOf(v: AdminVenue): VenueFormValues {
  return {
    name: v.name,
    address: v.address ?? "",
    city: v.city,
    postcode: v.postcode ?? "",
    latitude: v.latitude === null ? "" : String(v.latitude),
    longitude: v.longitude === null ? "" : String(v.longitude),
    type: v.type,
    priceLevel: v.priceLevel,
    experienceBlurb: v.experienceBlurb ?? "",
    features: v.features.join(", "),
    accessibilityFeatures: v.accessibilityFeatures.join(", "),
    dietaryAccommodations: v.dietaryAccommodations.join(", "),
    contactInfo: { phone: v.contactInfo.phone ?? "", website: v.contactInfo.website ?? "" },
  };
}

const FIELD_PATHS = new Set([...Object.keys(EMPTY), "contactInfo.phone", "contactInfo.website"]);

/** Add Venue (no `venue`) or Edit (with one): the venue form, checked by the server's own schema. */
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
  const form = useForm<VenueFormValues, unknown, VenueInput>({
    resolver: zodResolver(venueCreateSchema) as unknown as Resolver<VenueFormValues, unknown, VenueInput>,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(venue ? valuesOf(venue) : EMPTY);
  }, [open, venue, form]);

  const save = useSingleFlightMutation({
    mutationFn: async (input: VenueInput) =>
      await apiJson<AdminVenue>(
        editing ? "PUT" : "POST",
        editing ? `${VENUES_URL}/${venue.id}` : VENUES_URL,
        input,
      ),
    onSuccess: (saved) => {
      toast({ title: editing ? VENUE_MSG.updated : VENUE_MSG.created, description: saved.name });
      refreshVenues(queryClient);
      onOpenChange(false);
    },
    onError: (error) => {
      showFieldErrors(form.setError, serverFieldErrors(error), (path) => FIELD_PATHS.has(path));
      toastCallError(VENUE_MSG.saveFailed, error);
    },
  });

  const selectField = (name: "type" | "priceLevel", text: string, values: readonly string[]) => (
    <SelectField
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
          <DialogTitle>{editing ? `Edit ${venue.name}` : "Add Venue"}</DialogTitle>
          <DialogDescription>
            Separate list entries with commas. The dietary and accessibility lists make a venue complete.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="mt-6 grid gap-5">
          <FormField label="Name" maxLength={120} error={errors.name?.message} {...form.register("name")} />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            {selectField("type", "Type", VENUE_TYPES)}
            {selectField("priceLevel", "Price level", PRICE_LEVELS)}
          </div>
          <FormField
            label="Address"
            maxLength={300}
            error={errors.address?.message}
            {...form.register("address")}
          />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <FormField label="City" maxLength={100} error={errors.city?.message} {...form.register("city")} />
            <FormField
              label="Postcode"
              maxLength={10}
              autoCapitalize="characters"
              hint="Optional"
              error={errors.postcode?.message}
              {...form.register("postcode")}
            />
          </div>
          <TextareaField
            label="Experience description"
            maxLength={2000}
            rows={3}
            error={errors.experienceBlurb?.message}
            {...form.register("experienceBlurb")}
          />
          <FormField
            label="Features"
            placeholder="Outdoor seating, Live music"
            error={errors.features?.message}
            {...form.register("features")}
          />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <FormField
              label="Accessibility features"
              placeholder="Step-free access, Hearing loop"
              error={errors.accessibilityFeatures?.message}
              {...form.register("accessibilityFeatures")}
            />
            <FormField
              label="Dietary accommodations"
              placeholder="Vegetarian, Vegan, Gluten-free"
              error={errors.dietaryAccommodations?.message}
              {...form.register("dietaryAccommodations")}
            />
          </div>
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <FormField
              label="Phone"
              type="tel"
              autoComplete="off"
              placeholder="020 7946 0000"
              error={errors.contactInfo?.phone?.message}
              {...form.register("contactInfo.phone")}
            />
            <FormField
              label="Website"
              type="url"
              placeholder="https://"
              error={errors.contactInfo?.website?.message}
              {...form.register("contactInfo.website")}
            />
          </div>
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <FormField
              label="Latitude"
              inputMode="decimal"
              hint="Optional, -90 to 90"
              error={errors.latitude?.message}
              {...form.register("latitude")}
            />
            <FormField
              label="Longitude"
              inputMode="decimal"
              hint="Optional, -180 to 180"
              error={errors.longitude?.message}
              {...form.register("longitude")}
            />
          </div>
          <FormDialogFooter
            className="mt-2"
            pending={save.isPending}
            onCancel={() => onOpenChange(false)}
            lockCancel
            label={editing ? "Save Changes" : "Add Venue"}
            busyLabel={editing ? "Saving..." : "Creating..."}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
