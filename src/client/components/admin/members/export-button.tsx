import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightTask } from "../../../lib/use-single-flight.ts";
import { AUTH_FAILED, downloadExport } from "../common.tsx";

/**
 * An export button's download: the server's file (.xlsx unless `extension` says otherwise) of every row; a second
 * click while one runs is ignored.
 */
export function useExportButton(
  url: string,
  fallbackBase: string,
  kind: string,
  opts: { extension?: string } = {},
) {
  return useSingleFlightTask(async () => {
    try {
      const name = await downloadExport(url, fallbackBase, opts);
      toast({ title: "Export Successful", description: `${kind} downloaded as ${name}` });
    } catch (error) {
      if (error instanceof Error && error.message === AUTH_FAILED)
        toast({ title: "Export failed", description: AUTH_FAILED, variant: "destructive" });
      else toastCallError("Export failed", error);
    }
  });
}
