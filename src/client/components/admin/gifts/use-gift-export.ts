import { giftsApi } from "../../../../shared/contract/gifts.ts";
import type { AdminGiftFilter } from "../../../../shared/gifts.ts";
import { hrefOf } from "../../../lib/api.ts";
import { useExportButton } from "../members/export-button.tsx";

/** Export CSV: every gift the list's search and filter match (all pages); a second click while one runs waits. */
export function useGiftExport(query: { search?: string; status?: AdminGiftFilter }) {
  const href = hrefOf(giftsApi.adminExport, { query: { search: query.search, status: query.status } });
  return useExportButton(href, "gifts", "Gifts", { extension: "csv" });
}
