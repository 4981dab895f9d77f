import { CircleCheck } from "lucide-react";
import { Slider } from "radix-ui";
import { type Ref, useId, useState } from "react";
import { TRAVEL_RADIUS } from "../../../shared/constants.ts";
import { inServiceArea, postcodeArea, SERVICE_AREA_NAME } from "../../../shared/service-area.ts";
import { cn } from "../../lib/cn.ts";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { focusRing } from "./controls.tsx";
import { normalisedPostcode } from "./model.ts";
import { WaitlistOffer } from "./waitlist-offer.tsx";

/** Step 1: home postcode (a real UK postcode, shown in its stored form) and how far they'll travel. */
export function LocationStep({
  postcode,
  travelRadius,
  error,
  postcodeRef,
  onPostcodeChange,
  onRadiusChange,
}: {
  postcode: string;
  travelRadius: number;
  error?: string;
  postcodeRef: Ref<HTMLInputElement>;
  onPostcodeChange: (value: string) => void;
  onRadiusChange: (value: number) => void;
}) {
  const id = useId();
  const normalised = normalisedPostcode(postcode);
  const outside = normalised !== null && !inServiceArea(normalised);
  const messageId = `${id}-postcode-message`;
  const radiusLabel = `${travelRadius} miles`;
  // A wider radius saved in settings (up to 100+) stays reachable rather than being cut to the slider's 50.
  const [sliderMax] = useState(() => Math.max(TRAVEL_RADIUS.sliderMax, travelRadius));

  return (
    <div className="grid gap-9">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-postcode`}>Your postcode</Label>
        <Input
          ref={postcodeRef}
          id={`${id}-postcode`}
          name="postcode"
          value={postcode}
          onChange={(e) => onPostcodeChange(e.target.value)}
          onBlur={() => {
            if (normalised && normalised !== postcode) onPostcodeChange(normalised);
          }}
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          placeholder="e.g. SE1 9PX"
          aria-invalid={error ? true : undefined}
          aria-describedby={outside ? `${messageId} ${id}-waitlist-title` : messageId}
          className="max-w-xs text-lg uppercase placeholder:normal-case sm:text-base"
        />
        {error ? (
          <p id={messageId} role="alert" className="text-sm text-destructive-text">
            {error}
          </p>
        ) : outside ? (
          <p id={messageId} className="text-sm text-muted-foreground">
            A real postcode, but outside {SERVICE_AREA_NAME}.
          </p>
        ) : normalised ? (
          <p id={messageId} className="flex items-start gap-1.5 text-sm text-success-text">
            <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              <span>
                We'll save this as <strong className="font-semibold">{normalised}</strong>
              </span>
              . It's in {SERVICE_AREA_NAME}, where we plan our dates.
            </span>
          </p>
        ) : (
          <p id={messageId} className="text-sm text-muted-foreground">
            Only the first half is used to find venues near you. We never share it.
          </p>
        )}
      </div>

      {outside ? (
        <WaitlistOffer
          key={normalised}
          postcode={normalised}
          area={postcodeArea(normalised)}
          id={`${id}-waitlist`}
        />
      ) : null}

      <div className="grid gap-4">
        <div className="flex items-baseline justify-between gap-4">
          <Label id={`${id}-radius-label`}>How far will you travel?</Label>
          <output
            htmlFor={`${id}-radius`}
            aria-live="polite"
            className="font-display text-2xl font-medium text-brand"
          >
            {radiusLabel}
          </output>
        </div>
        <Slider.Root
          id={`${id}-radius`}
          min={TRAVEL_RADIUS.sliderMin}
          max={sliderMax}
          step={TRAVEL_RADIUS.sliderStep}
          value={[travelRadius]}
          onValueChange={([v]) => onRadiusChange(v)}
          className="relative flex h-8 w-full touch-none items-center select-none"
        >
          <Slider.Track className="relative h-2 grow overflow-hidden rounded-full bg-muted ring-1 ring-border ring-inset">
            <Slider.Range className="absolute h-full rounded-full bg-primary" />
          </Slider.Track>
          <Slider.Thumb
            aria-labelledby={`${id}-radius-label`}
            aria-valuetext={radiusLabel}
            className={cn(
              "block size-7 cursor-grab rounded-full border-2 border-primary bg-surface shadow-md transition-transform active:cursor-grabbing active:scale-110",
              focusRing,
            )}
          />
        </Slider.Root>
        <div aria-hidden className="flex justify-between text-xs text-muted-foreground">
          <span>{TRAVEL_RADIUS.sliderMin} miles</span>
          <span>{sliderMax} miles</span>
        </div>
      </div>
    </div>
  );
}
