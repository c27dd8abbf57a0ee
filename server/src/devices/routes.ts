/** Devices (docs/api-resources.md "Devices"): registered by super admins; admins rename and mark lost. */
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";
import { DEVICE_STATUSES } from "../../../src/api/resources";
import { DEVICE_TYPES, deviceTypeName } from "../../../src/api/tests";
import { CUSTOM_BOX_NAME_MAX_LENGTH } from "../../../src/api/rules";
import { alias } from "drizzle-orm/pg-core";
import { accounts, businesses, devices, forcedResets, tests } from "../db/schema";
import { fieldError, forbidden } from "../http/errors";
import { nullable } from "../../../src/api/schemas/common";
import type { Services } from "../services";
import { checkAccountExists, checkBusinessOfAccount, checkFree, checkNoTests } from "../resources/checks";
import { implementResource, type Caller } from "../resources/definition";
import { devicesContract } from "../../../src/api/contract/devices";
import { NAME_TEXT } from "../../../src/api/contract/limits";
import { writableFields } from "../../../src/api/contract/recordSchema";
import { stringEnum } from "../../../src/api/schemas/common";
import { readRoutes } from "../resources/routes";
import { writeRoutes } from "../resources/writeRoutes";
import { sqlText, type Executor } from "../resources/sql";
import { deviceNotifications } from "./notifications";

const d = alias(devices, "d");
const a = alias(accounts, "a");
const b = alias(businesses, "b");

/**
 * A deleted account's devices are removed (docs/api.md "Lifecycle"), but one that another
 * account's copied test names keeps its row, which that test shows as its device (lifecycle/
 * deleteAccount.ts): no list, page, picker or action reaches it any more (over `a`, the accounts).
 */
export const OF_LIVE_ACCOUNT = sqlText`${a.status} <> 'deleted'`;

/**
 * A device's type by the name the console shows (src/api/tests.ts DEVICE_TYPES, else "Unknown"):
 * the Type column sorts by it, A to Z, not by the code behind it.
 */
export const DEVICE_TYPE_NAME = `case ${sqlText`${d.typeCode}`} ${Object.entries(DEVICE_TYPES)
  .map(([code, name]) => `when ${Number(code)} then '${name.replaceAll("'", "''")}'`)
  .join(" ")} else '${deviceTypeName(-1).replaceAll("'", "''")}' end`;

export const deviceDefinition = implementResource(devicesContract, {
  from: sqlText`devices d left join accounts a on ${a.id} = ${d.accountId} left join businesses b on ${b.id} = ${d.businessId}`,
  where: OF_LIVE_ACCOUNT,
  table: d,
  columns: {
    // Stored "" means no name: the column stays NOT NULL for the test records that show it.
    customBoxName: sqlText`nullif(${d.name}, '')`,
    accountName: a.name,
    businessName: b.name,
    // As the delete checks it: any test naming the device, a deleted (recoverable) one too. A
    // scalar subquery, probed through the tests' device index for the page's rows only: an EXISTS
    // here was planned as a hash of every test, read whole by each page (issue 23's scale bench).
    hasTests: sqlText`coalesce((select true from tests t where t.device_id = ${d.id} limit 1), false)`,
  },
  accountExpr: d.accountId,
  search: [d.serialNumber, d.name, d.phoneModel],
  // Sorted by the stored name ("" first), not by its null.
  sorts: { customBoxName: d.name, typeCode: DEVICE_TYPE_NAME },
});

/** Trimmed; null and "" both clear it (stored as ""). */
const boxName = (name: string | null | undefined) => (name ?? "").trim();

const checkSerialFree = (db: Executor, serialNumber: string, exceptId: string | null) =>
  checkFree(
    db,
    "devices",
    sql`serial_number = ${serialNumber}`,
    exceptId,
    "serialNumber",
    "This serial number is already registered.",
  );

/** Renaming and marking lost: super admins, and admins of the device's account. */
function checkDeviceAdmin(caller: Caller, device: { accountId: string }) {
  if (caller.role !== "SuperAdmin" && !(caller.role === "Admin" && caller.accountId === device.accountId))
    throw forbidden();
}

// Room for surrounding spaces: the name is trimmed, then checked against the limit (422). What a
// name may not hold (a text-direction control) is refused as every name's is.
const customBoxNameSchema = nullable("string", {
  maxLength: CUSTOM_BOX_NAME_MAX_LENGTH + 40,
  pattern: NAME_TEXT.source,
});

