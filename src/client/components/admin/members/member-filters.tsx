import { X } from "lucide-react";
import { useId, useState } from "react";
import {
  MEMBER_HOLDER_FILTERS,
  MEMBER_NEEDS,
  MEMBER_STATUS_FILTERS,
} from "../../../../shared/admin/members.ts";
import { TIER_IDS, TIERS } from "../../../../shared/constants.ts";
import type { adminMembersApi } from "../../../../shared/contract/admin-members.ts";
import type { QueryOf } from "../../../../shared/contract/endpoint.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/input.tsx";
import { useDebounced } from "../common.tsx";
import { type FilterOption, FilterSelect } from "../list-toolbar.tsx";

const ALL = "all";
const STATUS: FilterOption<string>[] = [
  { value: ALL, label: "Any status" },
  { value: "active", label: "Active" },
  { value: "past_due", label: "Past due" },
  { value: "paused", label: "Paused" },
  { value: "cancelled", label: "Cancelled" },
  { value: "trial", label: "Trial (no plan)" },
];
const TIER: FilterOption<string>[] = [
  { value: ALL, label: "Any tier" },
  ...TIER_IDS.map((t) => ({ value: t, label: TIERS[t].name })),
];
const HOLDER: FilterOption<string>[] = [
  { value: ALL, label: "Any holder" },
  { value: "plan_holder", label: "Plan holders" },
  { value: "covered", label: "Covered partners" },
];
const NEED: FilterOption<string>[] = [
  { value: ALL, label: "Any need" },
  ...MEMBER_NEEDS.map((n) => ({ value: n, label: n })),
];

/** The Members tab's filter values, as the controls hold them. */
export interface MemberFilterState {
  status: string;
  tier: string;
  holder: string;
  need: string;
  postcodeArea: string;
  noDateIn: string;
}

const EMPTY: MemberFilterState = {
  status: ALL,
  tier: ALL,
  holder: ALL,
  need: ALL,
  postcodeArea: "",
  noDateIn: "",
};

/** The filters as the list's query: "all" and blanks are left out. */
export type MemberFilterQuery = Pick<
  QueryOf<typeof adminMembersApi.list>,
  "status" | "tier" | "holder" | "need" | "postcodeArea" | "noDateIn"
>;

/** The choice among `values` that `v` names, or none ("all"). */
function pickOf<T extends string>(values: readonly T[], v: string): T | undefined {
  return values.find((x) => x === v);
}

/** A postcode area or district as the server takes it ("SW", "SW11"); anything else waits unsent. */
const AREA = /^[A-Z]{1,2}(\d[A-Z\d]?)?$/;

/**
 * The Members tab's filters, asked of the server: status, tier, plan holder or covered, a need, a postcode area
 * and "no date in {month}". Any change goes back to page 1. Answers the query parameters and the controls.
 */
export function useMemberFilters(setOffset: (offset: number) => void) {
  const [f, setF] = useState<MemberFilterState>(EMPTY);
  const areaId = useId();
  const monthId = useId();
  const area = useDebounced(f.postcodeArea.trim().toUpperCase());
  const set = (patch: Partial<MemberFilterState>) => {
    setF((old) => ({ ...old, ...patch }));
    setOffset(0);
  };
  const query: MemberFilterQuery = {
    status: pickOf(MEMBER_STATUS_FILTERS, f.status),
    tier: pickOf(TIER_IDS, f.tier),
    holder: pickOf(MEMBER_HOLDER_FILTERS, f.holder),
    need: pickOf(MEMBER_NEEDS, f.need),
    postcodeArea: AREA.test(area) ? area : undefined,
    noDateIn: /^\d{4}-\d{2}$/.test(f.noDateIn) ? f.noDateIn : undefined,
  };
  const active = Object.values(query).some(Boolean);
  const areaInvalid = area !== "" && !AREA.test(area);
  const controls = (
    <>
      {/* Two to a row on a phone, in one line with the search box from sm up. */}
      <div className="grid grid-cols-2 gap-3 sm:contents">
        <FilterSelect
          label="Filter by status"
          value={f.status}
          onChange={(v) => set({ status: v })}
          options={STATUS}
          className="sm:w-40"
        />
        <FilterSelect
          label="Filter by tier"
          value={f.tier}
          onChange={(v) => set({ tier: v })}
          options={TIER}
          className="sm:w-36"
        />
        <FilterSelect
          label="Plan holders or covered partners"
          value={f.holder}
          onChange={(v) => set({ holder: v })}
          options={HOLDER}
          className="sm:w-44"
        />
        <FilterSelect
          label="Filter by need"
          value={f.need}
          onChange={(v) => set({ need: v })}
          options={NEED}
          className="sm:w-48"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-center">
        <label htmlFor={areaId} className="grid min-w-0 gap-1 sm:flex sm:items-center sm:gap-2">
          <span className="text-xs font-medium text-muted-foreground sm:whitespace-nowrap">
            Postcode area
          </span>
          <Input
            id={areaId}
            aria-label="Postcode area, like SW or SW11"
            aria-invalid={areaInvalid ? true : undefined}
            placeholder="SW11"
            value={f.postcodeArea}
            maxLength={4}
            className="w-full min-w-0 sm:w-24"
            onChange={(e) => set({ postcodeArea: e.target.value })}
          />
        </label>
        <label htmlFor={monthId} className="grid min-w-0 gap-1 sm:flex sm:items-center sm:gap-2">
          <span className="text-xs font-medium text-muted-foreground sm:whitespace-nowrap">No date in</span>
          <Input
            id={monthId}
            type="month"
            aria-label="No date in month"
            value={f.noDateIn}
            className="w-full min-w-0 sm:w-44"
            onChange={(e) => set({ noDateIn: e.target.value })}
          />
        </label>
      </div>
      {active && (
        <Button variant="ghost" size="sm" onClick={() => set(EMPTY)}>
          <X aria-hidden />
          Clear filters
        </Button>
      )}
    </>
  );
  return { query, controls, active };
}
