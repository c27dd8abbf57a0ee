/**
 * Runs the lifecycle (steps.ts) at start-up and then on its schedule (croner, LIFECYCLE_SCHEDULE).
 * Several instances may run it at once on one PostgreSQL: every transition claims its row and
 * checks it is still due (steps.ts), so none is done twice. A run in progress is not started
 * again (croner's protect), and stop() waits for it, so a shutdown never cuts a transition.
 */
import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import type { FileStorage } from "../files/storage";
import type { FastifyInstance } from "fastify";
import { markPastDue, purge, runDueActions, syncRequests, type StepContext } from "./steps";

export interface LifecycleRun {
  pastDue: number;
  synced: number;
  actions: number;
  purged: number;
}

/** One run, step after step; `afterTransition` lets a test stop it mid-way. */
export async function runLifecycle(ctx: StepContext): Promise<LifecycleRun> {
  const pastDue = await markPastDue(ctx);
  const synced = await syncRequests(ctx);
  const actions = await runDueActions(ctx);
  const purged = await purge(ctx);
  return { pastDue, synced, actions, purged };
}

export interface Scheduler {
  start(): void;
  /** Stops scheduling and waits for the run in progress, if any. */
  stop(): Promise<void>;
  /** One run now (what the schedule does), for "run now" and tests. */
  runNow(): Promise<LifecycleRun>;
  /** Schedules (or withdraws) what a request just asked for, without waiting for the next run. */
  syncRequests(): Promise<void>;
}

export function syncAfterRequests(app: FastifyInstance, scheduler: Scheduler): void {
  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode >= 300) return;
    // The routes that ask for a scheduled action or withdraw one say so (config.schedulesLifecycle).
    if (request.routeOptions.config.schedulesLifecycle !== true) return;
    try {
      await scheduler.syncRequests();
    } catch (error) {
      // The next run schedules it anyway.
      request.log.error({ err: error }, "lifecycle sync after a request failed");
    }
  });
}

export function lifecycleScheduler(
  deps: { db: Database; storage: FileStorage; clock: Clock; log: FastifyBaseLogger },
  schedule: string | null,
): Scheduler {
  let cron: Cron | undefined;
  let running: Promise<LifecycleRun> | undefined;

  const runNow = (): Promise<LifecycleRun> => {
    // One run at a time in this process: a second call joins the first.
    running ??= runLifecycle({ db: deps.db, storage: deps.storage, now: deps.clock.now() })
      .then((result) => {
        if (result.pastDue + result.actions + result.purged > 0) deps.log.info({ lifecycle: result }, "lifecycle run");
        return result;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const runLogged = async (): Promise<void> => {
    try {
      await runNow();
    } catch (error) {
      // The next run picks up what this one left: every transition is its own transaction.
      deps.log.error({ err: error }, "lifecycle run failed");
    }
  };

  return {
    start() {
      if (schedule === null) return;
      cron = new Cron(schedule, { protect: true }, runLogged);
      void runLogged();
    },
    async stop() {
      cron?.stop();
      await running?.catch(() => undefined);
    },
    runNow,
    async syncRequests() {
      await syncRequests({ db: deps.db, storage: deps.storage, now: deps.clock.now() });
    },
  };
}
