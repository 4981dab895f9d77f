import type { EndpointSpec, InputOf } from "../../../../shared/contract/endpoint.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightTask } from "../../../lib/use-single-flight.ts";
import { AUTH_FAILED, downloadExport } from "../common.tsx";

/**
 * An export button's download: the server's file (.xlsx unless `extension` says otherwise) of every row, from
 * its declared endpoint (or, until every caller has moved, its address); a second click while one runs is
 * ignored.
 */
export function useExportButton<E extends EndpointSpec>(
  source: E | string,
  fallbackBase: string,
  kind: string,
  opts: { extension?: string; input?: InputOf<E> } = {},
) {
  return useSingleFlightTask(async () => {
    try {
      const name = await downloadExport(source, fallbackBase, opts);
      toast({ title: "Export Successful", description: `${kind} downloaded as ${name}` });
    } catch (error) {
      if (error instanceof Error && error.message === AUTH_FAILED)
        toast({ title: "Export failed", description: AUTH_FAILED, variant: "destructive" });
      else toastCallError("Export failed", error);
    }
  });
}
