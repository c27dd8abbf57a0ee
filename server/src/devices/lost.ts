/**
 * Lost devices (spec §2 /lost-devices, super admins only; docs/api-resources.md "Lost devices"):
 * the devices whose status is lost, with when and by whom they were marked lost (the latest
 * "mark-lost" entry of the activity log) and the last test made with each; and the mark-found
 * action that gives a lost device back to its account.
 *
 * Read-only over existing tables: no table of its own. A device marked lost before the activity
 * log existed (the seed's) answers null for lostAt and lostBy*.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { alias } from "drizzle-orm/pg-core";
import { accounts, devices } from "../db/schema";
import { fieldError } from "../http/errors";
import { implementResource } from "../resources/definition";
import { lostDevicesContract } from "../../../src/api/contract/lostDevices";
import { readRoutes } from "../resources/routes";
import { sqlText } from "../resources/sql";
import { writeRoutes } from "../resources/writeRoutes";
import type { Services } from "../services";
import { DEVICE_TYPE_NAME, deviceDefinition, OF_LIVE_ACCOUNT } from "./routes";

const d = alias(devices, "d");
const a = alias(accounts, "a");

/**
 * A column of the device's latest "mark-lost" activity entry (writeRoutes logs it as resource
 * "devices"; the partial index activity_log_mark_lost_idx answers it in one step). Scalar
 * subqueries, not joins: the count needs none of them, and a page computes its 25 rows' only
 * (except the sort column, for every lost device).
 */
const markedLost = (column: string) => `(select ${column} from activity_log l
    where l.resource = 'devices' and l.record_id = d.id and l.action = 'mark-lost'
    order by l.created_at desc limit 1)`;

/** Who marked it lost: a column of that user. */
const lostBy = (column: string) => `(select ${column} from users lu where lu.id = ${markedLost("l.actor_id")})`;

/** A column of the device's latest test, deleted (recoverable) ones left out. */
const lastTest = (column: string) => `(select ${column} from tests t
    where t.device_id = d.id and t.deleted_at is null
    order by t.date desc, t.id desc limit 1)`;

export const lostDeviceDefinition = implementResource(lostDevicesContract, {
  from: sqlText`devices d left join accounts a on ${a.id} = ${d.accountId}`,
  // A deleted account's device that a copy keeps is no longer anybody's to find (devices/routes.ts).
  where: sqlText`${d.status} = 'lost' and ${OF_LIVE_ACCOUNT}`,
  table: d,
  columns: {
    customBoxName: sqlText`nullif(${d.name}, '')`,
    accountName: a.name,
    lostAt: markedLost("l.created_at"),
    lostById: lostBy("lu.id"),
    lostByName: lostBy("lu.first_name || ' ' || lu.last_name"),
    lastTestId: lastTest("t.id"),
    lastTestName: lastTest("t.name"),
    lastTestDate: lastTest("t.date"),
  },
  // No accountExpr: only super admins reach this resource, and they see every account.
  search: [d.serialNumber, d.name],
  // Sorted by the stored name ("" first), not by its null.
  sorts: { customBoxName: d.name, typeCode: DEVICE_TYPE_NAME },
});

export const lostDeviceRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db }) => {
  readRoutes(app, db, lostDeviceDefinition);

  // On the device itself, next to mark-lost: the same version rule (409) and activity entry.
  writeRoutes(app, db, deviceDefinition, devices).actionRoute("mark-found", {
    summary: "Mark a lost device found (active again)",
    fields: {},
    change: () => (current) => {
      if (current.status !== "lost") throw fieldError(422, "status", "Only a lost device can be marked found.");
      return { status: "active" };
    },
  });
};
