/**
 * Users (docs/api-resources.md "Users"): the list, the full record (a superset of the session's
 * ApiUser), direct creation by super admins, per-role edits and deletion.
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";
import { userFieldsEditableBy } from "../../../src/api/rules";
import { alias } from "drizzle-orm/pg-core";
import { accounts, businesses, users } from "../db/schema";
import { fieldError, forbidden, HttpError } from "../http/errors";
import type { Services } from "../services";
import { checkAccountExists, checkBusinessOfAccount, checkFree } from "../resources/checks";
import { implementResource } from "../resources/definition";
import { usersContract } from "../../../src/api/contract/users";
import { writableFields, writeSchemaOf } from "../../../src/api/contract/recordSchema";
import { readRoutes } from "../resources/routes";
import { writeRoutes } from "../resources/writeRoutes";
import { versionSchema } from "../resources/schemas";
import { searchedText } from "../resources/search";
import { columnSql, raw, sqlText, type Executor } from "../resources/sql";
import { updateVersioned } from "../resources/writes";
import { parkedEmailCondition, shownEmailOf } from "./parkedInvitations";

/** Deleting a user asks the password again first (spec §6), as deleting an account does. */
export const DELETE_USER_RECHECK = "Confirm your password to delete the user.";

const u = alias(users, "u");
const a = alias(accounts, "a");
const b = alias(businesses, "b");
/** The email a user shows: a parked invitation's user shows its invitation's (parkedInvitations.ts). */
const shownEmail = shownEmailOf("u");

export const userDefinition = implementResource(usersContract, {
  from: sqlText`users u left join accounts a on ${a.id} = ${u.accountId} left join businesses b on ${b.id} = ${u.businessId}`,
  where: sqlText`${u.deletedAt} is null`,
  table: u,
  columns: {
    email: shownEmail,
    accountName: a.name,
    businessName: b.name,
  },
  accountExpr: u.accountId,
  search: [u.firstName, u.lastName, shownEmail],
  // The shown email is no index's: the candidates are the trigram index's match on the stored one
  // (migration 0016), or a parked user (its partial index), then matched on the email shown.
  searchCandidates: (pattern) =>
    sql`${raw(searchedText([u.firstName, u.lastName, u.email]))} like lower(${pattern}) or ${raw(
      parkedEmailCondition(columnSql(u.email)),
    )}`,
  sorts: { email: shownEmail },
});

/** Users made without a password (directly or invited) cannot sign in until they set one. */
export const NO_PASSWORD = "!no-password";

export const EMAIL_USED = "This email is already used.";

/** 422 email when any live user has it (the unique index compares lower-cased). */
export const checkUserEmailFree = (db: Executor, email: string, exceptId: string | null) =>
  checkFree(db, "users", sql`lower(email) = lower(${email})`, exceptId, "email", EMAIL_USED);

const person = writableFields(usersContract.fields, ["firstName", "lastName"]);

export const userRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db }) => {
  const def = userDefinition;
  const writes = writeRoutes(app, db, def, users);
  // GET users/{id} is for everybody within their scope (spec §2 /users/:userId, "Tested by").
  readRoutes(app, db, def);

  writes.createRoute({
    summary: "Create a user directly (status active, no password until they set one)",
    fields: {
      ...writableFields(usersContract.fields, ["firstName", "lastName", "email", "role", "accountId", "businessId"]),
    },
    insert: async (tx, body, { id }) => {
      await checkAccountExists(tx, body.accountId);
      await checkBusinessOfAccount(tx, body.accountId, body.businessId);
      await checkUserEmailFree(tx, body.email, null);
      await tx.insert(users).values({
        id,
        ...body,
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        passwordHash: NO_PASSWORD,
        status: "active",
      });
    },
  });

  writes.updateRoute({
    summary: "Update a user: the fields the caller's role may change (403 naming another)",
    fields: {
      ...person,
      version: versionSchema,
      // Each role sends the fields it may change (userFieldsEditableBy), the others left out.
      email: Type.Optional(writeSchemaOf(usersContract.fields.email)),
      accountId: Type.Optional(writeSchemaOf(usersContract.fields.accountId)),
      businessId: writeSchemaOf(usersContract.fields.businessId),
    },
    change:
      (body, { caller, id }) =>
      async (current, tx) => {
        // The fields the caller may send for this user: the console offers the same ones.
        const allowed: string[] = userFieldsEditableBy(caller, current);
        if (allowed.length === 0) throw forbidden();
        const refused = Object.keys(body).find((field) => !allowed.includes(field));
        if (refused) throw fieldError(403, refused, "You may not change this field.");
        const accountId = body.accountId ?? current.accountId;
        if (body.accountId !== undefined) await checkAccountExists(tx, accountId);
        // Moving to another account without naming a business drops the old account's business.
        const businessId =
          body.businessId !== undefined ? body.businessId : accountId === current.accountId ? undefined : null;
        await checkBusinessOfAccount(tx, accountId, businessId);
        // An unchanged email is not written again: a parked invitation's user shows an email its
        // row does not hold yet (parkedInvitations.ts).
        const { email, ...fields } = body;
        const newEmail = email !== undefined && email !== current.email ? email : undefined;
        if (newEmail !== undefined) await checkUserEmailFree(tx, newEmail, id);
        return {
          ...fields,
          ...(newEmail === undefined ? {} : { email: newEmail }),
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          ...(businessId === undefined ? {} : { businessId }),
        };
      },
  });

  writes.deleteRoute({
    summary: "Delete a user (soft: the row stays, their tokens answer 499); never oneself",
    // A high-impact action (spec §6): the person loses the console for good, with no way back.
    recheck: DELETE_USER_RECHECK,
    remove: async (tx, current, caller) => {
      if (current.id === caller.id) throw new HttpError(422, "You cannot delete yourself.");
      // Soft delete (the row stays for audit and the tests it created); its tokens answer 499.
      await updateVersioned(tx, def, users, current.id, current.version, { deletedAt: new Date() });
    },
  });
};
