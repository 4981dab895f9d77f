import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Controller, type UseFormReturn, useFieldArray } from "react-hook-form";
import { parseHoursCell, WEEKDAY_KEYS, WEEKDAY_LABELS } from "../../../../shared/venue-hours.ts";
import { Button } from "../../ui/button.tsx";
import { useAnnouncedFieldError } from "../../ui/error-summary.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Switch } from "../../ui/switch.tsx";
import { VENUE_FIELD_IDS, type VenueFormOutput, type VenueFormValues } from "./venue-form-values.ts";

type VenueForm = UseFormReturn<VenueFormValues, unknown, VenueFormOutput>;

const DAY_NAMES = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
} as const;

function FieldError({ id, message }: { id: string; message?: string }) {
  const announce = useAnnouncedFieldError();
  if (!message) return null;
  return (
    <p id={id} role={announce ? "alert" : undefined} className="text-sm text-destructive-text">
      {message}
    </p>
  );
}

/** A part of the Bookings section: a small heading over its fields. */
function Part({
  title,
  hint,
  hintId,
  children,
}: {
  title: string;
  hint: string;
  hintId: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={hintId}>
      <legend className="text-sm font-medium">{title}</legend>
      <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
        {hint}
      </p>
      {children}
    </fieldset>
  );
}

/** Opening hours: one line per weekday, and a quick fill from one readable line ("Tue-Sat 17:00-23:00"). */
function OpeningHoursFields({ form }: { form: VenueForm }) {
  const id = useId();
  const errors = form.formState.errors.openingHours;
  const [line, setLine] = useState("");
  const [lineError, setLineError] = useState<string | null>(null);
  const fill = () => {
    const parsed = parseHoursCell(line);
    if ("errors" in parsed) {
      setLineError(parsed.errors.join(" "));
      return;
    }
    setLineError(null);
    for (const d of WEEKDAY_KEYS)
      form.setValue(`openingHours.${d}`, parsed.hours[d].join(", "), { shouldDirty: true });
    form.clearErrors("openingHours");
    setLine("");
  };
  return (
    <Part
      title="Opening hours"
      hintId={`${id}-hint`}
      hint="London time. Separate a day's sessions with commas (12:00-15:00, 18:00-23:00); a session may end after midnight (18:00-01:00). Leave a day empty when the venue is closed."
    >
      <div className="grid gap-2 rounded-lg border border-dashed border-border p-3">
        <Label htmlFor={`${id}-line`}>Quick fill</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-line`}
            value={line}
            placeholder="Tue-Fri 17:00-23:00; Sat 12:00-23:30"
            aria-describedby={lineError ? `${id}-line-error` : `${id}-line-hint`}
            aria-invalid={lineError ? true : undefined}
            onChange={(e) => setLine(e.target.value)}
            onKeyDown={(e) => {
              // Enter fills the days here; it does not send the whole form.
              if (e.key === "Enter") {
                e.preventDefault();
                if (line.trim()) fill();
              }
            }}
          />
          <Button type="button" variant="outline" disabled={!line.trim()} onClick={fill}>
            Fill days
          </Button>
        </div>
        {lineError ? (
          <FieldError id={`${id}-line-error`} message={lineError} />
        ) : (
          <p id={`${id}-line-hint`} className="text-xs text-muted-foreground">
            Writes every day below from one line, as in the spreadsheet; days it does not name are closed.
          </p>
        )}
      </div>
      <div className="grid gap-2">
        {WEEKDAY_KEYS.map((d) => {
          // The shared message names the day ("Tue: ..."); beside the day's own field it need not.
          const error = errors?.[d]?.message?.replace(`${WEEKDAY_LABELS[d]}: `, "");
          return (
            <div key={d} className="grid grid-cols-[3rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1">
              <Label htmlFor={VENUE_FIELD_IDS[`openingHours.${d}`]} className="text-muted-foreground">
                {WEEKDAY_LABELS[d]}
              </Label>
              <Input
                id={VENUE_FIELD_IDS[`openingHours.${d}`]}
                aria-label={`${DAY_NAMES[d]} hours`}
                placeholder="Closed"
                autoComplete="off"
                maxLength={200}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${d}-error` : undefined}
                {...form.register(`openingHours.${d}`)}
              />
              {error && (
                <div className="col-start-2">
                  <FieldError id={`${id}-${d}-error`} message={error} />
                </div>
              )}
            </div>
          );
        })}
        <FieldError id={`${id}-error`} message={errors?.message} />
      </div>
    </Part>
  );
}

