import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import {
  type CreateOfferCode,
  OFFER_ADMIN_MSG,
  OFFER_CODE_FORM_DEFAULTS,
  type OfferCodeFormValues,
  offerCodeFormSchema,
} from "../../../../shared/admin/offers.ts";
import { adminOffersApi } from "../../../../shared/contract/admin-offers.ts";
import { call, invalidate, queryOf } from "../../../lib/api.ts";
import { errorMessage, isUnauthorizedError, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useErrorSummary } from "../../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { serverFieldErrors } from "../../settings/api.ts";
import { Button } from "../../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../ui/dialog.tsx";
import { SummaryForm } from "../../ui/error-summary.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { OFFER_FIELD_IDS, OfferCodeFields } from "./offer-code-fields.tsx";

/** Every offer code: the tab's read, whose cached answer a save updates in place. */
export const offerCodesQuery = queryOf(adminOffersApi.list);

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : d);

/** A checked form's values as they travel: its instants as ISO text (what JSON makes of a Date anyway). */
export function offerCodeBody<T extends { validFrom?: Date | null; validUntil?: Date | null }>(values: T) {
  return { ...values, validFrom: iso(values.validFrom), validUntil: iso(values.validUntil) };
}

/** Create Offer Code: the spec's fields and defaults, checked by the same schema as the server. */
export function CreateOfferCodeDialog() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const form = useForm<OfferCodeFormValues, unknown, CreateOfferCode>({
    resolver: zodResolver(offerCodeFormSchema) as unknown as Resolver<
      OfferCodeFormValues,
      unknown,
      CreateOfferCode
    >,
    defaultValues: OFFER_CODE_FORM_DEFAULTS,
    shouldFocusError: false,
  });
  const errorSummary = useErrorSummary(form, OFFER_FIELD_IDS);

  const create = useSingleFlightMutation({
    mutationFn: async (input: CreateOfferCode) =>
      await call(adminOffersApi.create, { body: offerCodeBody(input) }),
    onSuccess: (created) => {
      toast({ title: "Offer code created", description: `${created.code} is ready to use.` });
      void invalidate(queryClient, adminOffersApi.list);
      setOpen(false);
      form.reset(OFFER_CODE_FORM_DEFAULTS);
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (errorMessage(error).startsWith('An offer code "')) fields.code ??= errorMessage(error);
      // Beside each field and in the summary at the top of the form, which takes focus.
      if (!errorSummary.showServerFieldErrors(fields) && !isUnauthorizedError(error))
        errorSummary.showServerError(errorMessage(error));
      toastCallError(OFFER_ADMIN_MSG.createFailed, error);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(OFFER_CODE_FORM_DEFAULTS);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          Create Offer Code
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Offer Code</DialogTitle>
          <DialogDescription>
            Members enter the code when they choose a plan. Leave a limit empty for no limit.
          </DialogDescription>
        </DialogHeader>
        <SummaryForm
          summary={errorSummary.summary}
          onSubmit={errorSummary.handleSubmit((v) => create.mutate(v))}
          className="mt-6 grid gap-5"
        >
          <OfferCodeFields form={form} />
          <FormDialogFooter
            className="mt-1"
            pending={create.isPending}
            onCancel={() => setOpen(false)}
            cancelVariant="ghost"
            label="Create Offer Code"
            busyLabel="Creating..."
          />
        </SummaryForm>
      </DialogContent>
    </Dialog>
  );
}
