/**
 * Edit offer code: the code is read through its own GET when the dialog opens (keeping its ETag), the save
 * sends only the fields changed with If-Match, and a 412 (another admin saved it meanwhile) keeps the dialog
 * open with the input, says who changed it, and offers Reload. The code's history folds away at the foot.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type Resolver, useForm } from "react-hook-form";
import {
  type AdminOfferCode,
  type CreateOfferCode,
  OFFER_ADMIN_MSG,
  type OfferCodeFormValues,
  offerCodeFormSchema,
  offerCodeToFormValues,
} from "../../../../shared/admin/offers.ts";
import { adminOffersApi } from "../../../../shared/contract/admin-offers.ts";
import { callIfMatch, invalidate, storeAnswer } from "../../../lib/api.ts";
import { errorMessage, isUnauthorizedError, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useErrorSummary } from "../../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { serverFieldErrors } from "../../settings/api.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { SummaryForm } from "../../ui/error-summary.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { HistorySection, StaleEditAlert, useTaggedEndpoint } from "../audit/stale-edit.tsx";
import { offerCodeBody, offerCodesQuery } from "./create-offer-code-dialog.tsx";
import { OFFER_FIELD_IDS, OfferCodeFields } from "./offer-code-fields.tsx";

/** The Edit dialog of one code (opened from its row's Edit button). */
export function EditOfferCodeDialog({
  code,
  open,
  onOpenChange,
}: {
  code: AdminOfferCode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const params = { id: String(code.id) };
  const form = useForm<OfferCodeFormValues, unknown, CreateOfferCode>({
    resolver: zodResolver(offerCodeFormSchema) as unknown as Resolver<
      OfferCodeFormValues,
      unknown,
      CreateOfferCode
    >,
    defaultValues: offerCodeToFormValues(code),
    shouldFocusError: false,
  });
  const errorSummary = useErrorSummary(form, OFFER_FIELD_IDS);
  const onLoad = useCallback((c: AdminOfferCode) => form.reset(offerCodeToFormValues(c)), [form]);
  const tagged = useTaggedEndpoint(adminOffersApi.get, { params }, open, onLoad);

  const save = useSingleFlightMutation({
    mutationFn: async (body: Partial<CreateOfferCode>) =>
      await callIfMatch(adminOffersApi.update, { params, body: offerCodeBody(body) }, tagged.etag),
    onSuccess: ({ data, etag }) => {
      tagged.saved(data, etag);
      storeAnswer(queryClient, offerCodesQuery.queryKey, (rows) =>
        rows?.map((r) => (r.id === data.id ? data : r)),
      );
      void invalidate(queryClient, adminOffersApi.list);
      toast({ title: "Offer code saved", description: `${data.code} is up to date.` });
      onOpenChange(false);
    },
    onError: (error) => {
      if (tagged.staleFrom(error)) return;
      const fields = serverFieldErrors(error);
      if (errorMessage(error).startsWith('An offer code "')) fields.code ??= errorMessage(error);
      // Beside each field and in the summary at the top of the form, which takes focus.
      if (!errorSummary.showServerFieldErrors(fields) && !isUnauthorizedError(error))
        errorSummary.showServerError(errorMessage(error));
      toastCallError(OFFER_ADMIN_MSG.updateFailed, error);
    },
  });

  /** Only what the operator changed is sent (an expired code's old expiry is not sent back, say). */
  const submit = errorSummary.handleSubmit((values) => {
    const dirty = form.formState.dirtyFields as Partial<Record<keyof OfferCodeFormValues, unknown>>;
    const body = Object.fromEntries(
      Object.entries(values).filter(([k]) => dirty[k as keyof OfferCodeFormValues]),
    ) as Partial<CreateOfferCode>;
    if (Object.keys(body).length === 0) {
      toast({ title: "No changes to save" });
      onOpenChange(false);
      return;
    }
    save.mutate(body);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit offer code {tagged.record?.code ?? code.code}</DialogTitle>
          <DialogDescription>
            Changes apply to the next member who enters the code; plans already discounted keep theirs.
          </DialogDescription>
        </DialogHeader>
        {tagged.loadError && (
          <p role="alert" className="text-sm text-destructive-text">
            The code could not be read: {tagged.loadError}
          </p>
        )}
        <SummaryForm
          summary={errorSummary.summary}
          onSubmit={submit}
          className="mt-6 grid gap-5"
          aria-busy={tagged.loading}
        >
          <OfferCodeFields form={form} />
          {tagged.stale && (
            <StaleEditAlert
              message={tagged.stale}
              reloading={tagged.loading}
              onReload={() => void tagged.reload()}
            />
          )}
          <FormDialogFooter
            className="mt-1"
            pending={save.isPending}
            submitDisabled={tagged.loading || !tagged.etag}
            onCancel={() => onOpenChange(false)}
            cancelVariant="ghost"
            label="Save changes"
            busyLabel="Saving..."
          />
        </SummaryForm>
        <HistorySection entity="offer_code" entityId={code.id} />
      </DialogContent>
    </Dialog>
  );
}
