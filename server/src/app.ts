/**
 * Builds the Fastify instance: the /api routes, and optionally the built console with its SPA
 * fallback. main.ts listens with it; tests drive it with app.inject().
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifySchemaValidationError } from "fastify";
import type { ApiError } from "../../src/api/types";
import { installGuard } from "./auth/guard";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { serveConsole } from "./http/consoleStatic";
import { handleError, handleFrameworkError } from "./http/errors";
import { securityHeaders } from "./http/securityHeaders";
import { describeClient } from "./http/userAgent";
import { schemaErrorFormatter, validatorCompiler } from "./http/validation";
import { aiRoutes } from "./ai/routes";
import { authRoutes } from "./auth/routes";
import { healthRoutes } from "./health/routes";
import { bulkDownloadRoutes } from "./bulkDownloads/routes";
import { leftoverSweepOnSchedule } from "./files/sweep";
import { fileRoutes } from "./files/routes";
import { galleryRoutes } from "./testRecords/gallery";
import { paymentRoutes } from "./payments/routes";
import { testRoutes } from "./testRecords/routes";
import { uploadRoutes } from "./files/uploads";
import { accountRoutes } from "./accounts/routes";
import { recoverAccountRoutes } from "./accounts/recover";
import { recoverTestRoutes } from "./testRecords/recover";
import { businessRoutes } from "./businesses/routes";
import { deviceRoutes } from "./devices/routes";
import { phoneRoutes } from "./phones/routes";
import { lostDeviceRoutes } from "./devices/lost";
import { deviceUnsubscribeRoutes } from "./devices/unsubscribe";
import { deleteRequestRoutes } from "./publicFlows/deleteRequest";
import { scheduledActionRoutes } from "./lifecycle/routes";
import { syncAfterRequests } from "./lifecycle/scheduler";
import { activityRoutes } from "./activity/routes";
import { userSettingsRoutes } from "./userSettings/routes";
import { advancedSettingsRoutes } from "./advancedSettings/routes";
import { dashboardRoutes } from "./dashboard/routes";
import { forgotPasswordRoutes } from "./publicFlows/forgotPassword";
import { registerRoutes } from "./publicFlows/register";
import { discountRoutes } from "./discounts/routes";
import { firmwareRoutes } from "./firmware/routes";
import { billingRoutes } from "./payments/billing";
import { newSubscriptionRoutes } from "./payments/newSubscription";
import type { PaymentProvider } from "./payments/provider";
import { userActionRoutes } from "./users/actions";
import { invitationRoutes } from "./users/invitations";
import { passwordCheckRoutes } from "./users/passwordCheck";
import { perUserRoutes } from "./users/perUser";
import { userRoutes } from "./users/resource";
import { createServices } from "./services";
import { systemClock, type Clock } from "./clock";
import { packageInfo, swaggerOptions } from "./docs/openapi";
import { docsRoutes } from "./docs/routes";

export interface AppDeps {
  db: Database;
  config: Config;
  /** The built console (dist/); when given and present, served at / with an SPA fallback. */
  consoleDir?: string;
  /** The lifecycle's clock (tests move it); the system's by default. */
  clock?: Clock;
  /** Who charges cards (payments/provider.ts): PAYMENT_PROVIDER's by default; tests pass one to inspect. */
  paymentProvider?: PaymentProvider;
}

const API_PREFIX = "/api";

const isApiPath = (url: string) =>
  url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

