/**
 * The device app's configuration call (docs/api.md "Advanced settings"): GET device-config with
 * the serial number of the box it is paired with. The device app signs in as a user of the box's
 * account; the answer is the box type's settings and whether a forced reset is pending for it.
 *
 * A pending reset matches when it names the signed-in user, this device, this device's phone
 * brand and model, or its phone's OS version (brand, model and OS compared without case and
 * surrounding spaces). In one transaction the call marks every matched reset picked up, logs a
 * "pick-up" activity entry for each (naming the device), and records when the device was last
 * seen. A reset is picked up once: the first matching device app to call takes it.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { FORCED_RESETS, type DeviceConfig } from "../../../src/api/advancedSettings";
import { deviceConfigQuerySchema, deviceConfigSchema } from "../../../src/api/schemas/advancedSettings";
import { deviceTypeName } from "../../../src/api/tests";
import { callerOf } from "../auth/guard";
import { devices } from "../db/schema";
import { GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { notFound } from "../http/errors";
import { rowsOf } from "../resources/sql";
import { actorOf, logActivity } from "../resources/writes";
import type { Services } from "../services";
import { readBoxTypeSettings } from "./boxTypeSettings";

export const DEVICE_CONFIG = "device-config";

const same = (column: string, value: unknown) => sql`lower(btrim(${sql.raw(column)})) = lower(btrim(${value}))`;

export function deviceConfigRoutes(app: FastifyInstance, { db }: Services): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    `/${DEVICE_CONFIG}`,
    routeOptions("signedIn", DEVICE_CONFIG, "The device app's configuration, and whether it must reset", {
      description:
        "Called by the device app, signed in as a user of the box's account (super admins: any box). Answers the box type's settings and `reset: true` when pending forced resets match the user, the device, its phone model or its OS version; those are marked picked up (each logs a `pick-up` activity entry) and the device's last-seen time is recorded.",
      querystring: deviceConfigQuerySchema,
      response: {
        200: deviceConfigSchema,
        ...refusals({ 400: true, 404: "Device not found.", ...GUARD_REFUSALS }),
      },
    }),
    async (request): Promise<DeviceConfig> => {
      const caller = callerOf(request);
      const serialNumber = request.query.serialNumber.trim();
      const [device] = await rowsOf(
        db,
        sql`select id, serial_number, type_code, account_id, phone_brand, phone_model, phone_os
            from devices where serial_number = ${serialNumber}
              and account_id not in (select id from accounts where status = 'deleted')`,
      );
      // Another account's box is as unknown as a missing one, and so is a deleted account's (devices/routes.ts).
      if (!device || (caller.role !== "SuperAdmin" && device.account_id !== caller.accountId)) {
        throw notFound("Device not found.");
      }
      const deviceId = String(device.id);
      const typeCode = Number(device.type_code);

      return db.transaction(async (tx) => {
        const picked = await rowsOf(
          tx,
          sql`update forced_resets r set picked_up_at = now()
              where r.picked_up_at is null and r.canceled_at is null and (
                (r.target = 'user' and r.user_id = ${caller.id})
                or (r.target = 'phone' and r.device_id = ${deviceId})
                or (r.target = 'phone_model' and ${same("r.phone_brand", device.phone_brand)}
                    and ${same("r.phone_model", device.phone_model)})
                or (r.target = 'os_version' and ${same("r.phone_os", device.phone_os)}))
              returning r.id`,
        );
        const resetIds = picked.map((row) => String(row.id)).sort();
        for (const recordId of resetIds) {
          await logActivity(tx, {
            ...actorOf(caller),
            action: "pick-up",
            resource: FORCED_RESETS,
            recordId,
            changes: { deviceId, serialNumber },
          });
        }
        await tx.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, deviceId));
        const settings = await readBoxTypeSettings(tx, typeCode);
        return {
          serialNumber,
          typeCode,
          typeName: deviceTypeName(typeCode),
          settings: settings.settings,
          settingsVersion: settings.version,
          reset: resetIds.length > 0,
          resetIds,
        };
      });
    },
  );
}
