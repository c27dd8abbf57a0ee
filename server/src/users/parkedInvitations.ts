/**
 * Invitations that tell the inviter nothing of other accounts (issue 24 item 5; docs/decisions.md
 * "An invitation tells nothing of other accounts"). Emails are unique across all users, so an
 * email a user of another account (or a deleted user) holds cannot be the email of a new invited
 * user. Refusing it told the inviter that someone else had it. Instead such an invitation is
 * *parked*: its user row holds a placeholder email of its own, while the invitation keeps the email
 * given, and everything the inviter can read (the users list, search and sort, the user's page, the
 * invitation's public page, the activity entry) shows the invitation's email: the same as for any
 * other invitation. Only accepting it is refused (409), since the email is someone else's.
 * The inviter's own users are theirs to see: inviting one of them again is refused as before (422).
 */
import { sql } from "drizzle-orm";
import type { Caller } from "../resources/definition";
import { rowsOf, type Executor } from "../resources/sql";

/** A reserved domain (RFC 2606), so no real address ever looks parked. */
const PARKED_DOMAIN = "parked.invalid";

/** The placeholder email of a parked invitation's user, until accepting gives it the invitation's. */
export const parkedEmailOf = (userId: string) => `invited-${userId}@${PARKED_DOMAIN}`;

export const isParkedEmail = (email: string) => email.endsWith(`@${PARKED_DOMAIN}`);

/** SQL: a user's stored email (`email`, SQL text) is a placeholder (users_parked_idx, migration 0016). */
export const parkedEmailCondition = (email: string) => `${email} like '%@${PARKED_DOMAIN}'`;

/**
 * SQL over a users alias: the email the user shows. A parked user's is its invitation's (the
 * latest, should it have been invited again), so that parked and other invitations read alike.
 */
export const shownEmailOf = (u: string) =>
  `(case when ${parkedEmailCondition(`${u}.email`)} then coalesce((select pi.email from invitations pi
    where pi.user_id = ${u}.id order by pi.created_at desc limit 1), ${u}.email) else ${u}.email end)`;

/**
 * How an email stands for an invitation by `caller` into `accountId`:
 * - "seen": a user the caller can see has it (any user for super admins, who see every account; a
 *   live user of their own account for admins, parked invitations included): refused, 422;
 * - "taken": a user the caller cannot see has it: the invitation is parked;
 * - "free": an ordinary invitation.
 */
export async function inviteeStanding(
  db: Executor,
  caller: Caller,
  accountId: string,
  email: string,
): Promise<"seen" | "taken" | "free"> {
  const lowered = email.toLowerCase();
  const seenScope =
    caller.role === "SuperAdmin" ? sql`true` : sql`u.account_id = ${accountId} and u.deleted_at is null`;
  const [row] = await rowsOf(
    db,
    sql`select
          exists (select 1 from users u where ${seenScope} and lower(${sql.raw(shownEmailOf("u"))}) = ${lowered}) as seen,
          exists (select 1 from users u where lower(u.email) = ${lowered}) as taken`,
  );
  if (row?.seen === true) return "seen";
  return row?.taken === true ? "taken" : "free";
}
