/**
 * Forced resets (spec §6's change log: super admins force a reset per user, phone, phone model or
 * OS version; docs/api.md "Advanced settings"). A reset is a pending row until a matching device
 * app calls GET device-config (deviceConfig.ts), which picks it up, or a super admin cancels it.
 * Creating and canceling need a recent password re-check and log an activity entry in their
 * transaction; the list says who asked and when, and which device app picked it up.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  FORCED_RESET_FIELDS,
  FORCED_RESETS,
  type ForcedResetCreate,
  type ForcedResetTarget,
} from "../../../src/api/advancedSettings";
import { forcedResetCreateSchema } from "../../../src/api/schemas/advancedSettings";
import { callerOf } from "../auth/guard";
import { alias } from "drizzle-orm/pg-core";
import { accounts, devices, forcedResets, users } from "../db/schema";
import { routeOptions } from "../docs/openapi";
import { fieldError, HttpError } from "../http/errors";
import { implementResource } from "../resources/definition";
import { forcedResetsContract } from "../../../src/api/contract/forcedResets";
import { findRecord } from "../resources/list";
import { declaredAccess, readRoutes } from "../resources/routes";
import { answers, idParams } from "../resources/schemas";
import { fullName, rowsOf, sqlText, type Tx } from "../resources/sql";
import { writeRoutes } from "../resources/writeRoutes";
import { actorOf, changesBetween, logActivity, notFoundOf } from "../resources/writes";
import type { Services } from "../services";
import { requireRecentPasswordCheck } from "../users/passwordCheck";
import { PASSWORD_RECHECK_MESSAGE } from "./passwordRecheck";

const r = alias(forcedResets, "r");
const rq = alias(users, "rq");
const tu = alias(users, "tu");
const td = alias(devices, "td");
const ta = alias(accounts, "ta");
const cu = alias(users, "cu");
const pu_u = alias(users, "pu_u");
const pu_d = alias(devices, "pu_d");

/** The device app's call that picked the reset up: its activity entry names the device and the user. */
const PICKED_UP = sqlText`left join lateral (
    select l.actor_id, l.changes->>'deviceId' as device_id from activity_log l
    where l.resource = '${FORCED_RESETS}' and l.record_id = ${r.id} and l.action = 'pick-up'
    order by l.created_at desc limit 1
  ) pu on true
  left join users pu_u on ${pu_u.id} = pu.actor_id
  left join devices pu_d on ${pu_d.id} = pu.device_id`;

/** The target in words (the Activity Feed names the record the same way). */
export const TARGET_NAME = sqlText`case ${r.target}
    when 'user' then ${tu.firstName} || ' ' || ${tu.lastName}
    when 'phone' then coalesce(nullif(${td.name}, ''), ${td.serialNumber})
    when 'phone_model' then ${r.phoneBrand} || ' ' || ${r.phoneModel}
    else ${r.phoneOs} end`;

const STATUS = sqlText`case when ${r.canceledAt} is not null then 'canceled'
    when ${r.pickedUpAt} is not null then 'picked-up' else 'pending' end`;

export const forcedResetDefinition = implementResource(forcedResetsContract, {
  from: sqlText`forced_resets r
    join users rq on ${rq.id} = ${r.requestedBy}
    left join users tu on ${tu.id} = ${r.userId}
    left join devices td on ${td.id} = ${r.deviceId}
    left join accounts ta on ${ta.id} = coalesce(${tu.accountId}, ${td.accountId})
    left join users cu on ${cu.id} = ${r.canceledBy}
    ${PICKED_UP}`,
  table: r,
  columns: {
    targetName: `coalesce(${TARGET_NAME}, '')`,
    userName: fullName(tu),
    deviceSerialNumber: td.serialNumber,
    accountId: ta.id,
    accountName: ta.name,
    status: STATUS,
    requestedById: r.requestedBy,
    requestedByName: sqlText`${rq.firstName} || ' ' || ${rq.lastName}`,
    pickedUpDeviceId: pu_d.id,
    pickedUpDeviceSerialNumber: pu_d.serialNumber,
    pickedUpByName: fullName(pu_u),
    canceledById: r.canceledBy,
    canceledByName: fullName(cu),
  },
  // No accountExpr: only super admins reach this resource.
  search: [TARGET_NAME, sqlText`${rq.firstName} || ' ' || ${rq.lastName}`, td.serialNumber],
  // By the name itself: a target gone (no name) sorts last both ways.
  sorts: { targetName: { expr: TARGET_NAME, nullable: true } },
});

/** What a person is asked for when a target's field is missing or blank. */
const MISSING: Record<string, string> = {
  userId: "Choose a user.",
  deviceId: "Choose a device.",
  phoneBrand: "Enter the phone brand.",
  phoneModel: "Enter the phone model.",
  phoneOs: "Enter the OS version.",
};

const ALL_TARGET_FIELDS = ["userId", "deviceId", "phoneBrand", "phoneModel", "phoneOs"] as const;

