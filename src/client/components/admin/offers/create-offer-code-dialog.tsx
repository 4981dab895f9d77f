import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import {
  type AdminOfferCode,
  type CreateOfferCode,
  OFFER_ADMIN_MSG,
  OFFER_CODE_FORM_DEFAULTS,
  type OfferCodeFormValues,
  offerCodeFormSchema,
} from "../../../../shared/admin/offers.ts";
import { apiJson, errorMessage, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { serverFieldErrors, showFieldErrors } from "../../settings/api.ts";
import { Button } from "../../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../ui/dialog.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { OfferCodeFields } from "./offer-code-fields.tsx";

export const OFFER_CODES_URL = "/api/admin/offer-codes";

const FIELDS = Object.keys(OFFER_CODE_FORM_DEFAULTS) as Array<keyof OfferCodeFormValues>;

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
  });

  const create = useSingleFlightMutation({
    mutationFn: async (input: CreateOfferCode) =>
      await apiJson<AdminOfferCode>("POST", OFFER_CODES_URL, input),
    onSuccess: (created) => {
      toast({ title: "Offer code created", description: `${created.code} is ready to use.` });
      void queryClient.invalidateQueries({ queryKey: [OFFER_CODES_URL] });
      setOpen(false);
      form.reset(OFFER_CODE_FORM_DEFAULTS);
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (errorMessage(error).startsWith('An offer code "')) fields.code ??= errorMessage(error);
      showFieldErrors(form.setError, fields, (path) => (FIELDS as string[]).includes(path));
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
        <form noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))} className="mt-6 grid gap-5">
          <OfferCodeFields form={form} />
          <FormDialogFooter
            className="mt-1"
            pending={create.isPending}
            onCancel={() => setOpen(false)}
            cancelVariant="ghost"
            label="Create Offer Code"
            busyLabel="Creating..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
