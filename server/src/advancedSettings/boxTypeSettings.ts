/**
 * Settings per box type (spec §6's change log: super admins edit advanced settings per box type;
 * docs/api.md "Advanced settings"). One stored row per device type code that a super admin
 * changed; a type with no row uses the defaults (version 0). Writes are versioned (409 on a
 * stale version), need a recent password re-check and log an activity entry in their transaction.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import Type from "typebox";
import Value from "typebox/value";
import {
  BOX_SETTING_FIELDS,
  BOX_TYPE_CODES,
  BOX_TYPE_SETTINGS,
  DEFAULT_BOX_TYPE_SETTINGS,
  type BoxTypeSettings,
  type BoxTypeSettingsValues,
} from "../../../src/api/advancedSettings";
import { contentRange } from "../../../src/api/rules";
import {
  boxTypeSettingsSchema,
  boxTypeSettingsUpdateSchema,
  boxTypeSettingsValuesSchema,
  typeCodeParams,
} from "../../../src/api/schemas/advancedSettings";
import { deviceTypeName } from "../../../src/api/tests";
import type { Access } from "../auth/guard";
import { callerOf } from "../auth/guard";
import { boxTypeSettings } from "../db/schema";
import { GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { HttpError, notFound } from "../http/errors";
import { listQuerySchema } from "../resources/listQuery";
import { fullName, iso, rowsOf, type Executor } from "../resources/sql";
import { actorOf, changesBetween, logActivity } from "../resources/writes";
import type { Services } from "../services";
import { requireRecentPasswordCheck } from "../users/passwordCheck";
import { PASSWORD_RECHECK_MESSAGE } from "./passwordRecheck";

const ACCESS: Access = ["SuperAdmin"];

/** SQL naming the box type whose code is the text `expr` (the Activity Feed's record name). */
export const boxTypeNameSql = (expr: string) =>
  `case ${expr} ${BOX_TYPE_CODES.map((code) => `when '${code}' then '${deviceTypeName(code).replace(/'/g, "''")}'`).join(" ")} end`;

export const boxTypeNotFound = () => notFound("Box type not found.");
const staleSettings = (current: BoxTypeSettings) =>
  new HttpError(409, "The settings of this box type were changed by someone else.", { current });

/**
 * The defaults with the stored values laid over them, one setting at a time: a setting added
 * later takes its default, and a stored value the current bounds refuse gives way to it.
 */
export function settingsOf(stored: Record<string, unknown> | null | undefined): BoxTypeSettingsValues {
  let settings: BoxTypeSettingsValues = { ...DEFAULT_BOX_TYPE_SETTINGS };
  for (const key of BOX_SETTING_FIELDS) {
    if (!stored || !(key in stored)) continue;
    const candidate = { ...settings, [key]: stored[key] };
    if (Value.Check(boxTypeSettingsValuesSchema, candidate)) settings = candidate;
  }
  return settings;
}

/** One box type's settings as the API answers them (stored, or the defaults at version 0). */
export async function readBoxTypeSettings(db: Executor, typeCode: number): Promise<BoxTypeSettings> {
  const [row] = await rowsOf(
    db,
    sql`select s.settings, s.version, ${sql.raw(iso("s.updated_at"))} as updated_at, s.updated_by,
          ${sql.raw(fullName("u"))} as updated_by_name
        from box_type_settings s left join users u on u.id = s.updated_by
        where s.device_type_code = ${typeCode}`,
  );
  return {
    id: typeCode,
    typeCode,
    typeName: deviceTypeName(typeCode),
    settings: settingsOf(row?.settings as Record<string, unknown> | undefined),
    isDefault: row === undefined,
    version: row === undefined ? 0 : Number(row.version),
    updatedAt: (row?.updated_at as string | undefined) ?? null,
    updatedById: (row?.updated_by as string | null | undefined) ?? null,
    updatedByName: (row?.updated_by_name as string | null | undefined) ?? null,
  };
}

