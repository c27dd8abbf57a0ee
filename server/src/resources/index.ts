/** Every resource of docs/api-resources.md, registered under /api. */
import type { FastifyInstance } from "fastify";
import type { Services } from "../services";
import { accountRoutes } from "./accounts";
import { billingRoutes } from "./billing";
import { businessRoutes } from "./businesses";
import { deviceRoutes } from "./devices";
import { discountRoutes } from "./discounts";
import { firmwareRoutes } from "./firmware";
import { invitationRoutes } from "./invitations";
import { perUserRoutes } from "./perUser";
import { userActionRoutes } from "./userActions";
import { userRoutes } from "./users";

export function resourceRoutes(app: FastifyInstance, services: Services): void {
  accountRoutes(app, services);
  businessRoutes(app, services);
  userRoutes(app, services);
  userActionRoutes(app, services);
  invitationRoutes(app, services);
  deviceRoutes(app, services);
  billingRoutes(app, services);
  firmwareRoutes(app, services);
  discountRoutes(app, services);
  perUserRoutes(app, services);
}
