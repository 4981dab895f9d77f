import { ADMIN_GIFTS_URL } from "../../../../shared/admin/gifts.ts";
import { useExportButton } from "../members/export-button.tsx";

/** Export CSV: every gift the list's search and filter match (all pages); a second click while one runs waits. */
export function useGiftExport(query: { search?: string; status?: string }) {
  const qs = new URLSearchParams();
  if (query.search) qs.set("search", query.search);
  if (query.status) qs.set("status", query.status);
  return useExportButton(`${ADMIN_GIFTS_URL}/export?${qs}`, "gifts", "Gifts", { extension: "csv" });
}
