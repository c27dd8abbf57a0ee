/**
 * Lost devices (spec §2 /lost-devices, super admins only; docs/api-resources.md "Lost devices"):
 * the devices whose status is lost, with when and by whom they were marked lost (the latest
 * "mark-lost" entry of the activity log) and the last test made with each; and the mark-found
 * action that gives a lost device back to its account.
 *
 * Read-only over existing tables: no table of its own. A device marked lost before the activity
 * log existed (the seed's) answers null for lostAt and lostBy*.
 */
import type { FastifyInstance } from "fastify";
import { devices } from "../db/schema";
import { fieldError } from "../http/errors";
import { defineResource, field } from "../resources/definition";
import { readRoutes } from "../resources/routes";
import { fullName } from "../resources/sql";
import { writeRoutes } from "../resources/writeRoutes";
import type { Services } from "../services";
import { deviceDefinition } from "./routes";

/** The activity entry of the mark-lost action (writeRoutes logs it as resource "devices"). */
const LAST_MARKED_LOST = `left join lateral (
    select l.created_at, l.actor_id from activity_log l
    where l.resource = 'devices' and l.record_id = d.id and l.action = 'mark-lost'
    order by l.created_at desc limit 1
  ) ml on true
  left join users lu on lu.id = ml.actor_id`;

/** The device's latest test, deleted (recoverable) ones left out. */
const LAST_TEST = `left join lateral (
    select t.id, t.name, t.date from tests t
    where t.device_id = d.id and t.deleted_at is null
    order by t.date desc, t.id desc limit 1
  ) lt on true`;

export const lostDeviceDefinition = defineResource({
  name: "lost-devices",
  label: "lost device",
  from: `devices d join accounts a on a.id = d.account_id ${LAST_MARKED_LOST} ${LAST_TEST}`,
  id: "d.id",
  where: "d.status = 'lost'",
  fields: {
    id: field.text("d.id"),
    /** The device's version: mark found sends it back (409 when stale). */
    version: field.integer("d.version"),
    serialNumber: field.text("d.serial_number"),
    typeCode: field.integer("d.type_code"),
    customBoxName: field.textOrNull("nullif(d.name, '')"),
    accountId: field.text("d.account_id"),
    accountName: field.text("a.name"),
    lostAt: field.dateOrNull("ml.created_at"),
    lostById: field.textOrNull("lu.id"),
    lostByName: field.textOrNull(fullName("lu")),
    lastTestId: field.textOrNull("lt.id"),
    lastTestName: field.textOrNull("lt.name"),
    lastTestDate: field.dateOrNull("lt.date"),
  },
  // No accountExpr: only super admins reach this resource, and they see every account.
  search: ["d.serial_number", "d.name"],
  filters: {
    accountId: { type: "string", expr: "d.account_id" },
    typeCode: { type: "integer", expr: "d.type_code" },
  },
  sorts: {
    lostAt: { expr: "ml.created_at", nullable: true },
    serialNumber: { expr: "d.serial_number" },
    typeCode: { expr: "d.type_code" },
    customBoxName: { expr: "d.name" },
    accountName: { expr: "a.name" },
    lastTestDate: { expr: "lt.date", nullable: true },
  },
  defaultSort: ["lostAt", "DESC"],
});

export function lostDeviceRoutes(app: FastifyInstance, { db }: Services): void {
  readRoutes(app, db, lostDeviceDefinition, { list: ["SuperAdmin"], get: ["SuperAdmin"], export: ["SuperAdmin"] });

  // On the device itself, next to mark-lost: the same version rule (409) and activity entry.
  writeRoutes(app, db, deviceDefinition, devices).actionRoute("mark-found", {
    access: ["SuperAdmin"],
    summary: "Mark a lost device found (active again)",
    fields: {},
    change: () => (current) => {
      if (current.status !== "lost") throw fieldError(422, "status", "Only a lost device can be marked found.");
      return { status: "active" };
    },
  });
}
