/** Devices (docs/api-resources.md "Devices"): registered by super admins; admins rename and mark lost. */
import { randomUUID } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import Type from "typebox";
import { DEVICE_STATUSES } from "../../../src/api/resources";
import { CUSTOM_BOX_NAME_MAX_LENGTH, SERIAL_NUMBER_MAX_LENGTH } from "../../../src/api/rules";
import { callerOf } from "../auth/guard";
import { devices, tests } from "../db/schema";
import { fieldError, forbidden, HttpError } from "../http/errors";
import { nullable } from "../../../src/api/schemas/common";
import type { Services } from "../services";
import { checkAccountExists, checkBusinessOfAccount, checkFree } from "../resources/checks";
import { dateRange, defineResource, field, type Caller } from "../resources/definition";
import { stringEnum } from "../../../src/api/schemas/common";
import { changesOf, deleteRoute, readRoutes } from "../resources/routes";
import {
  accountIdSchema,
  answers,
  bodySchema,
  describe,
  idParams,
  nullableId,
  versionOnly,
  versionSchema,
} from "../resources/schemas";
import type { Executor } from "../resources/sql";
import { recordCreated } from "../resources/writes";

export const deviceDefinition = defineResource({
  name: "devices",
  label: "device",
  from: "devices d join accounts a on a.id = d.account_id left join businesses b on b.id = d.business_id",
  id: "d.id",
  fields: {
    id: field.text("d.id"),
    version: field.integer("d.version"),
    serialNumber: field.text("d.serial_number"),
    typeCode: field.integer("d.type_code"),
    // Stored "" means no name: the column stays NOT NULL for the test records that show it.
    customBoxName: field.textOrNull("nullif(d.name, '')"),
    firmwareVersion: field.textOrNull("d.firmware_version"),
    accountId: field.text("d.account_id"),
    accountName: field.text("a.name"),
    businessId: field.textOrNull("d.business_id"),
    businessName: field.textOrNull("b.name"),
    status: field.oneOf(DEVICE_STATUSES, "d.status"),
    lastSeenAt: field.dateOrNull("d.last_seen_at"),
    phoneBrand: field.textOrNull("d.phone_brand"),
    phoneModel: field.textOrNull("d.phone_model"),
    phoneOs: field.textOrNull("d.phone_os"),
    createdAt: field.date("d.created_at"),
  },
  accountExpr: "d.account_id",
  search: ["d.serial_number", "d.name", "d.phone_model"],
  filters: {
    typeCode: { type: "integer", expr: "d.type_code" },
    status: { type: DEVICE_STATUSES, expr: "d.status" },
    accountId: { type: "string", expr: "d.account_id" },
    businessId: { type: "string", expr: "d.business_id" },
    firmwareVersion: { type: "string", expr: "d.firmware_version" },
    ...dateRange("lastSeenAt", "d.last_seen_at"),
  },
  sorts: {
    serialNumber: { expr: "d.serial_number" },
    typeCode: { expr: "d.type_code" },
    customBoxName: { expr: "d.name" },
    firmwareVersion: { expr: "d.firmware_version", nullable: true },
    status: { expr: "d.status" },
    lastSeenAt: { expr: "d.last_seen_at", nullable: true },
    createdAt: { expr: "d.created_at" },
    accountName: { expr: "a.name" },
    businessName: { expr: "b.name", nullable: true },
    phoneModel: { expr: "d.phone_model", nullable: true },
    phoneOs: { expr: "d.phone_os", nullable: true },
  },
  defaultSort: ["lastSeenAt", "DESC"],
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

// Room for surrounding spaces: the name is trimmed, then checked against the limit (422).
const customBoxNameSchema = nullable("string", { maxLength: CUSTOM_BOX_NAME_MAX_LENGTH + 40 });

/** The console's create form leaves untouched inputs out: no business, no name, active. */
const writable = {
  serialNumber: Type.String({ minLength: 1, maxLength: SERIAL_NUMBER_MAX_LENGTH, pattern: "^[A-Za-z0-9._-]+$" }),
  typeCode: Type.Integer({ minimum: 1, maximum: 99999 }),
  accountId: accountIdSchema,
  businessId: Type.Optional(nullableId),
  customBoxName: Type.Optional(customBoxNameSchema),
  status: Type.Optional(stringEnum(DEVICE_STATUSES)),
};

function checkBoxName(name: string) {
  if (name.length > CUSTOM_BOX_NAME_MAX_LENGTH)
    throw fieldError(422, "customBoxName", `At most ${CUSTOM_BOX_NAME_MAX_LENGTH} characters.`);
}

export function deviceRoutes(app: FastifyInstance, { db }: Services): void {
  const def = deviceDefinition;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const responses = answers(def);
  const change = changesOf(db, def, devices);
  const tag = def.name;
  readRoutes(app, db, def, { list: "signedIn", get: "signedIn", export: ["SuperAdmin", "Admin"] });

  api.post(
    "/devices",
    {
      config: { access: ["SuperAdmin"] },
      schema: { ...describe(tag, "Register a device"), body: bodySchema(writable), response: responses.created },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { customBoxName, serialNumber, ...rest } = request.body;
      const name = boxName(customBoxName);
      checkBoxName(name);
      const record = await db.transaction(async (tx) => {
        await checkAccountExists(tx, rest.accountId);
        await checkBusinessOfAccount(tx, rest.accountId, rest.businessId);
        await checkSerialFree(tx, serialNumber.trim(), null);
        const id = randomUUID();
        await tx.insert(devices).values({
          id,
          ...rest,
          businessId: rest.businessId ?? null,
          serialNumber: serialNumber.trim(),
          name,
          status: rest.status ?? "active",
        });
        return recordCreated(tx, def, caller, id);
      });
      return reply.status(201).send(record);
    },
  );

  api.put(
    "/devices/:id",
    {
      config: { access: ["SuperAdmin"] },
      schema: {
        ...describe(tag, "Update a device"),
        params: idParams,
        body: bodySchema({ ...writable, version: versionSchema }),
        response: responses.changed,
      },
    },
    async (request) => {
      const { version: _version, customBoxName, serialNumber, ...rest } = request.body;
      const name = boxName(customBoxName);
      checkBoxName(name);
      return change(request, "update", async (_current, tx) => {
        await checkAccountExists(tx, rest.accountId);
        await checkBusinessOfAccount(tx, rest.accountId, rest.businessId);
        await checkSerialFree(tx, serialNumber.trim(), request.params.id);
        return { ...rest, businessId: rest.businessId ?? null, serialNumber: serialNumber.trim(), name };
      });
    },
  );

  deleteRoute(app, db, def, {
    access: ["SuperAdmin"],
    summary: "Delete a device without test records",
    remove: async (tx, { id }) => {
      const [used] = await tx.select({ id: tests.id }).from(tests).where(eq(tests.deviceId, id)).limit(1);
      // Test records name the device they were made with (spec §3): such a device stays.
      if (used) throw new HttpError(422, "This device has test records and cannot be deleted; mark it lost instead.");
      await tx.delete(devices).where(eq(devices.id, id));
    },
  });

  // The admin actions: super admins, and admins of the device's account.
  api.post(
    "/devices/:id/mark-lost",
    {
      config: { access: ["SuperAdmin", "Admin"] },
      schema: {
        ...describe(tag, "Mark an active device lost"),
        params: idParams,
        body: versionOnly,
        response: responses.changed,
      },
    },
    async (request) =>
      change(request, "mark-lost", (current) => {
        checkDeviceAdmin(callerOf(request), current);
        if (current.status !== "active") throw fieldError(422, "status", "Only an active device can be marked lost.");
        return { status: "lost" };
      }),
  );

  api.post(
    "/devices/:id/custom-name",
    {
      config: { access: ["SuperAdmin", "Admin"] },
      schema: {
        ...describe(tag, "Rename a device (trimmed; null or empty clears the name)"),
        params: idParams,
        body: bodySchema({ version: versionSchema, customBoxName: customBoxNameSchema }),
        response: responses.changed,
      },
    },
    async (request) => {
      const name = boxName(request.body.customBoxName);
      checkBoxName(name);
      return change(request, "custom-name", (current) => {
        checkDeviceAdmin(callerOf(request), current);
        return { name };
      });
    },
  );
}
