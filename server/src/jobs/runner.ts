/**
 * One job runner for every background queue of the service (AI analysis, bulk downloads), run
 * inside the service process on jobs kept in a database table.
 *
 * - Claim: one `UPDATE … WHERE id IN (SELECT … LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING *` takes
 *   the oldest job that is pending, or running with a heartbeat older than `staleAfterMs` (its
 *   runner died), sets it running, attempts + 1, heartbeat = the database's now(). Row locks make
 *   each claim exclusive across every instance on the database; SKIP LOCKED lets the others move
 *   on to the next job instead of waiting.
 * - Heartbeat: every `heartbeatMs` while the job is in hand (database clock, so instances on
 *   machines with different clocks agree on staleness). A heartbeat that finds the job no longer
 *   held (another runner took it over after our heartbeat went stale, e.g. a long pause) aborts
 *   the run's signal: the job is somebody else's now.
 * - Every write while working is guarded: only while the row is still running with the attempt
 *   this runner claimed, so a runner that lost its job can never overwrite the new owner's work.
 * - Attempts: a job claimed for the (maxAttempts + 1)-th time was interrupted maxAttempts times:
 *   it fails with the queue's reason instead of running again.
 * - Failure: a run that throws fails the job with a reason (`JobFailure`'s message, or the
 *   queue's `failureReason`), logs unexpected errors, and the runner goes on with the next job.
 * - Lanes: up to `concurrency` jobs in hand at once. `wake()` after adding a job; `start()` fills
 *   the lanes and sweeps every `sweepMs` for jobs nobody woke us for (other instances' dead jobs).
 * - Stop = release: `stop()` stops claiming and sweeping, aborts the signal of every run in hand,
 *   waits for the runs to settle, and puts each job still held back to pending (heartbeat cleared,
 *   the attempt given back: only runs that ended without a word count towards maxAttempts). A run
 *   that completes anyway is saved as completed. Nothing is
 *   dropped: if the release itself cannot be written (database gone, process killed) the job
 *   keeps a heartbeat that stops moving and any runner takes it up once it is stale.
 */
