import type { FastifyInstance } from "fastify";
import type { HealthResponse } from "../../../src/api/types";
import { isReachable } from "../db/client";
import type { Services } from "../services";

const healthSchema = {
  type: "object",
  required: ["portal", "message"],
  properties: { portal: { type: "string", enum: ["Ok", "NotOk"] }, message: { type: "string" } },
} as const;

/** GET /api/health: the console shows its maintenance screen when the portal is NotOk. */
export function healthRoutes(app: FastifyInstance, { db, config }: Services): void {
  app.get(
    "/health",
    { config: { access: "public" }, schema: { response: { 200: healthSchema } } },
    async (): Promise<HealthResponse> => {
      if (config.maintenanceMessage !== undefined) return { portal: "NotOk", message: config.maintenanceMessage };
      if (!(await isReachable(db))) {
        return { portal: "NotOk", message: "The service cannot reach its database. Please try again shortly." };
      }
      return { portal: "Ok", message: "The portal is running." };
    },
  );
}
