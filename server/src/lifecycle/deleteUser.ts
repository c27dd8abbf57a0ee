/**
 * Deleting one person's data (a confirmed data-deletion request by someone who is not their
 * account's owner or only admin; docs/api.md "Public flows"). In the caller's transaction, the
 * user becomes the same anonymised tombstone an account deletion leaves (deleteAccount.ts): named
 * "Deleted user", disabled, no password, no email of theirs; their sessions, saved lists,
 * bookmarks, preferences, bulk downloads, forced resets, codes and pending invitation go (an
 * accepted invitation keeps its row, without their email). The tests they made
 * stay with the account (they are the account's records, spec §6), naming "Deleted user", and the
 * activity log keeps its entries about them without their name or email (forgetInActivity.ts). A
 * location or account they owned is left without an owner. Answers the storage keys of the zips
 * removed, for the caller to delete after the commit.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../resources/sql";
import { logActivity } from "../resources/writes";
import { DELETED_USER_NAME } from "./deleteAccount";
import { forgetInActivity } from "./forgetInActivity";

export async function deleteUserData(tx: Tx, userId: string, reason: string): Promise<string[]> {
  const user = sql`${userId}`;
  const [before] = await rowsOf(tx, sql`select email, password_hash from users where id = ${user} for update`);
  // Gone already (the account was deleted first): nothing left of theirs to delete.
  if (!before || (before.password_hash === "" && String(before.email).endsWith("@deleted.invalid"))) return [];

  const zips = await rowsOf(tx, sql`delete from bulk_downloads where user_id = ${user} returning storage_key`);
  await tx.execute(sql`delete from forced_resets where user_id = ${user}`);
  await tx.execute(sql`delete from refresh_tokens where user_id = ${user}`);
  await tx.execute(sql`delete from saved_queries where user_id = ${user}`);
  await tx.execute(sql`delete from bookmarks where user_id = ${user}`);
  await tx.execute(sql`delete from user_preferences where user_id = ${user}`);
  await tx.execute(
    sql`delete from one_time_codes where user_id = ${user} or email = ${String(before.email).toLowerCase()}`,
  );
  await tx.execute(sql`delete from invitations where user_id = ${user} and accepted_at is null`);
  await tx.execute(
    sql`update invitations set email = 'deleted-' || user_id || '@deleted.invalid' where user_id = ${user}`,
  );
  await tx.execute(sql`update businesses set owner_id = null, version = version + 1 where owner_id = ${user}`);
  await tx.execute(sql`update accounts set owner_id = null, version = version + 1 where owner_id = ${user}`);
  await tx.execute(
    sql`update users set first_name = ${DELETED_USER_NAME.first}, last_name = ${DELETED_USER_NAME.last},
      email = 'deleted-' || id || '@deleted.invalid', password_hash = '', avatar = null, business_id = null,
      status = 'disabled', deleted_at = coalesce(deleted_at, now()), version = version + 1
      where id = ${user}`,
  );
  await logActivity(tx, {
    actorId: null,
    client: null,
    action: "delete",
    resource: "users",
    recordId: userId,
    changes: { reason },
  });
  await forgetInActivity(tx, "users", sql`select ${user}`);
  return zips.map((row) => row.storage_key).filter((key): key is string => typeof key === "string");
}
