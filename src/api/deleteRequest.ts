/**
 * The data-deletion request (spec §2 /delete-request and /delete-request-confirmation, everyone;
 * docs/api.md "Public flows"): a person asks with their email, confirms with the 6-digit code the
 * service emails them, and the request becomes a scheduled deletion super admins see. Shared by
 * the console, the service and the tests; shapes are the schemas' (schemas/deleteRequest.ts).
 */
import type { Static } from "typebox";
import { GRACE_PERIOD_DAYS } from "./lifecycle";
import type { deleteRequestAcceptedSchema, deleteRequestConfirmedSchema } from "./schemas/deleteRequest";
import type { Role } from "./types";

export type DeleteRequestAccepted = Static<typeof deleteRequestAcceptedSchema>;
export type DeleteRequestConfirmed = Static<typeof deleteRequestConfirmedSchema>;

/** A code works for 15 minutes after it is sent. */
export const DELETE_REQUEST_CODE_MINUTES = 15;
/** Another code may be asked for 60 seconds after the last request for the same email. */
export const DELETE_REQUEST_RESEND_SECONDS = 60;
/**
 * Spec §4's grace rule: data goes 21 days after the request is confirmed, as an account's data goes
 * 21 days after its subscription is canceled; until then a super admin can still stop it.
 */
export const DATA_DELETION_DAYS = GRACE_PERIOD_DAYS;

/** The same answer whether or not the email has an account. */
export const DELETE_REQUEST_SENT =
  "If this email belongs to an account, we have sent it a code. Enter it to confirm the request.";
/** A wrong, expired, used or killed code, and an email without an account: one answer. */
export const DELETE_REQUEST_WRONG_CODE = "This code is wrong or has expired.";

/**
 * What a confirmed request deletes. The account's owner, or its only active admin, takes the
 * account with them (nobody would be left to run it); anyone else is deleted alone. A super
 * admin's request deletes them alone: their account is the operator's, not a customer's.
 */
export function deletionKindFor(person: {
  role: Role;
  isAccountOwner: boolean;
  otherActiveAdmins: number;
}): "account-deletion" | "user-deletion" {
  if (person.role === "SuperAdmin") return "user-deletion";
  if (person.isAccountOwner) return "account-deletion";
  if (person.role === "Admin" && person.otherActiveAdmins === 0) return "account-deletion";
  return "user-deletion";
}
