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
      {/* The hero's stage continues above it (folds, no footlight) and holds the invitation. */}
      <div className="curtain-stage flex justify-center px-4 pt-6 [background:var(--stage)]! sm:px-6 sm:pt-12">
        <PartnerInviteCard token={token} className="max-w-2xl" />
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
      {/* The page's own heading; the card's title is the visible one. */}
      <h1 className="sr-only">Partner invitation</h1>
      <PartnerInviteCard token={token} />
    </div>
  );
}
