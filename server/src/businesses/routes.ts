/** Businesses, the locations of an account (docs/api-resources.md "Businesses"). */
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";
import { alias } from "drizzle-orm/pg-core";
import { accounts, businesses, devices, invitations, tests, users } from "../db/schema";
import { fieldError } from "../http/errors";
import type { Services } from "../services";
import { checkAccountExists, checkNoTests, checkUserOfAccount } from "../resources/checks";
import { implementResource } from "../resources/definition";
import { businessesContract } from "../../../src/api/contract/businesses";
import { writableFields, writeSchemaOf } from "../../../src/api/contract/recordSchema";
import { readRoutes } from "../resources/routes";
import { writeRoutes } from "../resources/writeRoutes";
import { fullName, sqlText } from "../resources/sql";
import { through } from "../resources/search";

const b = alias(businesses, "b");
const a = alias(accounts, "a");
const o = alias(users, "o");
const ownerName = fullName(o);

export const businessDefinition = implementResource(businessesContract, {
  from: sqlText`businesses b left join accounts a on ${a.id} = ${b.accountId} left join users o on ${o.id} = ${b.ownerId}`,
  // A deleted account's business that a copied test still names keeps its row for the copy
  // (lifecycle/deleteAccount.ts), but no list, page, picker or search reaches it any more.
  where: sqlText`${a.status} <> 'deleted'`,
  table: b,
  columns: {
    accountName: a.name,
    ownerName,
  },
  accountExpr: b.accountId,
  search: [b.name, b.address, b.city, through(b.ownerId, [o.firstName, o.lastName])],
});

const fields = {
  ...writableFields(businessesContract.fields, ["name", "ownerId", "address", "city", "country", "phone"]),
  // An admin's business is of their own account: only a super admin names it.
  accountId: Type.Optional(writeSchemaOf(businessesContract.fields.accountId)),
};

export const businessRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db }) => {
  const def = businessDefinition;
  const writes = writeRoutes(app, db, def, businesses);
  /** A business's words as stored: trimmed, every one of them (the address and city were kept with their spaces). */
  const trimmed = <T extends { name: string; address: string; city: string; phone?: string | null }>(body: T) => ({
    ...body,
    name: body.name.trim(),
    address: body.address.trim(),
    city: body.city.trim(),
    phone: (body.phone ?? "").trim(),
  });
  readRoutes(app, db, def);

  writes.createRoute({
    summary: "Add a business (admins: to their own account, accountId ignored)",
    fields,
    insert: async (tx, { accountId: named, ownerId = null, ...rest }, { caller, id }) => {
      // Admins add locations to their own account (spec §2 /add-new-location); accountId is ignored.
      const accountId = caller.role === "SuperAdmin" ? named : caller.accountId;
      if (accountId === undefined) throw fieldError(400, "accountId", "accountId is required");
      await checkAccountExists(tx, accountId);
      await checkUserOfAccount(tx, "ownerId", accountId, ownerId);
      await tx.insert(businesses).values({ id, accountId, ownerId, ...trimmed(rest) });
    },
  });

  writes.updateRoute({
    summary: "Update a business (accountId is read-only)",
    fields,
    // accountId is read-only here (a business does not move between accounts).
    change:
      ({ accountId: _ignored, ...body }) =>
      async (current, tx) => {
        await checkUserOfAccount(tx, "ownerId", current.accountId, body.ownerId);
        return trimmed(body);
      },
  });

  writes.deleteRoute({
    summary: "Delete a business without test records (its users and devices stay in the account)",
    remove: async (tx, { id }) => {
      // Test records must keep their location (spec §3): such a business cannot go.
      await checkNoTests(tx, tests.businessId, id, "This business has test records and cannot be deleted.");
      // Its users and devices stay in the account without a business.
      // Their records changed, so their versions move on too.
      await tx
        .update(users)
        .set({ businessId: null, version: sql`${users.version} + 1` })
        .where(eq(users.businessId, id));
      await tx
        .update(devices)
        .set({ businessId: null, version: sql`${devices.version} + 1` })
        .where(eq(devices.businessId, id));
      await tx.update(invitations).set({ businessId: null }).where(eq(invitations.businessId, id));
      await tx.delete(businesses).where(eq(businesses.id, id));
    },
  });
};
