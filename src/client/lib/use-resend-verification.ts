import { useMutation } from "@tanstack/react-query";
import { TOAST } from "../../shared/messages.ts";
import type { MessageAnswer } from "../../shared/schemas/responses.ts";
import { apiJson, toastCallError } from "./queryClient.ts";
import { toast } from "./toast.ts";

/** Sends the e-mail verification link again, and says where it went. */
export function useResendVerification(email: string) {
  return useMutation({
    mutationFn: async () => apiJson<MessageAnswer>("POST", "/api/resend-verification"),
    onSuccess: () => toast({ title: "Verification e-mail sent", description: `Look for it at ${email}.` }),
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
}
