/**
 * The unsubscribe link of a device's emails (spec §2 /devices/unsubscribe/:deviceId, guests;
 * docs/api.md "Public flows"): GET says which device and account the link is about and whether its
 * emails are already off; POST turns them off (notify_owner false) and spends the link's token.
 * The token (unsubscribeLinks.ts) is random, stored hashed, single use and valid 60 days; it must
 * have been issued for this device and to its current recipient. A spent link answers what it did
 * then, asking nothing (idempotent), until the lifecycle purges it. Both are limited per address,
 * like every public flow.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, sql } from "drizzle-orm";
import { UNSUBSCRIBE_LINK_NOT_VALID, type DeviceUnsubscribe } from "../../../src/api/deviceUnsubscribe";
import { LINK_NOT_VALID } from "../../../src/api/register";
import {
  deviceUnsubscribeSchema,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
} from "../../../src/api/schemas/deviceUnsubscribe";
import { devices } from "../db/schema";
import { described, refusals, routeOptions } from "../docs/openapi";
import { notFound } from "../http/errors";
import { clientName } from "../http/userAgent";
import { normalizeEmail } from "../auth/signInThrottle";
import type { Database } from "../db/client";
import { spendCode } from "../publicFlows/codes";
import { checkLimit, type Limit } from "../publicFlows/limits";
import { idParams } from "../resources/schemas";
import type { Tx } from "../resources/sql";
import { logActivity } from "../resources/writes";
import type { Services } from "../services";
import { currentRecipient, type DeviceRecipient } from "./notifications";
import { unsubscribeLinkOf, type UnsubscribeLink } from "./unsubscribeLinks";

/** Reads and confirmations together, per address (the requests carry no email): far more than a person clicking needs. */
export const UNSUBSCRIBE_LIMIT: Limit = {
  action: "device-unsubscribe",
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

/**
 * The link and its device, or the refusal: 404 LINK_NOT_VALID for an unknown, tampered, purged or
 * expired token, or one issued for another device; 404 UNSUBSCRIBE_LINK_NOT_VALID for a token
 * whose recipient no longer receives the device's emails, and for a spent one whose emails an
 * admin switched back on since (the latest email has a link of its own).
 */
async function linkAndDevice(
  db: Database | Tx,
  id: string,
  token: string,
  now: Date,
): Promise<{ link: UnsubscribeLink; device: DeviceRecipient }> {
  const link = await unsubscribeLinkOf(db, id, token, now);
  if (!link) throw notFound(LINK_NOT_VALID);
  const device = await currentRecipient(db, id);
  if (!device || normalizeEmail(device.email) !== link.email) throw notFound(UNSUBSCRIBE_LINK_NOT_VALID);
  if (link.spent && device.notifyOwner) throw notFound(UNSUBSCRIBE_LINK_NOT_VALID);
  return { link, device };
}

export const deviceUnsubscribeRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db, clock } = services;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tag = "Public flows";
  const answers = {
    200: described(deviceUnsubscribeSchema, "The device, its account, and whether its emails are off."),
    ...refusals({
      400: true,
      404: `\`${LINK_NOT_VALID}\` (an unknown, expired or purged token, or one issued for another device); \`${UNSUBSCRIBE_LINK_NOT_VALID}\` (a token whose recipient no longer receives the device's emails, or a used one whose emails were switched back on since).`,
      429: "Too many requests from this address.",
    }),
  };

  api.get(
    "/devices/:id/unsubscribe",
    routeOptions("public", tag, "The device an unsubscribe link is about (public)", {
      description: "Read by the unsubscribe page before the guest confirms; changes nothing.",
      params: idParams,
      querystring: unsubscribeQuerySchema,
      response: answers,
    }),
    async (request): Promise<DeviceUnsubscribe> => {
      const now = clock.now();
      await checkLimit(db, UNSUBSCRIBE_LIMIT, { ip: request.ip }, now);
      const { device } = await linkAndDevice(db, request.params.id, request.query.token, now);
      return answerOf(device, !device.notifyOwner);
    },
  );

  api.post(
    "/devices/:id/unsubscribe",
    routeOptions("public", tag, "Stop a device's emails to its owner (public, idempotent)", {
      description: "The link's token is its only credential; asking again answers the same.",
      params: idParams,
      body: unsubscribeBodySchema,
      response: answers,
    }),
    async (request): Promise<DeviceUnsubscribe> => {
      const now = clock.now();
      await checkLimit(db, UNSUBSCRIBE_LIMIT, { ip: request.ip }, now);
      const device = await db.transaction(async (tx) => {
        const { link, device } = await linkAndDevice(tx, request.params.id, request.body.token, now);
        // A spent link (or one spent by a request at the same moment) writes nothing again.
        if (link.spent || !(await spendCode(tx, link.codeId, now))) return device;
        // The conditional update is the arbiter: only the request that turned them off logs it.
        const changed = await tx
          .update(devices)
          .set({ notifyOwner: false, version: sql`${devices.version} + 1` })
          .where(and(eq(devices.id, device.deviceId), eq(devices.notifyOwner, true)))
          .returning({ id: devices.id });
        if (changed.length === 0) return device;
        await logActivity(tx, {
          actorId: device.userId,
          client: clientName(request.headers),
          action: "unsubscribe",
          resource: "devices",
          recordId: device.deviceId,
          changes: { notifyOwner: [true, false] },
        });
        return device;
      });
      return answerOf(device, true);
    },
  );
};