/** Closures: days the venue is shut (refurbishment, a private hire), each with its reason. */
function ClosureFields({ form }: { form: VenueForm }) {
  const id = useId();
  const closures = useFieldArray({ control: form.control, name: "closures" });
  const errors = form.formState.errors.closures;
  return (
    <Part
      title="Closures"
      hintId={`${id}-hint`}
      hint="Days the venue is shut, such as a refurbishment or a private hire. Leave “To” empty for a single day."
    >
      {closures.fields.length > 0 && (
        <ul className="grid gap-3" aria-label="Closures">
          {closures.fields.map((row, i) => {
            const rowError = errors?.[i];
            const n = i + 1;
            return (
              <li
                key={row.id}
                className="grid gap-3 rounded-lg border border-border bg-muted/40 p-3 sm:grid-cols-[9.5rem_9.5rem_minmax(0,1fr)] sm:items-start"
              >
                <FormField
                  label="From"
                  type="date"
                  aria-label={`Closure ${n} from`}
                  error={rowError?.from?.message}
                  {...form.register(`closures.${i}.from`)}
                />
                <FormField
                  label="To"
                  type="date"
                  aria-label={`Closure ${n} to`}
                  error={rowError?.to?.message}
                  {...form.register(`closures.${i}.to`)}
                />
                <div className="flex min-w-0 items-start gap-1">
                  <FormField
                    className="min-w-0 flex-1"
                    label="Reason"
                    aria-label={`Closure ${n} reason`}
                    placeholder="Refurbishment"
                    maxLength={200}
                    error={rowError?.reason?.message}
                    {...form.register(`closures.${i}.reason`)}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="mt-7 shrink-0"
                    aria-label={`Remove closure ${n}`}
                    onClick={() => closures.remove(i)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                {rowError?.message && (
                  <div className="sm:col-span-3">
                    <FieldError id={`${id}-${i}-error`} message={rowError.message} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <FieldError id={`${id}-error`} message={errors?.message ?? errors?.root?.message} />
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => closures.append({ from: "", to: "", reason: "" })}
        >
          <Plus aria-hidden />
          Add closure
        </Button>
      </div>
    </Part>
  );
}

/**
 * The Bookings section of the venue form: where booking requests go, how many couples at once, when the venue
 * opens and when it is shut. A venue needs a booking e-mail, a location and opening hours to be booked.
 */
export function VenueBookingFields({ form }: { form: VenueForm }) {
  const id = useId();
  const { errors } = form.formState;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-5 border-t border-border pt-6">
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="font-display text-lg font-medium">
          Bookings
        </h3>
        <p className="text-sm text-muted-foreground">
          Where booking requests go and when the venue can take a couple. It can be booked once it has a
          booking e-mail, a location and opening hours.
        </p>
      </div>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label="Booking e-mail"
          type="email"
          autoComplete="off"
          placeholder="bookings@venue.co.uk"
          maxLength={254}
          hint="Booking requests are sent here"
          error={errors.bookingEmail?.message}
          id={VENUE_FIELD_IDS.bookingEmail}
          {...form.register("bookingEmail")}
        />
        <FormField
          label="Booking phone"
          type="tel"
          autoComplete="off"
          placeholder="020 7946 0000"
          hint="Optional"
          error={errors.bookingPhone?.message}
          id={VENUE_FIELD_IDS.bookingPhone}
          {...form.register("bookingPhone")}
        />
        <FormField
          label="Contact name"
          autoComplete="off"
          maxLength={120}
          hint="Optional: who answers booking requests"
          error={errors.bookingContactName?.message}
          id={VENUE_FIELD_IDS.bookingContactName}
          {...form.register("bookingContactName")}
        />
        <FormField
          label="Capacity"
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          step={1}
          hint="How many of our couples it can take at once (1-500)"
          error={errors.capacity?.message}
          id={VENUE_FIELD_IDS.capacity}
          {...form.register("capacity")}
        />
      </div>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border px-4 py-3">
        <div>
          <Label htmlFor={`${id}-holidays`}>Opens on bank holidays and 24 Dec-1 Jan</Label>
          <p id={`${id}-holidays-hint`} className="text-xs text-muted-foreground">
            Off: no dates are planned there on those days.
          </p>
          <FieldError id={`${id}-holidays-error`} message={errors.opensOnHolidays?.message} />
        </div>
        <Controller
          control={form.control}
          name="opensOnHolidays"
          render={({ field }) => (
            <Switch
              id={`${id}-holidays`}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={`${id}-holidays-hint`}
            />
          )}
        />
      </div>
      <OpeningHoursFields form={form} />
      <ClosureFields form={form} />
    </section>
  );
}
