import { useExportButton } from "../../../../client/components/admin/members/export-button.tsx";
import { hrefOf } from "../../../../client/lib/api.ts";
import { giftsApi } from "../../contract.ts";
import type { AdminGiftFilter } from "../../shared/schemas.ts";

/** Export CSV: every gift the list's search and filter match (all pages); a second click while one runs waits. */
export function useGiftExport(query: { search?: string; status?: AdminGiftFilter }) {
  const href = hrefOf(giftsApi.adminExport, { query: { search: query.search, status: query.status } });
  return useExportButton(href, "gifts", "Gifts", { extension: "csv" });
}
