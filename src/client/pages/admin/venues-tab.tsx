import { DateIdeasSection } from "../../components/admin/venues/date-ideas-section.tsx";
import { VenuesSection } from "../../components/admin/venues/venues-section.tsx";

/** The "venues" tab of /admin: partner venues with the spreadsheet sync, then date ideas (ARCHITECTURE.md). */
export default function VenuesTab() {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <VenuesSection />
      <DateIdeasSection />
    </div>
  );
}
