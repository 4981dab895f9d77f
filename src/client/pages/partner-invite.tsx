import { useSearch } from "wouter";
import { PartnerInviteCard } from "../components/partner/invite-card.tsx";
import { useAuth } from "../lib/auth.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import LandingPage from "./landing.tsx";

/**
 * /partner-invite?token=...: a visitor sees the landing page with the invitation on top of it; a member
 * sees the invitation alone, to accept it. Without a token it is the plain landing page.
 */
export default function PartnerInvitePage() {
  const token = new URLSearchParams(useSearch()).get("token")?.trim() || null;
  const { user } = useAuth();

  if (!token) return <LandingPage />;
  if (user) return <MemberInvite token={token} />;
  return (
    <>
      <div className="curtain-stage px-4 pt-6 pb-2 sm:px-6 sm:pt-10">
        <PartnerInviteCard token={token} />
      </div>
      <LandingPage />
      <InviteTitle />
    </>
  );
}

/** The landing page sets the site's title; the invitation's title wins because it is set after. */
function InviteTitle() {
  useDocumentTitle("Partner invitation");
  return null;
}

function MemberInvite({ token }: { token: string }) {
  useDocumentTitle("Partner invitation");
  return (
    <div className="curtain-stage flex flex-1 items-start justify-center px-4 py-12 sm:items-center sm:px-6 sm:py-20">
      <PartnerInviteCard token={token} />
    </div>
  );
}
