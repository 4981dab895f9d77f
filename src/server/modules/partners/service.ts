/**
 * Couples: a member invites their partner by e-mail; the account whose verified address is the invited one
 * opens the link and accepts (signed in or newly signed up) and becomes the partner, and both rows point at
 * each other. Either can unlink. Billing stays with each account: a partner sees the couple's dates, never
 * the other's payments.
 */
import { and, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { PublicUser } from "../../../shared/api-types.ts";
import { hasLiveSubscription } from "../../../shared/constants.ts";
import type { PartnerInviteInfo, PartnerStatus } from "../../../shared/member-api.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import { maskEmail, PARTNER_JOIN_MSG } from "../../../shared/schemas/partner.ts";
import { partnerInvites, planAccounts, type User, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, conflict, forbidden, notFound } from "../../http-error.ts";
import { toPublicUser } from "../auth/public-user.ts";
import { hashToken, newToken } from "../auth/tokens.ts";
import { unlinkCouple } from "../couples/leaving.ts";
import { partnerInviteEmail, partnerJoinedEmail } from "../email/templates.ts";
import { recheckCoupleAfter } from "../rulebook/recheck.ts";

export const INVITE_TTL_DAYS = 7;

export const PARTNER_MSG = {
  alreadyLinked: "You are already linked with a partner. Unlink them first to invite someone else.",
  self: "You can't invite yourself. Enter your partner's e-mail address.",
  ownInvite: "This is your own invitation. Send the link to your partner instead.",
  inviterLinked: "The person who invited you is already linked with someone else.",
  youLinked: "You are already linked with a partner. Unlink them in Settings first.",
  noPartner: "You are not linked with a partner.",
  bothPaying:
    "You each have a membership, and one covers a couple. Cancel one of them first, then accept the invitation.",
} as const;

export async function partnerStatus(deps: Deps, user: User): Promise<PartnerStatus> {
  const now = deps.now();
  const [partner] = user.partnerId
    ? await deps.db
        .select({ id: users.id, firstName: users.firstName, email: users.email })
        .from(users)
        .where(eq(users.id, user.partnerId))
    : [];
  const [invite] = await deps.db
    .select()
    .from(partnerInvites)
    .where(
      and(
        eq(partnerInvites.inviterId, user.id),
        isNull(partnerInvites.acceptedAt),
        gt(partnerInvites.expiresAt, now),
      ),
    )
    .orderBy(desc(partnerInvites.createdAt))
    .limit(1);
  return {
    partner: partner ?? null,
    pendingInvite:
      invite && !partner
        ? {
            email: invite.email,
            sentAt: invite.createdAt.toISOString(),
            expiresAt: invite.expiresAt.toISOString(),
          }
        : null,
  };
}

export async function invitePartner(deps: Deps, user: User, email: string): Promise<PartnerStatus> {
  if (user.partnerId) throw conflict(PARTNER_MSG.alreadyLinked);
  if (email === user.email.toLowerCase()) throw badRequest(PARTNER_MSG.self);
  await deps.limiter.hit(`partner-invite:${user.id}`, 5, 60);
  const token = newToken();
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000);
  await deps.db.transaction(async (tx) => {
    // One invitation at a time: a new one replaces any still waiting.
    await tx
      .delete(partnerInvites)
      .where(and(eq(partnerInvites.inviterId, user.id), isNull(partnerInvites.acceptedAt)));
    await tx
      .insert(partnerInvites)
      .values({ inviterId: user.id, email, tokenHash: hashToken(token), expiresAt, createdAt: now });
  });
  const name = user.firstName ?? "Your partner";
  const url = `${deps.config.appUrl}/partner-invite?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: email,
    ...partnerInviteEmail(name, url, INVITE_TTL_DAYS),
    type: "partner_invite",
    userId: user.id,
  });
  return partnerStatus(deps, { ...user });
}

export async function cancelInvite(deps: Deps, user: User): Promise<PartnerStatus> {
  await deps.db
    .delete(partnerInvites)
    .where(and(eq(partnerInvites.inviterId, user.id), isNull(partnerInvites.acceptedAt)));
  return partnerStatus(deps, user);
}

async function findInvite(deps: Deps, token: string) {
  const [row] = await deps.db
    .select({ invite: partnerInvites, inviter: users })
    .from(partnerInvites)
    .innerJoin(users, eq(users.id, partnerInvites.inviterId))
    .where(
      and(
        eq(partnerInvites.tokenHash, hashToken(token)),
        isNull(partnerInvites.acceptedAt),
        gt(partnerInvites.expiresAt, deps.now()),
        isNull(users.deletedAt),
      ),
    );
  if (!row) throw notFound(MEMBER_MSG.token);
  return row;
}

export async function inviteInfo(deps: Deps, token: string): Promise<PartnerInviteInfo> {
  const { invite, inviter } = await findInvite(deps, token);
  return {
    inviterFirstName: inviter.firstName,
    email: invite.email,
    expiresAt: invite.expiresAt.toISOString(),
  };
}

/**
 * Only the account whose verified address is the invited one may accept (case-insensitive): anyone else is
 * told where the invitation went (masked) and how to proceed; the invited address not yet verified (or
 * still waiting as a change of address) is asked to verify first.
 */
function assertInvitedAddress(me: User, invited: string, inviterName: string | null): void {
  const to = invited.toLowerCase();
  if (me.email.toLowerCase() === to) {
    if (!me.emailVerified) throw forbidden(PARTNER_JOIN_MSG.verifyFirst(me.email));
    return;
  }
  if (me.pendingEmail?.toLowerCase() === to) throw forbidden(PARTNER_JOIN_MSG.verifyFirst(me.pendingEmail));
  throw forbidden(PARTNER_JOIN_MSG.wrongAddress(maskEmail(invited), inviterName));
}

export async function acceptInvite(deps: Deps, user: User, token: string): Promise<PublicUser> {
  // Accepting twice (a double click, the back button) answers as the first time did.
  const [spent] = await deps.db
    .select({ inviterId: partnerInvites.inviterId, acceptedBy: partnerInvites.acceptedBy })
    .from(partnerInvites)
    .where(eq(partnerInvites.tokenHash, hashToken(token)));
  if (spent?.acceptedBy === user.id && user.partnerId === spent.inviterId) return toPublicUser(deps, user);
  const { invite, inviter: invitedBy } = await findInvite(deps, token);
  if (invite.inviterId === user.id) throw badRequest(PARTNER_MSG.ownInvite);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // Both rows locked in id order, so two acceptances cannot link one person twice.
    const rows = await tx
      .select()
      .from(users)
      .where(or(eq(users.id, invite.inviterId), eq(users.id, user.id)))
      .orderBy(users.id)
      .for("update");
    const inviter = rows.find((r) => r.id === invite.inviterId);
    const me = rows.find((r) => r.id === user.id);
    if (!inviter || !me) throw notFound(MEMBER_MSG.token);
    assertInvitedAddress(me, invite.email, inviter.firstName);
    if (me.partnerId && me.partnerId !== inviter.id) throw conflict(PARTNER_MSG.youLinked);
    if (inviter.partnerId && inviter.partnerId !== me.id) throw conflict(PARTNER_MSG.inviterLinked);
    // Their plans, read once both rows are locked (plan-account/state.ts readWithPlan).
    const plans = await tx
      .select({ id: planAccounts.userId, status: planAccounts.subscriptionStatus })
      .from(planAccounts)
      .where(inArray(planAccounts.userId, [inviter.id, me.id]));
    if (plans.filter((p) => hasLiveSubscription(p.status)).length === 2)
      throw conflict(PARTNER_MSG.bothPaying);
    const spent = await tx
      .update(partnerInvites)
      .set({ acceptedAt: now, acceptedBy: me.id })
      .where(and(eq(partnerInvites.id, invite.id), isNull(partnerInvites.acceptedAt)))
      .returning({ id: partnerInvites.id });
    if (spent.length === 0) throw notFound(MEMBER_MSG.token);
    // Any other invitation either of them had waiting is void now they are a couple.
    await tx
      .delete(partnerInvites)
      .where(
        and(
          isNull(partnerInvites.acceptedAt),
          or(eq(partnerInvites.inviterId, me.id), eq(partnerInvites.inviterId, inviter.id)),
        ),
      );
    await tx.update(users).set({ partnerId: me.id }).where(eq(users.id, inviter.id));
    await tx.update(users).set({ partnerId: inviter.id }).where(eq(users.id, me.id));
  });
  // A partner's needs join the couple's: every date ahead is asked again.
  await recheckCoupleAfter(deps, [user.id, invite.inviterId]);
  const [fresh] = await deps.db.select().from(users).where(eq(users.id, user.id));
  void deps.mailer.send({
    to: invitedBy.email,
    toName: invitedBy.firstName,
    ...partnerJoinedEmail(
      invitedBy.firstName ?? "there",
      fresh.firstName ?? "Your partner",
      deps.config.appUrl,
    ),
    type: "partner_joined",
    userId: invitedBy.id,
  });
  return toPublicUser(deps, fresh);
}

export async function unlinkPartner(deps: Deps, user: User): Promise<PartnerStatus> {
  if (!user.partnerId) throw badRequest(PARTNER_MSG.noPartner);
  // The plan holder keeps the plan and every date ahead; the other partner is told (couples/leaving.ts).
  await unlinkCouple(deps, user);
  return partnerStatus(deps, { ...user, partnerId: null });
}
