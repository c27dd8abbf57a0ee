/** Devices (docs/api-resources.md "Devices"): registered by super admins; admins rename and mark lost. */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { DEVICE_STATUSES, type DeviceCreate, type DeviceRename, type DeviceUpdate } from "../../../src/api/resources";
import { CUSTOM_BOX_NAME_MAX_LENGTH, SERIAL_NUMBER_MAX_LENGTH } from "../../../src/api/rules";
import { callerOf } from "../auth/guard";
import { devices, tests } from "../db/schema";
import { fieldError, forbidden, HttpError } from "../http/errors";
import type { Services } from "../services";
import { checkAccountExists, checkBusinessOfAccount } from "../businesses/routes";
import { dateRange, type Caller, type ResourceDefinition } from "../resources/definition";
import { findRecord } from "../resources/list";
import { bodySchema, idParams, nullableId, readRoutes, versionSchema } from "../resources/routes";
import { iso, rowsOf, type Executor, type Row } from "../resources/sql";
import { logActivity, notFoundOf, versionedChange, recordCreated } from "../resources/writes";

export const deviceDefinition: ResourceDefinition = {
  name: "devices",
  label: "device",
  from: "devices d join accounts a on a.id = d.account_id left join businesses b on b.id = d.business_id",
  id: "d.id",
  fields: {
    id: "d.id",
    version: "d.version",
    serialNumber: "d.serial_number",
    typeCode: "d.type_code",
    // Stored "" means no name: the column stays NOT NULL for the test records that show it.
    customBoxName: "nullif(d.name, '')",
    firmwareVersion: "d.firmware_version",
    accountId: "d.account_id",
    accountName: "a.name",
    businessId: "d.business_id",
    businessName: "b.name",
    status: "d.status",
    lastSeenAt: iso("d.last_seen_at"),
    phoneBrand: "d.phone_brand",
    phoneModel: "d.phone_model",
    phoneOs: "d.phone_os",
    createdAt: iso("d.created_at"),
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
};

/** Trimmed; null and "" both clear it (stored as ""). */
const boxName = (name: string | null | undefined) => (name ?? "").trim();

async function checkSerialFree(db: Executor, serialNumber: string, exceptId: string | null) {
  const [row] = await rowsOf(
    db,
    sql`select 1 from devices where serial_number = ${serialNumber} and id <> ${exceptId ?? ""}`,
  );
  if (row) throw fieldError(422, "serialNumber", "This serial number is already registered.");
}

/** Renaming and marking lost: super admins, and admins of the device's account. */
function checkDeviceAdmin(caller: Caller, device: Row) {
  if (caller.role !== "SuperAdmin" && !(caller.role === "Admin" && caller.accountId === device.accountId))
    throw forbidden();
}

const writable = {
  serialNumber: { type: "string", minLength: 1, maxLength: SERIAL_NUMBER_MAX_LENGTH, pattern: "^[A-Za-z0-9._-]+$" },
  typeCode: { type: "integer", minimum: 1, maximum: 99999 },
  accountId: { type: "string", maxLength: 100 },
  businessId: nullableId,
  // Room for surrounding spaces: the name is trimmed, then checked against the limit (422).
  customBoxName: { type: ["string", "null"], maxLength: CUSTOM_BOX_NAME_MAX_LENGTH + 40 },
  status: { type: "string", enum: DEVICE_STATUSES },
};

/** The console's create form leaves untouched inputs out: no business, no name, active. */
const LEFT_OUT = ["businessId", "customBoxName", "status"];

function checkBoxName(name: string) {
  if (name.length > CUSTOM_BOX_NAME_MAX_LENGTH)
    throw fieldError(422, "customBoxName", `At most ${CUSTOM_BOX_NAME_MAX_LENGTH} characters.`);
}

export function deviceRoutes(app: FastifyInstance, { db }: Services): void {
  const def = deviceDefinition;
  readRoutes(app, db, def, { list: "signedIn", get: "signedIn", export: ["SuperAdmin", "Admin"] });

  app.post<{ Body: DeviceCreate }>(
    "/devices",
    { config: { access: ["SuperAdmin"] }, schema: { body: bodySchema(writable, LEFT_OUT) } },
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

  app.put<{ Params: { id: string }; Body: DeviceUpdate }>(
    "/devices/:id",
    {
      config: { access: ["SuperAdmin"] },
      schema: { params: idParams, body: bodySchema({ ...writable, version: versionSchema }, LEFT_OUT) },
    },
    async (request) => {
      const caller = callerOf(request);
      const { version, customBoxName, serialNumber, ...rest } = request.body;
      const name = boxName(customBoxName);
      checkBoxName(name);
      return versionedChange(db, def, devices, caller, request.params.id, version, "update", async (_current, tx) => {
        await checkAccountExists(tx, rest.accountId);
        await checkBusinessOfAccount(tx, rest.accountId, rest.businessId);
        await checkSerialFree(tx, serialNumber.trim(), request.params.id);
        return { ...rest, businessId: rest.businessId ?? null, serialNumber: serialNumber.trim(), name };
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/devices/:id",
    { config: { access: ["SuperAdmin"] }, schema: { params: idParams } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      return db.transaction(async (tx) => {
        const current = await findRecord(tx, def, caller, id);
        if (!current) throw notFoundOf(def);
        const [used] = await tx.select({ id: tests.id }).from(tests).where(eq(tests.deviceId, id)).limit(1);
        // Test records name the device they were made with (spec §3): such a device stays.
        if (used) throw new HttpError(422, "This device has test records and cannot be deleted; mark it lost instead.");
        await tx.delete(devices).where(eq(devices.id, id));
        await logActivity(tx, {
          actorId: caller.id,
          action: "delete",
          resource: def.name,
          recordId: id,
          changes: current,
        });
        return current;
      });
    },
  );

  app.post<{ Params: { id: string }; Body: { version: number } }>(
    "/devices/:id/mark-lost",
    {
      config: { access: ["SuperAdmin", "Admin"] },
      schema: { params: idParams, body: bodySchema({ version: versionSchema }) },
    },
    async (request) => {
      const caller = callerOf(request);
      return versionedChange(
        db,
        def,
        devices,
        caller,
        request.params.id,
        request.body.version,
        "mark-lost",
        (current) => {
          checkDeviceAdmin(caller, current);
          if (current.status !== "active") throw fieldError(422, "status", "Only an active device can be marked lost.");
          return { status: "lost" };
        },
      );
    },
  );

  app.post<{ Params: { id: string }; Body: DeviceRename }>(
    "/devices/:id/custom-name",
    {
      config: { access: ["SuperAdmin", "Admin"] },
      schema: {
        params: idParams,
        body: bodySchema({ version: versionSchema, customBoxName: writable.customBoxName }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const name = boxName(request.body.customBoxName);
      checkBoxName(name);
      return versionedChange(
        db,
        def,
        devices,
        caller,
        request.params.id,
        request.body.version,
        "custom-name",
        (current) => {
          checkDeviceAdmin(caller, current);
          return { name };
        },
      );
    },
  );
}
