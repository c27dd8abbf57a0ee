/** Every resource of docs/api-resources.md, registered under /api. */
import type { FastifyInstance } from "fastify";
import type { Services } from "../services";
import { accountRoutes } from "./accounts";

export function resourceRoutes(app: FastifyInstance, services: Services): void {
  accountRoutes(app, services);
}
