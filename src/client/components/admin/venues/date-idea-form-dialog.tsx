import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useState } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import {
  type AdminDateIdea,
  DATE_IDEA_FORM_DEFAULTS,
  DATE_IDEA_MSG,
  DATE_IDEA_TIMES,
  type DateIdeaInput,
  dateIdeaCreateSchema,
} from "../../../../shared/admin/venues.ts";
import { DATE_IDEA_CATEGORIES, PRICE_LEVELS, SEASONS } from "../../../../shared/constants.ts";
import { adminVenuesApi } from "../../../../shared/contract/admin-venues.ts";
import { callIfMatch, invalidate } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useErrorSummary } from "../../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { serverFieldErrors, showFieldErrors } from "../../settings/api.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { SummaryForm } from "../../ui/error-summary.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { Label } from "../../ui/label.tsx";
import { SelectField } from "../../ui/select-field.tsx";
import { Switch } from "../../ui/switch.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { HistorySection, StaleEditAlert, useTaggedEndpoint } from "../audit/stale-edit.tsx";
import { label } from "./api.ts";
import { type VenueChoice, VenuePicker } from "./venue-picker.tsx";

export interface DateIdeaFormValues {
  title: string;
  description: string;
  category: string;
  duration: string | number;
  priceLevel: string;
  season: string;
  timeOfDay: string;
  dressCode: string;
  /** "none" for no venue: a select item may not have an empty value (spec section 5). */
  venueId: string;
  requirements: string;
  tags: string;
  isActive: boolean;
}

const NO_VENUE = "none";
const EMPTY: DateIdeaFormValues = {
  title: "",
  description: "",
  ...DATE_IDEA_FORM_DEFAULTS,
  dressCode: "",
  venueId: NO_VENUE,
  requirements: "",
  tags: "",
};

function valuesOf(d: AdminDateIdea): DateIdeaFormValues {
  return {
    title: d.title,
    description: d.description ?? "",
    category: d.category,
    duration: d.duration,
    priceLevel: d.priceLevel,
    season: d.season,
    timeOfDay: d.timeOfDay,
    dressCode: d.dressCode ?? "",
    venueId: d.venueId === null ? NO_VENUE : String(d.venueId),
    requirements: d.requirements.join(", "),
    tags: d.tags.join(", "),
    isActive: d.isActive,
  };
}

/** The inputs' ids, in the order they appear: the error summary's links lead to them. */
const IDEA_FIELD_IDS = {
  title: "idea-title",
  description: "idea-description",
  category: "idea-category",
  duration: "idea-duration",
  priceLevel: "idea-price-level",
  season: "idea-season",
  timeOfDay: "idea-time-of-day",
  venueId: "idea-venue",
  dressCode: "idea-dress-code",
  requirements: "idea-requirements",
  tags: "idea-tags",
} as const;

type SelectName = "category" | "priceLevel" | "season" | "timeOfDay";

const choiceOf = (d?: AdminDateIdea): VenueChoice | null =>
  d?.venueId ? { id: d.venueId, name: d.venueName ?? `Venue ${d.venueId}` } : null;

/**
 * Create or edit a date idea with the section 2 defaults, checked by the server's own schema. Editing reads
 * the idea through its own GET and saves with If-Match (stale-edit.tsx); its history is at the foot.
 */
