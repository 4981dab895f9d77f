import { useMutation } from "@tanstack/react-query";
import { TOAST } from "../../shared/messages.ts";
import { toast } from "../components/ui/use-toast.ts";
import { apiRequest, toastCallError } from "./queryClient.ts";

/** Sends the e-mail verification link again, and says where it went. */
export function useResendVerification(email: string) {
  return useMutation({
    mutationFn: async () => (await apiRequest("POST", "/api/resend-verification")).json(),
    onSuccess: () => toast({ title: "Verification e-mail sent", description: `Look for it at ${email}.` }),
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
}
