import { useQuery } from "@tanstack/react-query";
import { PencilLine } from "lucide-react";
import { Link } from "wouter";
import type { PublicUser } from "../../../shared/api-types.ts";
import { DATE_SPEND_BANDS, DATE_TYPE_LABELS, TIME_LABELS } from "../../../shared/constants.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { onboardingApi } from "../../../shared/contract/onboarding.ts";
import { partnersApi } from "../../../shared/contract/partners.ts";
import { queryOf } from "../../lib/api.ts";
import type { SavedPreferences } from "../onboarding/model.ts";
import { Button } from "../ui/button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { SettingsSection } from "./section.tsx";

/** The questionnaire opened to edit, coming back here once saved. */
export const EDIT_PREFERENCES_HREF = `/onboarding?next=${encodeURIComponent("/settings")}`;

const list = (items: readonly string[], none: string) => (items.length > 0 ? items.join(", ") : none);
const capital = (s: string) => `${s.slice(0, 1).toUpperCase()}${s.slice(1)}`;

interface Summary {
  dietary: readonly string[];
  access: readonly string[];
  alcoholOk: boolean;
  postcode: string;
  radius: number;
  spend: SavedPreferences["dateSpend"];
  openToTrying: boolean;
  dateTypes: (keyof typeof DATE_TYPE_LABELS)[];
  times: (keyof typeof TIME_LABELS)[];
  days: string[];
  /** A linked partner's view: whose the couple's answers are. */
  sharedFrom: string | null;
}

function fromFull(p: SavedPreferences): Summary {
  return {
    dietary: p.dietaryRestrictions,
    access: p.accessibilityNeeds,
    alcoholOk: p.alcoholOk,
    postcode: p.postcode,
    radius: p.travelRadius,
    spend: p.dateSpend,
    openToTrying: p.openToTrying,
    dateTypes: [...p.dateTypePreferences].sort((a, b) => a.rank - b.rank).map((d) => d.type),
    times: [...p.timePreferences].sort((a, b) => a.rank - b.rank).map((t) => t.time),
    days: p.schedulingPreferences.map((s) => s.dayOfWeek),
    sharedFrom: null,
  };
}

function fromPartner(q: AnswerOf<typeof partnersApi.preferences>): Summary | null {
  if (!q.shared) return null;
  return {
    dietary: q.own.dietaryRestrictions,
    access: q.own.accessibilityNeeds,
    alcoholOk: q.own.alcoholOk,
    postcode: q.shared.postcode,
    radius: q.shared.travelRadius,
    spend: q.shared.dateSpend,
    openToTrying: false,
    dateTypes: q.shared.dateTypes,
    times: q.shared.times,
    days: q.shared.scheduling.map((s) => s.dayOfWeek),
    sharedFrom: q.shared.fromFirstName ?? "your partner",
  };
}

/**
 * Settings > Profile: the answers every date is planned around (the needs above all), with the way to change
 * them. A linked partner whose couple answers are shared sees those read-only and edits only their own needs
 * (the questionnaire page shows them the short form).
 */
export function PreferencesCard({ user }: { user: PublicUser }) {
  const linked = user.partnerId !== null;
  const partner = useQuery({ ...queryOf(partnersApi.preferences), enabled: linked });
  const short = linked && partner.data?.eligible === true;
  const full = useQuery({
    ...queryOf(onboardingApi.preferences),
    enabled: !linked || partner.data?.eligible === false,
  });
  const pending = (linked && partner.isPending) || (!short && full.isPending);
  const summary = short
    ? fromPartner(partner.data!)
    : full.data?.preferences
      ? fromFull(full.data.preferences)
      : null;
  const answered = short ? partner.data!.completed : summary !== null;
  const edit = (
    <Button asChild variant="outline" size="sm">
      <Link href={EDIT_PREFERENCES_HREF}>
        <PencilLine aria-hidden />
        {!answered ? "Answer the questions" : short ? "Edit your needs" : "Edit your answers"}
      </Link>
    </Button>
  );
  return (
    <SettingsSection
      title="Date preferences"
      description="What we plan every date around. Changes apply to dates planned from now on."
      aside={pending ? null : edit}
    >
      {pending ? (
        <div className="grid gap-3" data-testid="preferences-loading">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/5" />
        </div>
      ) : !summary || !answered ? (
        <p className="text-sm text-muted-foreground" data-testid="preferences-summary">
          {short
            ? "Your needs aren't in yet. Tell us about any dietary or access needs so every date suits you both."
            : "Six quick questions about places, budget and the evenings that suit you."}
        </p>
      ) : (
        <>
          <dl
            className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]"
            data-testid="preferences-summary"
          >
            <dt className="text-muted-foreground">
              {summary.sharedFrom ? "Your dietary needs" : "Dietary needs"}
            </dt>
            <dd className="font-medium">{list(summary.dietary, "None")}</dd>
            <dt className="text-muted-foreground">
              {summary.sharedFrom ? "Your access needs" : "Access needs"}
            </dt>
            <dd className="font-medium">{list(summary.access, "None")}</dd>
            <dt className="text-muted-foreground">Alcohol</dt>
            <dd>{summary.alcoholOk ? "Fine to include" : "No alcohol-led dates"}</dd>
            <dt className="text-muted-foreground">Area</dt>
            <dd>
              Within {summary.radius} miles of {summary.postcode.toUpperCase()}
            </dd>
            <dt className="text-muted-foreground">Budget</dt>
            <dd>
              {summary.spend ? `${summary.spend} (${DATE_SPEND_BANDS[summary.spend]})` : "Not set"}
              {summary.openToTrying ? ", open to a step either way" : ""}
            </dd>
            <dt className="text-muted-foreground">Favourite dates</dt>
            <dd>
              {list(
                summary.dateTypes.map((d) => DATE_TYPE_LABELS[d]),
                "Any",
              )}
            </dd>
            <dt className="text-muted-foreground">Times</dt>
            <dd>
              {list(
                summary.times.map((t) => TIME_LABELS[t].split(" (")[0]),
                "Any",
              )}
            </dd>
            <dt className="text-muted-foreground">Days</dt>
            <dd>{list([...new Set(summary.days.map(capital))], "None chosen")}</dd>
          </dl>
          {summary.sharedFrom && (
            <p className="mt-4 text-sm text-muted-foreground">
              The area, budget, favourite dates, times and days are {summary.sharedFrom}'s answers for you
              both; they can change them.
            </p>
          )}
        </>
      )}
    </SettingsSection>
  );
}