export function buildApp({ db, config, consoleDir, clock = systemClock, paymentProvider }: AppDeps): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url,
          remoteAddress: request.ip,
          client: describeClient(request.headers),
        }),
      },
    },
    trustProxy: config.trustProxy,
    frameworkErrors: handleFrameworkError,
    schemaErrorFormatter: (errors: FastifySchemaValidationError[], dataVar: string) =>
      schemaErrorFormatter(errors, dataVar),
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(handleError);
  acceptOnlyJson(app);
  // CSP, no framing, nosniff, no Referer: on the console's pages and the API's answers alike.
  securityHeaders(app, isApiPath);
  // Before the routes: it collects every route's schema as it is registered (GET /api/docs).
  app.register(fastifySwagger, swaggerOptions(packageInfo()));

  app.register(
    async (api) => {
      // Resolving the JWT secret may touch the database, hence inside an async plugin.
      const services = await createServices(db, config, api.log, clock, paymentProvider);
      api.addHook("onSend", async (_request, reply) => {
        // Answers carry tokens and personal data: never keep them in a shared cache. The only
        // routes that set their own (signed file links) allow private caching and nothing more.
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      });
      api.addHook("onReady", async () => {
        services.bulkDownloads.start();
        services.aiJobs.start();
        services.lifecycle.start();
      });
      // Stops claiming and puts the jobs in hand back to pending before the database closes.
      api.addHook("onClose", async () => {
        await Promise.all([services.bulkDownloads.stop(), services.aiJobs.stop(), services.lifecycle.stop()]);
      });
      installGuard(api, services);
      syncAfterRequests(api, services.lifecycle);
      leftoverSweepOnSchedule(api, services);
      healthRoutes(api, services);
      authRoutes(api, services);
      passwordCheckRoutes(api, services);
      paymentRoutes(api, services);
      testRoutes(api, services);
      galleryRoutes(api, services);
      recoverTestRoutes(api, services);
      fileRoutes(api, services);
      api.register(async (uploads) => uploadRoutes(uploads, services));
      bulkDownloadRoutes(api, services);
      aiRoutes(api, services);
      // The resources of docs/api-resources.md.
      accountRoutes(api, services);
      recoverAccountRoutes(api, services);
      businessRoutes(api, services);
      userRoutes(api, services);
      userActionRoutes(api, services);
      invitationRoutes(api, services);
      deviceRoutes(api, services);
      lostDeviceRoutes(api, services);
      // Public flows (docs/api.md "Public flows"): device unsubscribe links, data-deletion requests.
      deviceUnsubscribeRoutes(api, services);
      deleteRequestRoutes(api, services);
      scheduledActionRoutes(api, services);
      billingRoutes(api, services);
      newSubscriptionRoutes(api, services);
      firmwareRoutes(api, services);
      discountRoutes(api, services);
      perUserRoutes(api, services);
      phoneRoutes(api, services);
      activityRoutes(api, services);
      userSettingsRoutes(api, services);
      advancedSettingsRoutes(api, services);
      dashboardRoutes(api, services);
      // The public flows a guest finishes from an email (docs/api.md "Public flows").
      registerRoutes(api, services);
      forgotPasswordRoutes(api, services);
      docsRoutes(api);
    },
    { prefix: API_PREFIX },
  );

  const servesConsole = consoleDir !== undefined && existsSync(join(consoleDir, "index.html"));
  if (servesConsole) {
    serveConsole(app, consoleDir);
  }
  // The build's /login with its page already drawn (docs/decisions.md "/login prerendered").
  const loginPage = servesConsole && existsSync(join(consoleDir, "login.html")) ? "login.html" : "index.html";

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (servesConsole && wantsPage && !isApiPath(request.url)) {
      // Client-side routes (/gallery/item/42, ...) are the console's: hand it the page.
      const page = request.url.split("?")[0] === "/login" ? loginPage : "index.html";
      return reply.header("cache-control", "no-cache").sendFile(page);
    }
    const body: ApiError = { message: `Not found: ${request.method} ${request.url.split("?")[0]}` };
    return reply.status(404).send(body);
  });

  return app;
}

/**
 * The API speaks JSON only. An empty JSON body is passed on as "no body" so that routes which
 * take none (verify-token) accept it, while routes which need one answer "Request body must be
 * a JSON object" through validation.
 */
function acceptOnlyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
