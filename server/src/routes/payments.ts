import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { SubscriptionStatusResponse } from "../../../src/api/types";
import { callerOf } from "../auth/guard";
import { accounts } from "../db/schema";
import { notFound } from "../http/errors";
import { DEFAULT_SUBSCRIPTION_MESSAGES } from "../payments/subscriptionMessages";
import type { Services } from "../services";

export function paymentRoutes(app: FastifyInstance, { db }: Services): void {
  app.get(
    "/v2/payments/subscription",
    {
      config: { access: "signedIn" },
      schema: {
        response: {
          200: {
            type: "object",
            required: ["status", "message"],
            properties: {
              status: { type: "string", enum: ["active", "past_due", "inactive"] },
              message: { type: "string" },
            },
          },
        },
      },
    },
    async (request): Promise<SubscriptionStatusResponse> => {
      const [account] = await db
        .select({ status: accounts.subscriptionStatus, message: accounts.subscriptionMessage })
        .from(accounts)
        .where(eq(accounts.id, callerOf(request).accountId));
      if (!account) throw notFound("Account not found.");
      return { status: account.status, message: account.message ?? DEFAULT_SUBSCRIPTION_MESSAGES[account.status] };
    },
  );
}
