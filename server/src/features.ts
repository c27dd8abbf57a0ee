/**
 * The API's features, one Fastify plugin each, in the order app.ts registers them under /api (the
 * OpenAPI document lists the service's own tags in the same order, then the declared resources').
 *
 * Each plugin gets the Services as its options and its own encapsulated context: a hook, decorator,
 * content-type parser or error handler it adds applies to its own routes only (the uploads'
 * multipart parser). What must apply to every route (the guard, the cache-control header, the
 * lifecycle's sync after requests, the JSON-only parser, the error handler) is set up in app.ts,
 * before these are registered, so that every feature inherits it.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { recoverAccountRoutes } from "./accounts/recover";
import { accountRoutes } from "./accounts/routes";
import { accountStorageRoutes } from "./accounts/storage";
import { activityRoutes } from "./activity/routes";
import { advancedSettingsRoutes } from "./advancedSettings/routes";
import { aiRoutes } from "./ai/routes";
import { authRoutes } from "./auth/routes";
import { bulkDownloadRoutes } from "./bulkDownloads/routes";
import { businessRoutes } from "./businesses/routes";
import { dashboardRoutes } from "./dashboard/routes";
import { lostDeviceRoutes } from "./devices/lost";
import { deviceRoutes } from "./devices/routes";
import { deviceUnsubscribeRoutes } from "./devices/unsubscribe";
import { discountRoutes } from "./discounts/routes";
import { docsRoutes } from "./docs/routes";
import { fileRoutes } from "./files/routes";
import { uploadRoutes } from "./files/uploads";
import { firmwareRoutes } from "./firmware/routes";
import { healthRoutes } from "./health/routes";
import { scheduledActionRoutes } from "./lifecycle/routes";
import { billingRoutes } from "./payments/billing";
import { newSubscriptionRoutes } from "./payments/newSubscription";
import { paymentRoutes } from "./payments/routes";
import { phoneRoutes } from "./phones/routes";
import { deleteRequestRoutes } from "./publicFlows/deleteRequest";
import { forgotPasswordRoutes } from "./publicFlows/forgotPassword";
import { registerRoutes } from "./publicFlows/register";
import { liveChangeRoutes } from "./liveChanges/routes";
import { searchRoutes } from "./search/routes";
import type { Services } from "./services";
import { galleryRoutes } from "./testRecords/gallery";
import { recoverTestRoutes } from "./testRecords/recover";
import { testRoutes } from "./testRecords/routes";
import { userSettingsRoutes } from "./userSettings/routes";
import { userActionRoutes } from "./users/actions";
import { invitationRoutes } from "./users/invitations";
import { passwordCheckRoutes } from "./users/passwordCheck";
import { perUserRoutes } from "./users/perUser";
import { userRoutes } from "./users/resource";

/** A feature: its routes, registered with the Services as options (Fastify reads none of their names). */
export type Feature = FastifyPluginAsyncTypebox<Services>;

export const FEATURES: readonly Feature[] = [
  healthRoutes,
  authRoutes,
  passwordCheckRoutes,
  paymentRoutes,
  testRoutes,
  galleryRoutes,
  recoverTestRoutes,
  fileRoutes,
  // Multipart bodies are parsed in this plugin only (as in the firmware and avatar uploads).
  uploadRoutes,
  bulkDownloadRoutes,
  aiRoutes,
  // The resources of docs/api-resources.md.
  accountRoutes,
  accountStorageRoutes,
  recoverAccountRoutes,
  businessRoutes,
  userRoutes,
  userActionRoutes,
  invitationRoutes,
  deviceRoutes,
  lostDeviceRoutes,
  // Public flows (docs/api.md "Public flows"): device unsubscribe links, data-deletion requests.
  deviceUnsubscribeRoutes,
  deleteRequestRoutes,
  scheduledActionRoutes,
  billingRoutes,
  newSubscriptionRoutes,
  firmwareRoutes,
  discountRoutes,
  perUserRoutes,
  phoneRoutes,
  activityRoutes,
  userSettingsRoutes,
  advancedSettingsRoutes,
  dashboardRoutes,
  // The command palette's records across the lists above, scoped as they are.
  searchRoutes,
  // Which of those lists changed, as it happens (Server-Sent Events).
  liveChangeRoutes,
  // The public flows a guest finishes from an email (docs/api.md "Public flows").
  registerRoutes,
  forgotPasswordRoutes,
  // GET /api/docs and its OpenAPI document (themselves left out of it).
  docsRoutes,
];
