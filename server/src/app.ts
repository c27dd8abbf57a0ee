/**
 * Builds the Fastify instance: the /api routes, and optionally the built console with its SPA
 * fallback. main.ts listens with it; tests drive it with app.inject().
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifySchemaValidationError } from "fastify";
import { installGuard } from "./auth/guard";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { serveConsole } from "./http/consoleStatic";
import { answerUnrouted } from "./http/unrouted";
import { handleError, handleFrameworkError } from "./http/errors";
import { acceptOnlyJson } from "./http/requestBody";
import { answerClientError, MAX_PATH_PARAM_LENGTH, MAX_REQUEST_HEAD_BYTES } from "./http/requestHead";
import { securityHeaders } from "./http/securityHeaders";
import { describeClient } from "./http/userAgent";
import { schemaErrorFormatter, validatorCompiler } from "./http/validation";
import { serializerCompiler } from "./http/serialization";
import { CONTRACT_TABLES } from "./db/contractTable";
import { FEATURES } from "./features";
import { contractRoutes } from "./resources/contractRoutes";
import { leftoverSweepOnSchedule } from "./files/sweep";
import { syncAfterRequests } from "./lifecycle/scheduler";
import type { PaymentProvider } from "./payments/provider";
import { backgroundWorkOf, createServices } from "./services";
import { systemClock, type Clock } from "./clock";
import { packageInfo, swaggerOptions } from "./docs/openapi";

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
    http: { maxHeaderSize: MAX_REQUEST_HEAD_BYTES },
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    clientErrorHandler: answerClientError,
    frameworkErrors: handleFrameworkError,
    schemaErrorFormatter: (errors: FastifySchemaValidationError[], dataVar: string) =>
      schemaErrorFormatter(errors, dataVar),
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
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
      // What every feature's routes share is set up here, on the /api scope, before the features are
      // registered: each feature is a plugin of its own (an encapsulated child), so it inherits these
      // hooks and decorators, while what a feature adds itself stays with its own routes.
      api.addHook("onSend", async (_request, reply) => {
        // Answers carry tokens and personal data: never keep them in a shared cache. The only
        // routes that set their own (signed file links) allow private caching and nothing more.
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      });
      const background = backgroundWorkOf(services);
      api.addHook("onReady", async () => {
        for (const work of background) work.start();
      });
      // Stops claiming and puts the jobs in hand back to pending before the database closes.
      api.addHook("onClose", async () => {
        await Promise.all(background.map((work) => work.stop()));
      });
      installGuard(api, services);
      syncAfterRequests(api, services.lifecycle);
      leftoverSweepOnSchedule(api, services);
      // Every feature in its own plugin, inheriting what is set up above (features.ts).
      for (const feature of FEATURES) await api.register(feature, services);
      // Then each declared resource whose table its contract makes (db/contractTable.ts).
      for (const { contract, table } of CONTRACT_TABLES) await api.register(contractRoutes(contract, table), services);
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
    return answerUnrouted(app, request, reply);
  });

  return app;
}
