import { useQuery } from "@tanstack/react-query";
import { TicketPercent } from "lucide-react";
import { AdminSection, EmptyState, TableSkeleton } from "../../components/admin/common.tsx";
import {
  CreateOfferCodeDialog,
  offerCodesQuery,
} from "../../components/admin/offers/create-offer-code-dialog.tsx";
import { OfferCodesTable } from "../../components/admin/offers/offer-codes-table.tsx";
import { LoadErrorCard } from "../../components/load-error-card.tsx";

/** The "offer-codes" tab of /admin: create codes, see their usage, switch them on and off. */
export default function OfferCodesTab() {
  const codes = useQuery({ ...offerCodesQuery, staleTime: 0 });
  if (codes.isError)
    return (
      <LoadErrorCard title="Couldn't load offer codes" error={codes.error} onRetry={() => codes.refetch()} />
    );
  return (
    <AdminSection
      title="Offer Codes"
      description="Discounts members can enter when they choose a plan."
      actions={<CreateOfferCodeDialog />}
    >
      {codes.isPending ? (
        <TableSkeleton label="Loading offer codes" />
      ) : codes.data.length === 0 ? (
        <EmptyState
          icon={<TicketPercent aria-hidden />}
          title="No offer codes found. Create your first offer code to get started."
        />
      ) : (
        <OfferCodesTable rows={codes.data} />
      )}
    </AdminSection>
  );
}
