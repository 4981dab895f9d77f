import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { accountApi } from "../../../shared/contract/account.ts";
import { TOAST } from "../../../shared/messages.ts";
import { changePasswordSchema, MEMBER_MSG } from "../../../shared/schemas/member.ts";
import { call } from "../../lib/api.ts";
import { errorMessage, isUnauthorizedError, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useErrorSummary } from "../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog.tsx";
import { SummaryForm } from "../ui/error-summary.tsx";
import { FormDialogFooter } from "../ui/form-dialog-footer.tsx";
import { FormField } from "../ui/form-field.tsx";
import { serverFieldErrors } from "./api.ts";

type Input = z.input<typeof changePasswordSchema>;
const EMPTY: Input = { currentPassword: "", newPassword: "" };

/** Change Password: the current one and a new one; other signed-in devices are signed out. */
export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const errorSummary = useErrorSummary(form, {
    currentPassword: "password-current",
    newPassword: "password-new",
  });
  const change = useSingleFlightMutation({
    mutationFn: (input: Input) => call(accountApi.changePassword, { body: input }),
    onSuccess: (result) => {
      toast({ title: "Password Changed", description: result.message });
      setOpen(false);
      form.reset(EMPTY);
    },
    onError: (error) => {
      const message = errorMessage(error);
      const fields = serverFieldErrors(error);
      if (message === MEMBER_MSG.wrongPassword) fields.currentPassword ??= message;
      if (message === MEMBER_MSG.samePassword) fields.newPassword ??= message;
      // Beside each field and in the summary at the top, which takes focus; anything else in a toast too.
      if (errorSummary.showServerFieldErrors(fields)) return;
      toastCallError(TOAST.errorTitle, error);
      if (!isUnauthorizedError(error)) errorSummary.showServerError(message);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRound aria-hidden />
          Change Password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change your password</DialogTitle>
          <DialogDescription>
            For your security, any other devices signed in to your account will be signed out.
          </DialogDescription>
        </DialogHeader>
        <SummaryForm
          summary={errorSummary.summary}
          onSubmit={errorSummary.handleSubmit((v) => change.mutate(v))}
          className="mt-6 grid gap-5"
        >
          <FormField
            id="password-current"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register("currentPassword")}
          />
          <FormField
            id="password-new"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters. A short phrase is easier to remember."
            error={errors.newPassword?.message}
            {...form.register("newPassword")}
          />
          <FormDialogFooter
            className="mt-1"
            pending={change.isPending}
            onCancel={() => setOpen(false)}
            cancelVariant="ghost"
            label="Change Password"
          />
        </SummaryForm>
      </DialogContent>
    </Dialog>
  );
}
