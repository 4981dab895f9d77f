import {
  ANALYTICS_EXPORTS,
  ANALYTICS_MSG,
  type AnalyticsExportKind,
} from "../../../../shared/admin/analytics.ts";
import { adminAnalyticsApi } from "../../../../shared/contract/admin-analytics.ts";
import { errorMessage, errorStatus } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightTask } from "../../../lib/use-single-flight.ts";
import { AUTH_FAILED, downloadExport } from "../common.tsx";

/** The server's message, the lost-session sentence, or "Failed to export {kind} analytics". */
function failure(error: unknown, kind: string): string {
  if (error instanceof Error && error.message === AUTH_FAILED) return AUTH_FAILED;
  if (errorStatus(error) !== null) {
    const message = errorMessage(error);
    if (message !== errorMessage(null)) return message;
  }
  return ANALYTICS_MSG.exportFailed(kind);
}

const ENDPOINTS = {
  subscription: adminAnalyticsApi.subscriptionExport,
  operational: adminAnalyticsApi.operationalExport,
} as const satisfies Record<AnalyticsExportKind, unknown>;

/**
 * One export button of the analytics tab: downloads the server's workbook (file name from
 * content-disposition), then "Export Successful" / "{Kind} analytics downloaded successfully", or the
 * destructive "Export Failed" with the server's message. A second click while one runs is ignored.
 */
export function useAnalyticsExport(kind: AnalyticsExportKind) {
  const spec = ANALYTICS_EXPORTS[kind];
  return useSingleFlightTask(async () => {
    try {
      await downloadExport(ENDPOINTS[kind], spec.base);
      toast({ title: ANALYTICS_MSG.exportSuccessTitle, description: ANALYTICS_MSG.exportSuccess(spec.kind) });
    } catch (error) {
      toast({
        title: ANALYTICS_MSG.exportFailedTitle,
        description: failure(error, spec.kind),
        variant: "destructive",
      });
    }
  });
}
