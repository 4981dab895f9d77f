import { Landmark, Martini, Moon, Mountain, Music, Sun, Sunrise, UtensilsCrossed } from "lucide-react";
import { DATE_TYPE_LABELS, TIME_LABELS } from "../../../shared/constants.ts";
import { type InvalidProps, LiveCount, RankedChoices, type RankedOption } from "./controls.tsx";
import type { DateType, TimeOfDay } from "./model.ts";

const DATE_TYPE_OPTIONS: RankedOption<DateType>[] = [
  {
    value: "restaurants",
    label: DATE_TYPE_LABELS.restaurants,
    description: "Tasting menus, hidden gems, long dinners",
    icon: UtensilsCrossed,
  },
  {
    value: "active",
    label: DATE_TYPE_LABELS.active,
    description: "Climbing, paddling, a friendly rivalry",
    icon: Mountain,
  },
  {
    value: "live_music",
    label: DATE_TYPE_LABELS.live_music,
    description: "Jazz clubs, gigs, intimate sessions",
    icon: Music,
  },
  {
    value: "bars",
    label: DATE_TYPE_LABELS.bars,
    description: "Cocktails, speakeasies, wine rooms",
    icon: Martini,
  },
  {
    value: "culture",
    label: DATE_TYPE_LABELS.culture,
    description: "Galleries, theatre, late museum openings",
    icon: Landmark,
  },
];

/** "Mornings (10AM-12PM)" -> ["Mornings", "10AM-12PM"]. */
function splitTimeLabel(label: string): [string, string] {
  const match = /^(.*) \((.*)\)$/.exec(label);
  return match ? [match[1], match[2]] : [label, ""];
}

const TIME_ICONS = { mornings: Sunrise, afternoons: Sun, evenings: Moon } as const;
const TIME_OPTIONS: RankedOption<TimeOfDay>[] = (Object.keys(TIME_LABELS) as TimeOfDay[]).map((time) => {
  const [label, hours] = splitTimeLabel(TIME_LABELS[time]);
  return { value: time, label, description: hours, icon: TIME_ICONS[time] };
});

function chosenLine(count: number): string {
  if (count === 0) return "Nothing chosen yet.";
  return `${count} chosen · tap again to remove`;
}

/** Step 3: kinds of date, ranked in the order chosen. */
export function DateTypesStep({
  value,
  onChange,
  ...invalid
}: { value: DateType[]; onChange: (v: DateType[]) => void } & InvalidProps) {
  return (
    <div className="grid gap-4">
      <RankedChoices
        {...invalid}
        label="Kinds of date"
        options={DATE_TYPE_OPTIONS}
        value={value}
        onChange={onChange}
      />
      <LiveCount>{chosenLine(value.length)}</LiveCount>
    </div>
  );
}

/** Step 5: times of day, ranked in the order chosen. */
export function TimesStep({
  value,
  onChange,
  ...invalid
}: { value: TimeOfDay[]; onChange: (v: TimeOfDay[]) => void } & InvalidProps) {
  return (
    <div className="grid gap-4">
      <RankedChoices
        {...invalid}
        label="Times of day"
        options={TIME_OPTIONS}
        value={value}
        onChange={onChange}
        columns="sm:grid-cols-1"
      />
      <LiveCount>{chosenLine(value.length)}</LiveCount>
    </div>
  );
}
