import { MapPin } from "lucide-react";
import type { AdminVenue } from "../../../../shared/admin/venues.ts";
import { adminVenuesApi } from "../../../../shared/contract/admin-venues.ts";
import { SearchPicker } from "../search-picker.tsx";

/** A chosen venue: city and type are unknown when only the name came with the record (a date idea). */
export type VenueChoice = Pick<AdminVenue, "id" | "name"> & Partial<Pick<AdminVenue, "city" | "type">>;

/** "name - city (type)" (spec section 2), as far as it is known. */
export function venueChoiceLabel(v: VenueChoice): string {
  return `${v.name}${v.city ? ` - ${v.city}` : ""}${v.type ? ` (${v.type})` : ""}`;
}

/** Choose a venue by typing part of its name, city or address (the server searches; see SearchPicker). */
export function VenuePicker({
  value,
  onChange,
  error,
  label = "Venue",
  hint,
  inputId,
}: {
  value: VenueChoice | null;
  onChange: (venue: VenueChoice | null) => void;
  error?: string;
  label?: string;
  /** Shown under an empty picker (e.g. what no venue means). */
  hint?: string;
  /** The search box's id (an error summary links to it). */
  inputId?: string;
}) {
  return (
    <SearchPicker
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
      inputId={inputId}
      endpoint={adminVenuesApi.list}
      placeholder="Search by name, city or address"
      noun="venues"
      emptyText="No venues yet: add one in the Venues tab."
      toChoice={(v) => ({ id: v.id, name: v.name, city: v.city, type: v.type })}
      chosen={(v) => ({
        title: v.name,
        detail: [v.city, v.type].filter(Boolean).join(" · ") || undefined,
      })}
      changeLabel={(v) => `Change venue (now ${venueChoiceLabel(v)})`}
      option={(v) => (
        <span className="flex items-start gap-2">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 break-words">
            <span className="font-medium">{v.name}</span>
            <span className="text-muted-foreground">
              {" "}
              - {v.city} ({v.type})
            </span>
          </span>
        </span>
      )}
    />
  );
}
