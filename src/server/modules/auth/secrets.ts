import { eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { USER_SECRET_COLUMNS, type User, type UserRow, users } from "../../db/schema.ts";

export type UserSecrets = Pick<
  UserRow,
  "password" | "totpSecret" | "totpPendingSecret" | "totpRecoveryCodes"
>;

/**
 * The secrets a password or second-factor check needs, read fresh from the database at the moment of the
 * check. Request users and the session cache never carry them (schema.ts `User`), so a heap dump or a
 * logged object cannot leak a hash or a TOTP secret.
 */
export async function userSecrets(db: Db, user: Pick<User, "id">): Promise<UserSecrets> {
  const [row] = await db
    .select({
      password: users.password,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpRecoveryCodes: users.totpRecoveryCodes,
    })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  return row ?? { password: null, totpSecret: null, totpPendingSecret: null, totpRecoveryCodes: [] };
}

/** Every users column but the secrets: what a session lookup selects, so a secret is never even read for it. */
export const userColumns = withoutKeys(getTableColumns(users), USER_SECRET_COLUMNS);

function withoutKeys<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Omit<T, K> {
  const copy = { ...o };
  for (const k of keys) delete copy[k];
  return copy;
}
