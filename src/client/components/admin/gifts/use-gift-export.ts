import { useRef, useState } from "react";
import { ADMIN_GIFTS_URL } from "../../../../shared/admin/gifts.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { AUTH_FAILED, downloadExport } from "../common.tsx";

/** Export CSV: every gift the list's search and filter match (all pages); a second click while one runs waits. */
export function useGiftExport(query: { search?: string; status?: string }) {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const run = async () => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      const qs = new URLSearchParams();
      if (query.search) qs.set("search", query.search);
      if (query.status) qs.set("status", query.status);
      const name = await downloadExport(`${ADMIN_GIFTS_URL}/export?${qs}`, "gifts", { extension: "csv" });
      toast({ title: "Export Successful", description: `Gifts downloaded as ${name}` });
    } catch (error) {
      if (error instanceof Error && error.message === AUTH_FAILED)
        toast({ title: "Export failed", description: AUTH_FAILED, variant: "destructive" });
      else toastCallError("Export failed", error);
    } finally {
      busy.current = false;
      setPending(false);
    }
  };
  return { pending, run: () => void run() };
}
