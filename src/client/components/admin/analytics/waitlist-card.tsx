import { useQuery } from "@tanstack/react-query";
import { MapPin } from "lucide-react";
import { waitlistApi } from "../../../../shared/contract/waitlist.ts";
import { SERVICE_AREA_NAME } from "../../../../shared/service-area.ts";
import { queryOf } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightTask } from "../../../lib/use-single-flight.ts";
import { LoadErrorCard } from "../../load-error-card.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { AdminSection, downloadExport, EmptyState, formatDateGB, TableSkeleton } from "../common.tsx";
import { ExportButton } from "../list-toolbar.tsx";
import { formatCount } from "./format.ts";

/** People outside the area served who asked to hear when it reaches them, by postcode area, with an export. */
export function WaitlistCard() {
  const counts = useQuery({ ...queryOf(waitlistApi.counts), staleTime: 0 });
  const exportList = useSingleFlightTask(async () => {
    try {
      await downloadExport(waitlistApi.exportFile, "waitlist");
      toast({ title: "Export Successful", description: "Waitlist downloaded successfully" });
    } catch (error) {
      toast({ title: "Export Failed", description: errorMessage(error), variant: "destructive" });
    }
  });

  if (counts.isError)
    return (
      <LoadErrorCard
        title="Failed to load the waitlist"
        error={counts.error}
        onRetry={() => counts.refetch()}
        heading="h2"
      />
    );
  const data = counts.data;
  return (
    <AdminSection
      title="Waitlist"
      description={`People outside ${SERVICE_AREA_NAME} waiting for their area, by postcode area${data ? `: ${formatCount(data.total)} in all` : ""}`}
      actions={<ExportButton download={exportList} label="Export Waitlist" size="sm" />}
      className="min-w-0"
    >
      {!data ? (
        <TableSkeleton rows={3} label="Loading the waitlist" />
      ) : data.areas.length === 0 ? (
        <EmptyState icon={<MapPin aria-hidden />} title="No one waiting yet">
          <p className="max-w-prose text-sm text-muted-foreground">
            Postcodes outside {SERVICE_AREA_NAME} are offered the waitlist during onboarding.
          </p>
        </EmptyState>
      ) : (
        <ScrollRegion label="Waitlist by postcode area" className="max-h-80 max-w-2xl overflow-auto">
          <table className="w-full text-sm tabular-nums" aria-label="Waitlist by postcode area">
            <thead className="sticky top-0 bg-surface">
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Postcode area
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Waiting
                </th>
                <th scope="col" className="py-2 pl-2 text-right font-medium">
                  Latest
                </th>
              </tr>
            </thead>
            <tbody>
              {data.areas.map((a) => (
                <tr
                  key={a.area}
                  className="border-b border-border last:border-0"
                  data-testid={`waitlist-${a.area}`}
                >
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {a.area}
                  </th>
                  <td className="px-2 py-2 text-right">{formatCount(a.count)}</td>
                  <td className="py-2 pl-2 text-right text-muted-foreground">{formatDateGB(a.latest)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </AdminSection>
  );
}
