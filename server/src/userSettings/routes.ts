/**
 * User Settings (spec §2 /user-settings, everyone; docs/api.md "User settings"): the signed-in
 * user's own preferences, password and avatar. Names are changed with PUT users/{id}, which lets
 * anyone change their own (users/resource.ts).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Services } from "../services";
import { avatarRoutes, avatarUploadRoutes } from "./avatar";
import { passwordChangeRoutes } from "./password";
import { preferenceRoutes } from "./preferences";

export const userSettingsRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  preferenceRoutes(app, services);
  passwordChangeRoutes(app, services);
  avatarRoutes(app, services);
  app.register(async (uploads) => avatarUploadRoutes(uploads, services));
};
