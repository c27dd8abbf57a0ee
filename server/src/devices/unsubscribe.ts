/**
 * The unsubscribe link of a device's emails (spec §2 /devices/unsubscribe/:deviceId, guests;
 * docs/api.md "Public flows"): GET says which device and account the link is about and whether its
 * emails are already off; POST turns them off (notify_owner false). The token must be the one
 * issued for the device's current recipient: a wrong token and an unknown device get the same 404.
 * POST is idempotent: a second time answers the same and writes nothing. Both are limited per
 * address, like every public flow.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { UNSUBSCRIBE_LINK_NOT_VALID, type DeviceUnsubscribe } from "../../../src/api/deviceUnsubscribe";
import {
  deviceUnsubscribeSchema,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
} from "../../../src/api/schemas/deviceUnsubscribe";
import { devices } from "../db/schema";
import { described, refusals, routeOptions } from "../docs/openapi";
import { notFound } from "../http/errors";
import { clientName } from "../http/userAgent";
import { checkLimit, type Limit } from "../publicFlows/limits";
import { idParams } from "../resources/schemas";
import { logActivity } from "../resources/writes";
import type { Services } from "../services";
import { currentRecipient, type DeviceRecipient } from "./notifications";

/** Reads and confirmations together, per address (the requests carry no email): far more than a person clicking needs. */
export const UNSUBSCRIBE_LIMIT: Limit = {
  action: "device-unsubscribe",
  perEmail: 30,
  perIp: 30,
  windowMs: 15 * 60_000,
};

const answerOf = (device: DeviceRecipient, unsubscribed: boolean): DeviceUnsubscribe => ({
  deviceId: device.deviceId,
  serialNumber: device.serialNumber,
  customBoxName: device.customBoxName,
  typeCode: device.typeCode,
  accountName: device.accountName,
  unsubscribed,
});

export function deviceUnsubscribeRoutes(app: FastifyInstance, services: Services): void {
  const { db, clock, unsubscribeLinks } = services;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tag = "Public flows";
  const answers = {
    200: described(deviceUnsubscribeSchema, "The device, its account, and whether its emails are off."),
    ...refusals({
      400: true,
      404: `\`${UNSUBSCRIBE_LINK_NOT_VALID}\` (an unknown device, or a token not issued for its current recipient).`,
      429: "Too many requests from this address.",
    }),
  };

  /** The device if the token is its current recipient's; counts the request first. */
  async function deviceOfLink(request: FastifyRequest, id: string, token: string): Promise<DeviceRecipient> {
    await checkLimit(db, UNSUBSCRIBE_LIMIT, { ip: request.ip }, clock.now());
    const device = await currentRecipient(db, id);
    if (!device || !unsubscribeLinks.verify(device.deviceId, device.email, token)) {
      throw notFound(UNSUBSCRIBE_LINK_NOT_VALID);
    }
    return device;
  }

  api.get(
    "/devices/:id/unsubscribe",
    routeOptions("public", tag, "The device an unsubscribe link is about (public)", {
      params: idParams,
      querystring: unsubscribeQuerySchema,
      response: answers,
    }),
    async (request): Promise<DeviceUnsubscribe> => {
      const device = await deviceOfLink(request, request.params.id, request.query.token);
      return answerOf(device, !device.notifyOwner);
    },
  );

  api.post(
    "/devices/:id/unsubscribe",
    routeOptions("public", tag, "Stop a device's emails to its owner (public, idempotent)", {
      params: idParams,
      body: unsubscribeBodySchema,
      response: answers,
    }),
    async (request): Promise<DeviceUnsubscribe> => {
      const device = await deviceOfLink(request, request.params.id, request.body.token);
      await db.transaction(async (tx) => {
        // The conditional update is the arbiter: only the request that turned them off logs it.
        const changed = await tx
          .update(devices)
          .set({ notifyOwner: false, version: sql`${devices.version} + 1` })
          .where(and(eq(devices.id, device.deviceId), eq(devices.notifyOwner, true)))
          .returning({ id: devices.id });
        if (changed.length === 0) return;
        await logActivity(tx, {
          actorId: device.userId,
          client: clientName(request.headers),
          action: "unsubscribe",
          resource: "devices",
          recordId: device.deviceId,
          changes: { notifyOwner: [true, false] },
        });
      });
      return answerOf(device, true);
    },
  );
}