import type { FastifyBaseLogger } from "fastify";
import { and, asc, eq, getTableColumns, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";

/** A failure whose message is the reason shown to the job's owner; not logged as an error. */
export class JobFailure extends Error {}

/** The runner's timings: config.jobs (JOB_* environment variables). */
export interface JobTimings {
  /** A running job whose heartbeat is older than this is taken up again by any runner. */
  staleAfterMs: number;
  /** How often a job in hand is touched; well under staleAfterMs. */
  heartbeatMs: number;
  /** How often the runner looks for jobs nobody woke it for. */
  sweepMs: number;
  /** How many interrupted attempts a job gets before it fails. */
  maxAttempts: number;
  /** Jobs in hand at once. */
  concurrency: number;
}

type Row<T extends PgTable> = T["$inferSelect"];
type Values<T extends PgTable> = Partial<T["$inferInsert"]>;
type ColumnKey<T extends PgTable> = keyof T["_"]["columns"] & keyof Row<T> & string;

/** What the runner needs to know about a job table. */
export interface JobQueue<T extends PgTable> {
  /** For the logs: "AI job", "bulk download". */
  name: string;
  table: T;
  /** The table's columns the runner works with (property names of the Drizzle table). */
  columns: {
    id: ColumnKey<T>;
    status: ColumnKey<T>;
    attempts: ColumnKey<T>;
    heartbeatAt: ColumnKey<T>;
    /** Jobs are claimed oldest first by this column. */
    queuedAt: ColumnKey<T>;
  };
  /** The status values of a waiting, a running and a failed job. */
  states: { pending: string; running: string; failed: string };
  /** Other columns set when a job is claimed, and when it is put back to pending. */
  onClaim?: Values<T>;
  onRelease?: Values<T>;
  /** The other columns of a failed job (its reason, when it finished…). */
  failed(reason: string): Values<T>;
  /** The reason of a job claimed once too often. */
  interruptedReason(maxAttempts: number): string;
  /**
   * The reason for an error that is not a JobFailure, if it is an expected one (not logged as an
   * error), else undefined.
   */
  expectedFailure?(error: unknown): string | undefined;
  /** The reason given for an unexpected error; the error's own message by default. */
  unexpectedReason?: string;
  /**
   * The work. Resolves with the columns of the finished job (its status included), written only
   * while the job is still held. `signal` aborts when the runner stops or loses the job: reject
   * soon after. `job.beat(values)` adds columns (e.g. progress) to the next heartbeat.
   */
  run(job: Row<T>, signal: AbortSignal, held: HeldJob<T>): Promise<Values<T>>;
  /** Cleans up after a run whose result could not be saved because the job was no longer held. */
  lost?(job: Row<T>, result: Values<T>): Promise<void>;
}

export interface HeldJob<T extends PgTable> {
  /** Columns to write with the next heartbeats. */
  beat(values: Values<T>): void;
}

export interface JobRunner {
  /** Claims and runs jobs until none is left; call after adding one. */
  wake(): void;
  /** Picks up jobs left over (pending, or stale running) and sweeps for them periodically. */
  start(): void;
  /** Stops claiming and sweeping, releases the jobs in hand to pending, waits for every lane. */
  stop(): Promise<void>;
  /** Resolves when the runner has nothing in hand (tests wait on it). */
  idle(): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function jobRunner<T extends PgTable>(
  db: Database,
  log: FastifyBaseLogger,
  queue: JobQueue<T>,
  { staleAfterMs, heartbeatMs, sweepMs, maxAttempts, concurrency }: JobTimings,
): JobRunner {
  const all = getTableColumns(queue.table) as Record<string, PgColumn>;
  const column = (key: keyof JobQueue<T>["columns"]) => all[queue.columns[key]]!;
  const [id, status, attempts, heartbeatAt, queuedAt] = (
    ["id", "status", "attempts", "heartbeatAt", "queuedAt"] as const
  ).map(column);
  const { pending, running, failed } = queue.states;
  // Drizzle cannot check values against a table type that is still generic.
  const table = queue.table as PgTable;
  const set = (values: Values<T> | Record<string, unknown>) => values as never;
  const field = (job: Row<T>, key: keyof JobQueue<T>["columns"]) =>
    (job as Record<string, unknown>)[queue.columns[key]];

  let stopped = false;
  let again = false;
  let sweep: NodeJS.Timeout | undefined;
  const lanes = new Set<Promise<void>>();
  const shutdown = new AbortController();

  async function claim(): Promise<Row<T> | undefined> {
    const staleBefore: SQL = sql`now() - (${staleAfterMs}::integer * interval '1 millisecond')`;
    const candidate = db
      .select({ id })
      .from(table)
      .where(or(eq(status, pending), and(eq(status, running), or(isNull(heartbeatAt), lt(heartbeatAt, staleBefore)))))
      .orderBy(asc(queuedAt))
      .limit(1)
      .for("update", { skipLocked: true });
    const [job] = await db
      .update(table)
      .set(
        set({
          ...queue.onClaim,
          [queue.columns.status]: running,
          [queue.columns.attempts]: sql`${attempts} + 1`,
          [queue.columns.heartbeatAt]: sql`now()`,
        }),
      )
      .where(inArray(id, candidate))
      .returning();
    return job as Row<T> | undefined;
  }

  /** Writes to the job only while this runner still holds it; answers whether it did. */
  async function updateHeld(job: Row<T>, values: Values<T> | Record<string, unknown>): Promise<boolean> {
    const rows = await db
      .update(table)
      .set(set(values))
      .where(and(eq(id, field(job, "id")), eq(attempts, field(job, "attempts")), eq(status, running)))
      .returning({ id });
    return rows.length > 0;
  }

  const fail = (job: Row<T>, reason: string) =>
    updateHeld(job, { ...queue.failed(reason), [queue.columns.status]: failed });

  async function runHeld(job: Row<T>): Promise<void> {
    const lost = new AbortController();
    const signal = AbortSignal.any([shutdown.signal, lost.signal]);
    let beatValues: Values<T> = {};
    let beating: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => {
      beating = beating.then(async () => {
        const held = await updateHeld(job, { ...beatValues, [queue.columns.heartbeatAt]: sql`now()` }).catch(
          () => true, // A failed heartbeat is not proof of losing the job; the next one tries again.
        );
        if (!held && !lost.signal.aborted) lost.abort();
      });
    }, heartbeatMs);
    try {
      const result = await queue.run(job, signal, {
        beat(values) {
          beatValues = { ...beatValues, ...values };
        },
      });
      clearInterval(heartbeat);
      await beating;
      if (!(await updateHeld(job, result))) {
        log.warn({ jobId: field(job, "id") }, `${queue.name} was taken over by another runner; its result is dropped`);
        await queue.lost?.(job, result);
      }
    } catch (error) {
      clearInterval(heartbeat);
      await beating;
      if (lost.signal.aborted) {
        log.warn({ jobId: field(job, "id") }, `${queue.name} was taken over by another runner`);
      } else if (stopped) {
        // Interrupted by stop(), or failed because of it: the next runner starts it again. The
        // attempt is given back: attempts count the runs that ended without a word (a crash, a
        // kill, a lost heartbeat), so rolling restarts never use up a job's attempts.
        await updateHeld(job, {
          ...queue.onRelease,
          [queue.columns.status]: pending,
          [queue.columns.heartbeatAt]: null,
          [queue.columns.attempts]: sql`${attempts} - 1`,
        });
      } else {
        const expected = error instanceof JobFailure ? error.message : queue.expectedFailure?.(error);
        if (expected === undefined) log.error({ err: error, jobId: field(job, "id") }, `${queue.name} failed`);
        await fail(job, expected ?? queue.unexpectedReason ?? messageOf(error));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function lane(): Promise<void> {
    do {
      again = false;
      while (!stopped) {
        const job = await claim();
        if (!job) break;
        if ((field(job, "attempts") as number) > maxAttempts) {
          await fail(job, queue.interruptedReason(maxAttempts));
          continue;
        }
        await runHeld(job);
      }
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (lanes.size >= concurrency) {
      // Every lane is busy; one of them looks again before it finishes.
      again = true;
      return;
    }
    const running: Promise<void> = lane()
      .catch((error: unknown) => log.error({ err: error }, `${queue.name} runner failed`))
      .finally(() => lanes.delete(running));
    lanes.add(running);
  }

  /** One lane per possible job in hand, so left-over jobs start together. */
  const fill = () => {
    for (let i = lanes.size; i < concurrency; i++) wake();
  };

  return {
    wake,
    start() {
      if (stopped || sweep) return;
      fill();
      sweep = setInterval(fill, sweepMs);
      sweep.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      shutdown.abort();
      while (lanes.size > 0) await Promise.all(lanes);
    },
    async idle() {
      while (lanes.size > 0) await Promise.all(lanes);
    },
  };
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
