import { eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { USER_SECRET_COLUMNS, type User, users, userTwoFactor } from "../../db/schema.ts";

export interface UserSecrets {
  password: string | null;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpRecoveryCodes: string[];
  /** The last TOTP time step accepted (a code is never taken twice). */
  totpLastStep: number | null;
}

/**
 * The secrets a password or second-factor check needs, read fresh from the database at the moment of the
 * check. Request users and the session cache never carry them (schema.ts `User`), so a heap dump or a
 * logged object cannot leak a hash or a TOTP secret.
 */
export async function userSecrets(db: Db, user: Pick<User, "id">): Promise<UserSecrets> {
  const [row] = await db
    .select({
      password: users.password,
      totpSecret: userTwoFactor.secret,
      totpPendingSecret: userTwoFactor.pendingSecret,
      totpRecoveryCodes: userTwoFactor.recoveryCodes,
      totpLastStep: userTwoFactor.lastStep,
    })
    .from(users)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  return {
    password: row?.password ?? null,
    totpSecret: row?.totpSecret ?? null,
    totpPendingSecret: row?.totpPendingSecret ?? null,
    totpRecoveryCodes: row?.totpRecoveryCodes ?? [],
    totpLastStep: row?.totpLastStep ?? null,
  };
}

/** Whether two-step sign-in is on for a user read outside a session (sign-in with a password or a link). */
export async function twoFactorOn(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: userTwoFactor.enabledAt })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .limit(1);
  return row?.enabledAt != null;
}

/** Every users column but the secrets: what a session lookup selects, so a secret is never even read for it. */
export const userColumns = withoutKeys(getTableColumns(users), USER_SECRET_COLUMNS);

function withoutKeys<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Omit<T, K> {
  const copy = { ...o };
  for (const k of keys) delete copy[k];
  return copy;
}
