/**
 * What a deletion leaves in the activity log (docs/decisions.md "Deleted people leave no name in
 * the activity log"). The log is the account's audit trail, so its entries stay — who did what,
 * to which record, when — but the values that name or reach the deleted person or account
 * (names, email, phone, avatar) become "(deleted)" in every entry about them. An update's
 * [before, after] pair keeps its shape, so the change log still shows that the field changed.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "../resources/sql";

export const FORGOTTEN_VALUE = "(deleted)";

/** The fields of users (their invitations included) and accounts that name or reach a person. */
const PERSONAL_FIELDS = ["firstName", "lastName", "name", "email", "phone", "avatar", "ownerName"];

/**
 * Replaces the personal values in the changes of `resource`'s entries about `recordIds` (a
 * subquery of ids). Invitations are logged as entries about the invited user.
 */
export async function forgetInActivity(tx: Tx, resource: string, recordIds: SQL): Promise<void> {
  const personal = sql.join(
    PERSONAL_FIELDS.map((field) => sql`${field}`),
    sql`, `,
  );
  const forgotten = sql`to_jsonb(${FORGOTTEN_VALUE}::text)`;
  await tx.execute(sql`
    update activity_log a set changes = (
      select coalesce(jsonb_object_agg(e.key,
        case
          when e.key not in (${personal}) then e.value
          when jsonb_typeof(e.value) = 'array'
            then (select coalesce(jsonb_agg(${forgotten}), '[]'::jsonb) from jsonb_array_elements(e.value))
          else ${forgotten}
        end), '{}'::jsonb)
      from jsonb_each(a.changes) e)
    where a.resource = ${resource} and a.record_id in (${recordIds})
      and exists (select 1 from jsonb_object_keys(a.changes) k where k in (${personal}))`);
}
