import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { healthResponseSchema } from "../../../src/api/schemas/auth";
import { isReachable } from "../db/client";
import { described, routeOptions } from "../docs/openapi";
import type { Services } from "../services";

/** GET /api/health: the console shows its maintenance screen when the portal is NotOk. */
export const healthRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, config, storage }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    "/health",
    routeOptions("public", "Health", "Whether the console may be used", {
      description:
        "Always 200. NotOk (with MAINTENANCE_MESSAGE, or when the database or the file store does not answer) opens the console's maintenance screen.",
      response: { 200: described(healthResponseSchema, "Ok, or NotOk with the message to show.") },
    }),
    async () => {
      if (config.maintenanceMessage !== undefined) {
        return { portal: "NotOk" as const, message: config.maintenanceMessage };
      }
      if (!(await isReachable(db))) {
        return {
          portal: "NotOk" as const,
          message: "The service cannot reach its database. Please try again shortly.",
        };
      }
      if (!(await storage.check())) {
        return {
          portal: "NotOk" as const,
          message: "The service cannot reach its file store. Please try again shortly.",
        };
      }
      return { portal: "Ok" as const, message: "The portal is running." };
    },
  );
};
