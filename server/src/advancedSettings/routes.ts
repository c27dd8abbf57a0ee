/**
 * Advanced Settings (spec §2 /advanced-settings, super admins; docs/api.md "Advanced settings"):
 * settings per box type, forced resets, and the device app's call that picks the resets up.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Services } from "../services";
import { boxTypeSettingsRoutes } from "./boxTypeSettings";
import { deviceConfigRoutes } from "./deviceConfig";
import { forcedResetRoutes } from "./forcedResets";

export const advancedSettingsRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  boxTypeSettingsRoutes(app, services);
  forcedResetRoutes(app, services);
  deviceConfigRoutes(app, services);
};
