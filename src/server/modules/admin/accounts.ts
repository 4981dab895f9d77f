import { eq, sql } from "drizzle-orm";
import { registerSchema } from "../../../shared/schemas/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { type User, users } from "../../db/schema.ts";
import { actorOf, recordAudit } from "../audit/record.ts";
import { hashPassword } from "../auth/passwords.ts";

/** Creates an admin account, or promotes the existing account with that e-mail (and sets its password). */
export async function createOrPromoteAdmin(
  db: Db,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<{ id: number; created: boolean }> {
  const parsed = registerSchema.safeParse({
    email: input.email,
    password: input.password,
    firstName: input.firstName ?? "Admin",
    lastName: input.lastName ?? "Team",
  });
  if (!parsed.success)
    throw new Error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  const { email, password, firstName, lastName } = parsed.data;
  const hash = await hashPassword(password);
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (existing[0]) {
    await db.update(users).set({ isAdmin: true, password: hash }).where(eq(users.id, existing[0].id));
    return { id: existing[0].id, created: false };
  }
  const [row] = await db
    .insert(users)
    .values({ email, password: hash, firstName, lastName, isAdmin: true, emailVerified: true })
    .returning({ id: users.id });
  return { id: row.id, created: true };
}

/**
 * The audit row of admin rights granted or removed (entity "user", about that user), written by the back
 * office's Make Admin / Remove Admin in the same transaction as the change.
 */
export async function auditAdminRights(
  tx: Db | Tx,
  actor: User,
  userId: number,
  granted: boolean,
): Promise<void> {
  await recordAudit(tx, {
    actor: actorOf(actor),
    entity: "user",
    entityId: userId,
    action: granted ? "grant_admin" : "remove_admin",
    summary: granted
      ? `Admin rights granted to user #${userId}`
      : `Admin rights removed from user #${userId}`,
    changes: [{ field: "isAdmin", before: !granted, after: granted }],
    subjectUserId: userId,
  });
}