/** The console's create form leaves untouched inputs out: no business, no name, active. */
const writable = {
  ...writableFields(devicesContract.fields, ["serialNumber", "typeCode", "accountId", "businessId"]),
  customBoxName: Type.Optional(customBoxNameSchema),
  status: Type.Optional(stringEnum(DEVICE_STATUSES)),
  // Left out by older clients: the preference stays as it is.
  notifyOwner: Type.Optional(Type.Boolean()),
};

function checkBoxName(name: string) {
  if (name.length > CUSTOM_BOX_NAME_MAX_LENGTH)
    throw fieldError(422, "customBoxName", `At most ${CUSTOM_BOX_NAME_MAX_LENGTH} characters.`);
}

export const deviceRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db } = services;
  const def = deviceDefinition;
  const notifications = deviceNotifications(app, services);
  const writes = writeRoutes(app, db, def, devices);
  readRoutes(app, db, def);

  writes.createRoute({
    summary: "Register a device",
    fields: writable,
    insert: async (tx, { customBoxName, serialNumber, ...rest }, { id }) => {
      const name = boxName(customBoxName);
      checkBoxName(name);
      await checkAccountExists(tx, rest.accountId);
      await checkBusinessOfAccount(tx, rest.accountId, rest.businessId);
      await checkSerialFree(tx, serialNumber.trim(), null);
      await tx.insert(devices).values({
        id,
        ...rest,
        businessId: rest.businessId ?? null,
        serialNumber: serialNumber.trim(),
        name,
        status: rest.status ?? "active",
        notifyOwner: rest.notifyOwner ?? true,
      });
    },
  });

  writes.updateRoute({
    summary: "Update a device",
    fields: writable,
    change: ({ customBoxName, serialNumber, ...rest }, { id }) => {
      const name = boxName(customBoxName);
      checkBoxName(name);
      return async (_current, tx) => {
        await checkAccountExists(tx, rest.accountId);
        await checkBusinessOfAccount(tx, rest.accountId, rest.businessId);
        await checkSerialFree(tx, serialNumber.trim(), id);
        return { ...rest, businessId: rest.businessId ?? null, serialNumber: serialNumber.trim(), name };
      };
    },
  });

  writes.deleteRoute({
    summary: "Delete a device without test records",
    remove: async (tx, { id, status }) => {
      // Test records name the device they were made with (spec §3): such a device stays; one
      // still in use can be marked lost instead, which a lost one already is.
      const refusal = "This device has test records and cannot be deleted";
      await checkNoTests(
        tx,
        tests.deviceId,
        id,
        status === "lost" ? `${refusal}.` : `${refusal}; mark it lost instead.`,
      );
      // A forced reset of this device's phone has nothing left to reset (Advanced Settings).
      await tx.delete(forcedResets).where(eq(forcedResets.deviceId, id));
      await tx.delete(devices).where(eq(devices.id, id));
    },
  });

  // The admin actions: super admins, and admins of the device's account.
  writes.actionRoute("mark-lost", {
    summary: "Mark an active device lost",
    fields: {},
    change:
      (_body, { caller, afterCommit }) =>
      (current) => {
        checkDeviceAdmin(caller, current);
        if (current.status !== "active") throw fieldError(422, "status", "Only an active device can be marked lost.");
        // Its owner hears of it (docs/api.md "Public flows"), once the change is committed.
        afterCommit(() => notifications.deviceLost(current.id, caller));
        return { status: "lost" };
      },
  });

  writes.actionRoute("notify-owner", {
    summary: "Turn the owner's emails about a device (lost, new firmware) on or off",
    fields: { notifyOwner: Type.Boolean() },
    change:
      ({ notifyOwner }, { caller }) =>
      (current) => {
        checkDeviceAdmin(caller, current);
        return { notifyOwner };
      },
  });

  writes.actionRoute("custom-name", {
    summary: "Rename a device (trimmed; null or empty clears the name)",
    fields: { customBoxName: customBoxNameSchema },
    change: ({ customBoxName }, { caller }) => {
      const name = boxName(customBoxName);
      checkBoxName(name);
      return (current) => {
        checkDeviceAdmin(caller, current);
        return { name };
      };
    },
  });
};
