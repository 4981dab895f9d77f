import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { AUTH_MSG } from "../../shared/auth-messages.ts";
import { takeRememberedInvite } from "../components/partner/pending-invite.ts";
import { CURRENT_USER_KEY, queryClient } from "./queryClient.ts";
import { toast } from "./toast.ts";

/**
 * The e-mail verification link lands on "/?verified=1", "/?verified=already" (opened again, or by a member
 * whose address is verified) or "/?verified=0": say how it went, then take the
 * parameter out of the address so a reload or a shared link does not repeat it. A partner who verified to
 * accept an invitation goes back to it.
 */
export function useVerificationResult(): void {
  const search = useSearch();
  const [location, navigate] = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const verified = params.get("verified");
    if (verified === null) return;
    const invite = verified === "1" || verified === "already" ? takeRememberedInvite() : null;
    if (verified === "already") {
      toast({
        title: AUTH_MSG.alreadyVerified,
        description: invite ? "You can accept the invitation now." : "There is nothing more to do.",
      });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    } else if (verified === "1") {
      toast({
        title: "Email verified",
        description: invite
          ? "Thank you. You can accept the invitation now."
          : "Thank you. Your reveals will reach you.",
      });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    } else {
      toast({
        title: "Verification link invalid or expired",
        description: "Sign in and ask for a new link from your home page.",
        variant: "destructive",
      });
    }
    if (invite) return navigate(invite, { replace: true });
    params.delete("verified");
    const rest = params.toString();
    navigate(`${location}${rest ? `?${rest}` : ""}${window.location.hash}`, { replace: true });
  }, [search, location, navigate]);
}