export function DateIdeaFormDialog({
  open,
  onOpenChange,
  idea,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  idea?: AdminDateIdea;
}) {
  const queryClient = useQueryClient();
  const editing = idea !== undefined;
  const activeId = useId();
  const [venue, setVenue] = useState<VenueChoice | null>(choiceOf(idea));
  const form = useForm<DateIdeaFormValues, unknown, DateIdeaInput>({
    resolver: zodResolver(dateIdeaCreateSchema) as unknown as Resolver<
      DateIdeaFormValues,
      unknown,
      DateIdeaInput
    >,
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const errorSummary = useErrorSummary(form, IDEA_FIELD_IDS);

  useEffect(() => {
    if (open) {
      form.reset(idea ? valuesOf(idea) : EMPTY);
      setVenue(choiceOf(idea));
    }
  }, [open, idea, form]);

  const onLoad = useCallback(
    (d: AdminDateIdea) => {
      form.reset(valuesOf(d));
      setVenue(choiceOf(d));
    },
    [form],
  );
  const tagged = useTaggedEndpoint(
    adminVenuesApi.dateIdea,
    editing ? { params: { id: idea.id } } : null,
    open,
    onLoad,
  );

  const save = useSingleFlightMutation({
    mutationFn: (input: DateIdeaInput) =>
      editing
        ? callIfMatch(adminVenuesApi.updateDateIdea, { params: { id: idea.id }, body: input }, tagged.etag)
        : callIfMatch(adminVenuesApi.createDateIdea, { body: input }, null),
    onSuccess: ({ data: saved, etag }) => {
      tagged.saved(saved, etag);
      toast({ title: editing ? "Date idea updated" : "Date idea created", description: saved.title });
      void invalidate(queryClient, adminVenuesApi.dateIdeas);
      onOpenChange(false);
    },
    onError: (error) => {
      // Another admin saved it since it was read: the input stays, the alert says who.
      if (tagged.staleFrom(error)) return;
      // Beside each field and in the summary, which takes focus.
      showFieldErrors(form.setError, serverFieldErrors(error), (path) => path in EMPTY);
      errorSummary.showCallError(error);
      toastCallError(editing ? DATE_IDEA_MSG.updateFailed : DATE_IDEA_MSG.createFailed, error);
    },
  });

  const selectField = (name: SelectName, text: string, values: readonly string[]) => (
    <SelectField
      id={IDEA_FIELD_IDS[name]}
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
          <DialogTitle>{editing ? "Edit Date Idea" : "Add Date Idea"}</DialogTitle>
          <DialogDescription>
            What the couple will do; the matching engine picks ideas by these details.
          </DialogDescription>
        </DialogHeader>
        <SummaryForm
          summary={errorSummary.summary}
          onSubmit={errorSummary.handleSubmit((v) => save.mutate(v))}
          className="mt-6 grid gap-5"
          aria-busy={tagged.loading}
        >
          <FormField
            label="Title"
            maxLength={160}
            error={errors.title?.message}
            id={IDEA_FIELD_IDS.title}
            {...form.register("title")}
          />
          <TextareaField
            label="Description"
            rows={3}
            maxLength={2000}
            error={errors.description?.message}
            id={IDEA_FIELD_IDS.description}
            {...form.register("description")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            {selectField("category", "Category", DATE_IDEA_CATEGORIES)}
            <FormField
              label="Duration (hours)"
              type="number"
              inputMode="numeric"
              min={1}
              max={24}
              step={1}
              className="content-start"
              error={errors.duration?.message}
              id={IDEA_FIELD_IDS.duration}
              {...form.register("duration")}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-3">
            {selectField("priceLevel", "Price level", PRICE_LEVELS)}
            {selectField("season", "Season", SEASONS)}
            {selectField("timeOfDay", "Time of day", DATE_IDEA_TIMES)}
          </div>
          <VenuePicker
            value={venue}
            inputId={IDEA_FIELD_IDS.venueId}
            error={errors.venueId?.message}
            hint="Optional: leave empty for no particular venue."
            onChange={(v) => {
              setVenue(v);
              form.setValue("venueId", v ? String(v.id) : NO_VENUE, { shouldDirty: true });
            }}
          />
          <FormField
            label="Dress code"
            maxLength={120}
            placeholder="Smart casual"
            error={errors.dressCode?.message}
            id={IDEA_FIELD_IDS.dressCode}
            {...form.register("dressCode")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              label="Requirements"
              placeholder="Comfortable shoes, Over 18s"
              error={errors.requirements?.message}
              id={IDEA_FIELD_IDS.requirements}
              {...form.register("requirements")}
            />
            <FormField
              label="Tags"
              placeholder="romantic, riverside"
              error={errors.tags?.message}
              id={IDEA_FIELD_IDS.tags}
              {...form.register("tags")}
            />
          </div>
          <div className="flex items-center gap-3">
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <Switch id={activeId} checked={field.value} onCheckedChange={field.onChange} />
              )}
            />
            <Label htmlFor={activeId}>Active (offered to members)</Label>
          </div>
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
            label={editing ? "Save Changes" : "Add Date Idea"}
            busyLabel={editing ? "Saving..." : "Creating..."}
          />
        </SummaryForm>
        {editing && <HistorySection entity="date_idea" entityId={idea.id} />}
      </DialogContent>
    </Dialog>
  );
}
