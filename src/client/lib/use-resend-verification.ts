import { useMutation } from "@tanstack/react-query";
import { authApi } from "../../shared/contract/auth.ts";
import { TOAST } from "../../shared/messages.ts";
import { call } from "./api.ts";
import { toastCallError } from "./queryClient.ts";
import { toast } from "./toast.ts";

/** Sends the e-mail verification link again, and says where it went. */
export function useResendVerification(email: string) {
  return useMutation({
    mutationFn: async () => call(authApi.resendVerification),
    onSuccess: () => toast({ title: "Verification e-mail sent", description: `Look for it at ${email}.` }),
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
}
