/**
 * Deleting an account for good (spec §4: when the grace period ends with no new subscription, or
 * when a requested deletion's 15 days are over). In the caller's transaction: the account's
 * tests with their files and AI results, devices, businesses, invitations, and its people's
 * sessions, lists and preferences go; its users stay as anonymised tombstones (the activity log
 * and other accounts' records still name them as "Deleted user"; the log's entries about them and
 * the account lose their names, emails and phones: forgetInActivity.ts), and the account row stays,
 * anonymised, with status `deleted`, so its payments remain for accounting with no personal
 * details. Answers the storage keys of the files removed: the caller deletes each blob nothing
 * refers to any more after the commit.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../resources/sql";
import { logActivity } from "../resources/writes";
import { forgetInActivity } from "./forgetInActivity";

export const DELETED_ACCOUNT_NAME = "Deleted account";
export const DELETED_USER_NAME = { first: "Deleted", last: "user" };

export async function deleteAccountData(tx: Tx, accountId: string, reason: string): Promise<string[]> {
  const account = sql`${accountId}`;
  const [before] = await rowsOf(tx, sql`select status from accounts where id = ${account} for update`);
  if (!before || before.status === "deleted") return [];

  const accountTests = sql`select id from tests where account_id = ${account}`;
  const accountUsers = sql`select id from users where account_id = ${account}`;
  await tx.execute(sql`delete from ai_jobs where test_id in (${accountTests})`);
  const files = await rowsOf(tx, sql`delete from test_files where test_id in (${accountTests}) returning storage_key`);
  const zips = await rowsOf(
    tx,
    sql`delete from bulk_downloads where user_id in (${accountUsers}) returning storage_key`,
  );
  // Copies in other accounts keep their own rows; they stop naming this one as their origin.
  await tx.execute(sql`update tests set original_account_id = null where original_account_id = ${account}`);
  await tx.execute(sql`delete from tests where account_id = ${account}`);

  // Devices and businesses another account's test still names stay, detached (no such test is
  // this account's own: those are gone).
  await tx.execute(
    sql`delete from forced_resets where device_id in (select id from devices where account_id = ${account})
      or user_id in (${accountUsers})`,
  );
  await tx.execute(
    sql`delete from devices d where d.account_id = ${account} and not exists (select 1 from tests t where t.device_id = d.id)`,
  );
  await tx.execute(sql`update devices set business_id = null where account_id = ${account}`);
  await tx.execute(sql`delete from invitations where account_id = ${account}`);

  await tx.execute(sql`delete from refresh_tokens where user_id in (${accountUsers})`);
  await tx.execute(sql`delete from saved_queries where user_id in (${accountUsers})`);
  await tx.execute(sql`delete from bookmarks where user_id in (${accountUsers})`);
  await tx.execute(sql`delete from user_preferences where user_id in (${accountUsers})`);
  await tx.execute(
    sql`update users set first_name = ${DELETED_USER_NAME.first}, last_name = ${DELETED_USER_NAME.last},
      email = 'deleted-' || id || '@deleted.invalid', password_hash = '', avatar = null, business_id = null,
      status = 'disabled', deleted_at = coalesce(deleted_at, now()), version = version + 1
      where account_id = ${account}`,
  );
  await tx.execute(
    sql`delete from businesses b where b.account_id = ${account}
      and not exists (select 1 from tests t where t.business_id = b.id)
      and not exists (select 1 from devices d where d.business_id = b.id)`,
  );

  await tx.execute(sql`update payments set method_detail = null where account_id = ${account}`);
  await tx.execute(
    sql`update scheduled_actions set canceled_at = now(), outcome = 'account deleted'
      where account_id = ${account} and done_at is null and canceled_at is null and kind <> 'account-deletion'`,
  );
  await tx.execute(
    sql`update accounts set name = ${DELETED_ACCOUNT_NAME}, email = 'deleted-' || id || '@deleted.invalid', phone = '',
      owner_id = null, status = 'deleted', subscription_status = 'inactive', subscription_message = null,
      deletion_requested_at = null, version = version + 1
      where id = ${account}`,
  );
  await logActivity(tx, {
    actorId: null,
    client: null,
    action: "delete",
    resource: "accounts",
    recordId: accountId,
    changes: { reason },
  });
  await forgetInActivity(tx, "accounts", sql`select ${account}`);
  await forgetInActivity(tx, "users", accountUsers);
  return [...files, ...zips].map((row) => row.storage_key).filter((key): key is string => typeof key === "string");
}
