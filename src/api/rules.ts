/**
 * Limits and rules that the console and the reference service both enforce: the console to guide
 * the user before anything is sent, the service because a hidden button or a disabled field is not
 * security. Each is defined here once and imported by both sides.
 */
import type { Subscription, SubscriptionState } from "./resources";
import type { Role } from "./types";

// ---------------------------------------------------------------------------------------------
// Lengths and formats

/** Spec §5, §9: a test's name needs at least 3 characters after trimming. */
export const TEST_NAME_MIN_LENGTH = 3;

const GRAPHEMES = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * A text's characters as a reader counts them: an emoji, or a letter typed with its accent as two
 * code points, is one ("💎💎" is two characters, not four UTF-16 units).
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _character of GRAPHEMES.segment(text)) count += 1;
  return count;
}

/** Spec §5: the test name rule (the service stores the name trimmed). */
export const isTestNameValid = (name: string, minLength: number = TEST_NAME_MIN_LENGTH): boolean =>
  characterCount(name.trim()) >= minLength;

/**
 * An email address as the service's schemas take it: ajv-formats' full `email` format (an ASCII
 * address, "🙂@example.com" refused) and at most 254 characters. The guest forms check it before
 * sending, so a refusal is said in their words, not the schema's.
 */
export const EMAIL_FORMAT =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
export const EMAIL_MAX_LENGTH = 254;

/** The name an account gives a box (change log: custom box names), after trimming. */
export const CUSTOM_BOX_NAME_MAX_LENGTH = 60;

/** A person's first or last name. */
export const PERSON_NAME_MAX_LENGTH = 80;

/** The name of an account or a business. */
export const RECORD_NAME_MAX_LENGTH = 120;

/** A business's street address and city. */
export const ADDRESS_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 80;

/** Phone numbers of accounts and businesses. */
export const PHONE_MAX_LENGTH = 40;

/** A box's serial number. */
export const SERIAL_NUMBER_MAX_LENGTH = 64;

/** A discount's description. */
export const DISCOUNT_DESCRIPTION_MAX_LENGTH = 200;

/** A discount code: as a discount saves it, and as a quote or a new subscription sends it. */
export const DISCOUNT_CODE_MAX_LENGTH = 64;

/** Countries travel as ISO 3166-1 alpha-2 codes. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

/** A new password (accepting an invitation) has at least this many characters. */
export const PASSWORD_MIN_LENGTH = 8;

/** PostgreSQL's integer: every integer column, and what an integer input may be unless it says less. */
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

/** A new password of spaces only looks like none at all, and is among the first guessed. */
export const isBlankPassword = (password: string): boolean => password.trim() === "";

/** Any password: long enough for a passphrase, short enough that hashing it stays cheap. */
export const PASSWORD_MAX_LENGTH = 256;

// ---------------------------------------------------------------------------------------------
// Deleting a test (spec §6)

/** Who asks to delete a test; a signed-out visitor has no id and no role. */
export interface TestDeleter {
  id: string;
  accountId: string;
  role: Role | null;
}

/** What the delete rule reads of a test. */
export interface DeletableTest {
  accountId: string;
  /** The id of the user who made the test. */
  createdBy: string;
  /** The id of the user who owns the test's business, if anyone does. */
  businessOwnerId: string | null;
}

/**
 * Spec §6: a test may be deleted when the user's account is the test's, and the user is an Admin,
 * or the test's creator, or a Manager who owns the test's business.
 */
export function mayDeleteTest(user: TestDeleter, test: DeletableTest): boolean {
  if (!user.id || user.accountId !== test.accountId) return false;
  if (user.role === "Admin") return true;
  if (user.id === test.createdBy) return true;
  return user.role === "Manager" && test.businessOwnerId === user.id;
}

// ---------------------------------------------------------------------------------------------
// Subscriptions: cancel at period end, and resume

/** Only a running subscription (spec §4: active, or past due with full access) is canceled or resumed. */
export const RUNNING_SUBSCRIPTION_STATES: readonly SubscriptionState[] = ["active", "past_due"];

const isRunning = (status: SubscriptionState) => RUNNING_SUBSCRIPTION_STATES.includes(status);

type SubscriptionStanding = Pick<Subscription, "status" | "cancelAtPeriodEnd"> & { currentPeriodEnd?: string };

/** Whether the period end is still ahead; without `currentPeriodEnd` it is not judged. */
export const periodEndAhead = (
  { currentPeriodEnd }: Pick<SubscriptionStanding, "currentPeriodEnd">,
  now = Date.now(),
) => currentPeriodEnd === undefined || Date.parse(currentPeriodEnd) > now;

/**
 * Cancel at period end: a running subscription that is not already canceling, while its period end
 * is still ahead. A past-due one whose period has ended would be canceled at once, its grace and
 * the account's deletion begun (spec §4 gives it 7 days of full access to pay instead).
 */
export const mayCancelSubscription = (subscription: SubscriptionStanding, now: number = Date.now()): boolean =>
  isRunning(subscription.status) && !subscription.cancelAtPeriodEnd && periodEndAhead(subscription, now);

/** Resume: a running subscription that is canceling, while its period end is still ahead. */
export const mayResumeSubscription = (subscription: SubscriptionStanding, now: number = Date.now()): boolean =>
  isRunning(subscription.status) && subscription.cancelAtPeriodEnd && periodEndAhead(subscription, now);

// ---------------------------------------------------------------------------------------------
// Editing a user (PUT users/{id})

/** The fields of a user that PUT users/{id} may change; role and status have their own actions. */
export type EditableUserField = "firstName" | "lastName" | "email" | "accountId" | "businessId";

/** Super admins change every field; admins their account's users' names and business; anyone their own names. */
export const USER_FIELDS_BY_REACH = {
  superAdmin: ["firstName", "lastName", "email", "accountId", "businessId"],
  accountAdmin: ["firstName", "lastName", "businessId"],
  self: ["firstName", "lastName"],
} as const satisfies Record<string, readonly EditableUserField[]>;

/** The user fields `actor` may edit on `target`; empty: none (the user is read-only to them). */
export function userFieldsEditableBy(
  actor: { id: string; role: Role; accountId: string },
  target: { id: string; accountId: string },
): EditableUserField[] {
  if (actor.role === "SuperAdmin") return [...USER_FIELDS_BY_REACH.superAdmin];
  if (actor.role === "Admin" && actor.accountId === target.accountId) return [...USER_FIELDS_BY_REACH.accountAdmin];
  if (actor.id === target.id) return [...USER_FIELDS_BY_REACH.self];
  return [];
}

// ---------------------------------------------------------------------------------------------
// Lists

/**
 * A list counts its matching rows up to this many past the page asked for; a larger total is
 * answered as "*" in Content-Range, and the console says "more than" this: a list of a hundred
 * thousand accounts is not counted for each page.
 */
export const LIST_EXACT_TOTAL = 10_000;

/**
 * ra-data-simple-rest's Content-Range header of a list page: `{unit} {first}-{last}/{total}`; an
 * empty page has `*` in place of the range, before the slash and the total. A total only known to
 * be at least `total` (`atLeast`) is `*`.
 */
export function contentRange(unit: string, start: number, count: number, total: number, atLeast = false): string {
  const of = atLeast ? "*" : String(total);
  return count === 0 ? `${unit} */${of}` : `${unit} ${start}-${start + count - 1}/${of}`;
}
