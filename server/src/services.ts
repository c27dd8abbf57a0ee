import type { FastifyBaseLogger } from "fastify";
import { accessTokens, type AccessTokens } from "./auth/accessTokens";
import { resolveJwtSecret } from "./auth/jwtSecret";
import { refreshTokenStore, type RefreshTokens } from "./auth/refreshTokens";
import { signInThrottle, type SignInThrottle } from "./auth/signInThrottle";
import { aiWorker, type AiWorker } from "./ai/worker";
import { bulkDownloadWorker, type BulkDownloadWorker } from "./bulkDownloads/worker";
import type { Clock } from "./clock";
import { lifecycleScheduler, type Scheduler } from "./lifecycle/scheduler";
import { createMailer, type Mailer } from "./mail/mailer";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { fileLinks, type FileLinks } from "./files/links";
import { createStorage, type FileStorage } from "./files/storage";
import { liveChangeFeed, type LiveChangeFeed } from "./liveChanges/feed";
import { createPaymentProvider, type PaymentProvider } from "./payments/provider";

/** What route handlers work with, built once per app. */
export interface Services {
  db: Database;
  config: Config;
  /** What time it is for the lifecycle (clock.ts): the system's, or a test's. */
  clock: Clock;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  throttle: SignInThrottle;
  storage: FileStorage;
  /** Signed links to test files (keyed with the JWT secret). */
  fileLinks: FileLinks;
  /** The job runners (jobs/runner.ts), started and stopped with the app. */
  bulkDownloads: BulkDownloadWorker;
  aiJobs: AiWorker;
  /** The lifecycle (lifecycle/scheduler.ts): runs at start-up and on LIFECYCLE_SCHEDULE. */
  lifecycle: Scheduler;
  /** The product's emails (mail/mailer.ts): SMTP_URL's server, or the outbox. */
  mailer: Mailer;
  /** The changes of the lists, heard from the database, for the live-changes streams. */
  liveChanges: LiveChangeFeed;
  /** Charges the card of a new subscription (payments/provider.ts): PAYMENT_PROVIDER's, or a test's. */
  payments: PaymentProvider;
}

/** What runs beside the routes: started once the app is ready, stopped before the database closes. */
export interface BackgroundWork {
  start(): void;
  stop(): Promise<void>;
}

/** Every background worker of the app (the job runners and the lifecycle's schedule). */
export const backgroundWorkOf = (services: Services): BackgroundWork[] => [
  services.bulkDownloads,
  services.aiJobs,
  services.lifecycle,
  services.liveChanges,
];

export async function createServices(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  clock: Clock,
  payments: PaymentProvider = createPaymentProvider(config.paymentProvider),
): Promise<Services> {
  const secret = await resolveJwtSecret(db, config.jwtSecret);
  const storage = createStorage(config);
  return {
    db,
    config,
    clock,
    accessTokens: accessTokens(secret, config.accessTokenTtlSeconds),
    refreshTokens: refreshTokenStore(db, config.refreshTokenTtlDays, clock),
    throttle: signInThrottle(db),
    storage,
    fileLinks: fileLinks(secret),
    bulkDownloads: bulkDownloadWorker(db, storage, log, config.jobs),
    aiJobs: aiWorker(db, storage, log, config.jobs),
    lifecycle: lifecycleScheduler({ db, storage, clock, log }, config.lifecycleSchedule),
    mailer: createMailer(config.mail, log),
    liveChanges: liveChangeFeed(db, log),
    payments,
  };
}