export function boxTypeSettingsRoutes(app: FastifyInstance, { db }: Services): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    `/${BOX_TYPE_SETTINGS}`,
    routeOptions(ACCESS, BOX_TYPE_SETTINGS, "Every box type's settings (stored, or the defaults), in type-code order", {
      description:
        "An unpaged list of every known device type (spec §3); sort, range and filter are accepted as ra-data-simple-rest sends them and ignored. The count is in Content-Range.",
      querystring: listQuerySchema(200),
      response: { 200: Type.Array(boxTypeSettingsSchema), ...refusals({ 400: true, 403: true, ...GUARD_REFUSALS }) },
    }),
    async (_request, reply) => {
      const records = await Promise.all(BOX_TYPE_CODES.map((code) => readBoxTypeSettings(db, code)));
      return reply
        .header("content-range", contentRange(BOX_TYPE_SETTINGS, 0, records.length, records.length))
        .send(records);
    },
  );

  api.get(
    `/${BOX_TYPE_SETTINGS}/:typeCode`,
    routeOptions(ACCESS, BOX_TYPE_SETTINGS, "One box type's settings", {
      description:
        "Stored settings, or the defaults at version 0 for a type never saved; 404 for an unknown type code.",
      params: typeCodeParams,
      response: {
        200: boxTypeSettingsSchema,
        ...refusals({ 400: true, 403: true, 404: "Box type not found.", ...GUARD_REFUSALS }),
      },
    }),
    async (request) => {
      const { typeCode } = request.params;
      if (!BOX_TYPE_CODES.includes(typeCode)) throw boxTypeNotFound();
      return readBoxTypeSettings(db, typeCode);
    },
  );

  api.put(
    `/${BOX_TYPE_SETTINGS}/:typeCode`,
    routeOptions(ACCESS, BOX_TYPE_SETTINGS, "Change one box type's settings (after a password re-check)", {
      description:
        "Every setting, and the version read (0 while the type is on the defaults). Needs a passed POST users/password/check within 5 minutes. Logs an activity entry `update` with the settings that changed.",
      params: typeCodeParams,
      body: boxTypeSettingsUpdateSchema,
      response: {
        200: boxTypeSettingsSchema,
        409: Type.Object(
          { message: Type.String(), current: Type.Optional(boxTypeSettingsSchema) },
          { description: "Someone saved these settings since they were read; nothing was written." },
        ),
        ...refusals({
          400: true,
          403: "Not a super admin, or `Confirm your password to change advanced settings.`",
          404: "Box type not found.",
          ...GUARD_REFUSALS,
        }),
      },
    }),
    async (request) => {
      const caller = callerOf(request);
      requireRecentPasswordCheck(caller, PASSWORD_RECHECK_MESSAGE);
      const { typeCode } = request.params;
      if (!BOX_TYPE_CODES.includes(typeCode)) throw boxTypeNotFound();
      const { settings, version } = request.body;
      return db.transaction(async (tx) => {
        const before = await readBoxTypeSettings(tx, typeCode);
        if (before.version !== version) throw staleSettings(before);
        const values = { settings, updatedBy: caller.id, updatedAt: new Date() };
        // The first save inserts; a concurrent first save finds the row there and is stale.
        const written =
          version === 0
            ? await tx
                .insert(boxTypeSettings)
                .values({ deviceTypeCode: typeCode, ...values })
                .onConflictDoNothing()
                .returning({ code: boxTypeSettings.deviceTypeCode })
            : await tx
                .update(boxTypeSettings)
                .set({ ...values, version: sql`${boxTypeSettings.version} + 1` })
                .where(and(eq(boxTypeSettings.deviceTypeCode, typeCode), eq(boxTypeSettings.version, version)))
                .returning({ code: boxTypeSettings.deviceTypeCode });
        if (written.length !== 1) throw staleSettings(await readBoxTypeSettings(tx, typeCode));
        const after = await readBoxTypeSettings(tx, typeCode);
        await logActivity(tx, {
          ...actorOf(caller),
          action: "update",
          resource: BOX_TYPE_SETTINGS,
          recordId: String(typeCode),
          changes: changesBetween(before.settings, after.settings),
        });
        return after;
      });
    },
  );
}