/** The columns of a new reset: the target's own fields, trimmed; refuses any other target's field. */
export function targetColumns(body: ForcedResetCreate): Pick<ForcedResetCreate, (typeof ALL_TARGET_FIELDS)[number]> {
  const own = FORCED_RESET_FIELDS[body.target];
  const columns: Record<string, string> = {};
  for (const key of ALL_TARGET_FIELDS) {
    const value = body[key];
    if (!own.includes(key)) {
      if (value !== undefined) throw new HttpError(400, `${key} is not an allowed field for target ${body.target}`);
      continue;
    }
    const trimmed = value?.trim() ?? "";
    if (trimmed === "") throw fieldError(422, key, MISSING[key]!);
    columns[key] = trimmed;
  }
  return columns;
}

/** The field a target's refusals are shown under (the last of its inputs). */
const MAIN_FIELD: Record<ForcedResetTarget, string> = {
  user: "userId",
  phone: "deviceId",
  phone_model: "phoneModel",
  os_version: "phoneOs",
};

/** The reset's target exists, and no reset of the same target is pending already. */
async function checkTarget(
  tx: Tx,
  target: ForcedResetTarget,
  columns: ReturnType<typeof targetColumns>,
): Promise<void> {
  if (target === "user") {
    const [user] = await rowsOf(tx, sql`select 1 from users where id = ${columns.userId} and deleted_at is null`);
    if (!user) throw fieldError(422, "userId", "No such user.");
  }
  if (target === "phone") {
    const [device] = await rowsOf(tx, sql`select 1 from devices where id = ${columns.deviceId}`);
    if (!device) throw fieldError(422, "deviceId", "No such device.");
  }
  const same = {
    user: sql`r.user_id = ${columns.userId ?? null}`,
    phone: sql`r.device_id = ${columns.deviceId ?? null}`,
    phone_model: sql`lower(r.phone_brand) = lower(${columns.phoneBrand ?? null})
      and lower(r.phone_model) = lower(${columns.phoneModel ?? null})`,
    os_version: sql`lower(r.phone_os) = lower(${columns.phoneOs ?? null})`,
  }[target];
  const [pending] = await rowsOf(
    tx,
    sql`select 1 from forced_resets r
        where r.target = ${target} and r.picked_up_at is null and r.canceled_at is null and ${same}`,
  );
  if (pending) throw fieldError(422, MAIN_FIELD[target], "A reset of this target is already pending.");
}

export function forcedResetRoutes(app: FastifyInstance, { db }: Services): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const def = forcedResetDefinition;
  readRoutes(app, db, def);

  writeRoutes(app, db, def, forcedResets).createRoute({
    summary: "Force a reset per user, phone, phone model or OS version (after a password re-check)",
    fields: forcedResetCreateSchema.properties,
    insert: async (tx, body, { caller, id }) => {
      requireRecentPasswordCheck(caller, PASSWORD_RECHECK_MESSAGE);
      const columns = targetColumns(body);
      await checkTarget(tx, body.target, columns);
      await tx.insert(forcedResets).values({ id, target: body.target, ...columns, requestedBy: caller.id });
    },
  });

  api.post(
    `/${FORCED_RESETS}/:id/cancel`,
    routeOptions(
      declaredAccess(def, { action: "cancel" }),
      FORCED_RESETS,
      "Cancel a pending forced reset (after a password re-check)",
      {
        description:
          "No body. Needs a passed POST users/password/check within 5 minutes. A reset already picked up or canceled is refused (422). Logs an activity entry `cancel`.",
        params: idParams,
        response: answers(def).deleted,
      },
    ),
    async (request) => {
      const caller = callerOf(request);
      requireRecentPasswordCheck(caller, PASSWORD_RECHECK_MESSAGE);
      const { id } = request.params;
      return db.transaction(async (tx) => {
        const refuse = (status: string) =>
          fieldError(
            422,
            "status",
            status === "canceled"
              ? "This reset is already canceled."
              : "This reset was already picked up: there is nothing to cancel.",
          );
        const before = await findRecord(tx, def, caller, id);
        if (!before) throw notFoundOf(def);
        if (before.status !== "pending") throw refuse(before.status);
        // Still pending at the moment of the write: a device app picking it up meanwhile wins.
        const canceled = await tx
          .update(forcedResets)
          .set({ canceledAt: new Date(), canceledBy: caller.id })
          .where(and(eq(forcedResets.id, id), isNull(forcedResets.pickedUpAt), isNull(forcedResets.canceledAt)))
          .returning({ id: forcedResets.id });
        if (canceled.length !== 1) throw refuse("picked-up");
        const after = (await findRecord(tx, def, caller, id))!;
        await logActivity(tx, {
          ...actorOf(caller),
          action: "cancel",
          resource: FORCED_RESETS,
          recordId: id,
          changes: changesBetween(before, after),
        });
        return after;
      });
    },
  );
}
