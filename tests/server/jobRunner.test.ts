/**
 * The job runner itself (server/src/jobs/runner.ts), on a throwaway job table in a copy of the
 * test database: claims are exclusive across runners, stale jobs are taken over, attempts run out
 * with a reason, stop() releases the jobs in hand, a failing run fails only its job. Runs on
 * PGlite and, with `npm run test:pg`, on PostgreSQL (where the runners' queries really overlap).
 */
import { asc, eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database, DbHandle } from "../../server/src/db/client";
import {
  JobFailure,
  jobRunner,
  sleep,
  type JobQueue,
  type JobRunner,
  type JobTimings,
} from "../../server/src/jobs/runner";
import { openTestDatabase } from "./helpers";

const jobs = pgTable("runner_test_jobs", {
  id: text("id").primaryKey(),
  status: text("status", { enum: ["waiting", "working", "done", "failed"] })
    .notNull()
    .default("waiting"),
  attempts: integer("attempts").notNull().default(0),
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull(),
  doneBy: text("done_by"),
  error: text("error"),
});
type Job = typeof jobs.$inferSelect;

let handle: DbHandle;
let dispose: () => Promise<void>;
let db: Database;
// A database of its own for each test: CI's PostgreSQL run twice left the runners of the tests
// after "does not take over…" claiming nothing for a minute while reads answered, a state no
// later test must inherit from an earlier one (a connection, a lock, a prepared plan).
beforeEach(async () => {
  ({ handle, dispose } = await openTestDatabase());
  db = handle.db;
  await db.execute(sql`
    create table runner_test_jobs (
      id text primary key,
      status text not null default 'waiting',
      attempts integer not null default 0,
      heartbeat_at timestamptz,
      queued_at timestamptz not null,
      done_by text,
      error text
    )`);
});

const log = {
  level: "silent",
  error: vi.fn(),
  warn: vi.fn(),
  info: vi.fn(),
  debug: vi.fn(),
  trace: vi.fn(),
  fatal: vi.fn(),
  silent: vi.fn(),
  child: () => log,
} as unknown as FastifyBaseLogger;

const runners: JobRunner[] = [];
const openGates: (() => void)[] = [];
beforeEach(() => {
  vi.mocked(log.error).mockClear();
  vi.mocked(log.warn).mockClear();
});
afterEach(async () => {
  // A failed test must not leave a run hanging for the next one.
  for (const open of openGates.splice(0)) open();
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await handle.close();
  await dispose();
});

const TIMINGS: JobTimings = {
  staleAfterMs: 30_000,
  heartbeatMs: 5_000,
  // Well inside waitFor's 10 s: a claim that fails once (a busy CI database) is retried by the
  // sweep, as in production, instead of leaving the test to time out on its only start-up fill.
  sweepMs: 1_000,
  maxAttempts: 3,
  concurrency: 1,
};

/** A runner named `name` on the test table; `work` is its run (by default: done at once). */
function runner(
  name: string,
  timings: Partial<JobTimings> = {},
  work: (job: Job, signal: AbortSignal) => Promise<void> = async () => undefined,
  lost?: JobQueue<typeof jobs>["lost"],
): JobRunner {
  const created = jobRunner(
    db,
    log,
    {
      name: "test job",
      table: jobs,
      columns: { id: "id", status: "status", attempts: "attempts", heartbeatAt: "heartbeatAt", queuedAt: "queuedAt" },
      states: { pending: "waiting", running: "working", failed: "failed" },
      failed: (error) => ({ error }),
      interruptedReason: (max) => `Interrupted ${max} times.`,
      async run(job, signal) {
        await work(job, signal);
        return { status: "done" as const, doneBy: name };
      },
      lost,
    },
    { ...TIMINGS, ...timings },
  );
  runners.push(created);
  return created;
}

let queued = Date.now() - 60_000;
async function addJobs(count: number, values: Partial<typeof jobs.$inferInsert> = {}): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `job-${String(queued + i)}`);
  await db.insert(jobs).values(ids.map((id, i) => ({ id, queuedAt: new Date(queued + i), ...values })));
  queued += count;
  return ids;
}

const row = async (id: string): Promise<Job> => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const allRows = () => db.select().from(jobs).orderBy(asc(jobs.queuedAt));

/**
 * Waits for what the runner writes. The limit is for a runner that never gets there, not a budget:
 * CI's PostgreSQL run, beside the benchmarks on two cores, has left the database's writes stalled
 * for more than 10 s (three start-up fills timed out at 10 s while reads went on answering).
 */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) {
      // The runner logs what went wrong instead of throwing; say it, or a timeout explains nothing.
      const logged = [...vi.mocked(log.error).mock.calls, ...vi.mocked(log.warn).mock.calls].map(
        ([fields, message]) => `${String(message)} (${String((fields as { err?: Error }).err?.message)})`,
      );
      throw new Error(
        `timed out waiting for ${what}; the runner logged: ${logged.join("; ") || "nothing"}; ` +
          `the database says: ${await databaseState()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The jobs, and on PostgreSQL the sessions and row locks: what a timeout needs to be explained. */
async function databaseState(): Promise<string> {
  const rows = (await allRows()).map((job) => `${job.id} ${job.status} #${job.attempts}`).join(", ");
  if (handle.driver !== "postgres") return `jobs [${rows}]`;
  const sessions = await db.execute(
    sql`select pid, state, now() - xact_start as xact_age, left(query, 80) as query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  const locks = await db.execute(
    sql`select pid, mode, granted from pg_locks where relation = 'runner_test_jobs'::regclass or locktype = 'transactionid'`,
  );
  return `jobs [${rows}]; sessions ${JSON.stringify((sessions as { rows: unknown }).rows)}; locks ${JSON.stringify((locks as { rows: unknown }).rows)}`;
}

const statusIs = (id: string, status: Job["status"]) => async () => (await row(id)).status === status;

/** Resolves when released; the run of a runner that was "killed" (never stopped) hangs on it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  openGates.push(open);
  return { open, opened };
}

// Above a few of waitFor's limits: a stalled database slows a test down, it does not fail it.
describe("the job runner", { timeout: 240_000 }, () => {
  it("lets two runners on one database claim each of many jobs exactly once", async () => {
    const ids = await addJobs(40);
    const runs = new Map<string, number>();
    const work = async (job: Job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const first = runner("first", { concurrency: 3 }, work);
    const second = runner("second", { concurrency: 3 }, work);
    first.start();
    second.start();
    await waitFor("every job done", async () => (await allRows()).every((job) => job.status === "done"));
    await Promise.all([first.idle(), second.idle()]);

    expect(ids.map((id) => runs.get(id) ?? 0)).toEqual(ids.map(() => 1));
    const rows = await allRows();
    expect(rows.map((job) => job.attempts)).toEqual(ids.map(() => 1));
    // Both took part (each had lanes of its own).
    expect(new Set(rows.map((job) => job.doneBy))).toEqual(new Set(["first", "second"]));
  });

  it("moves on past a job another instance holds locked instead of waiting for it (SKIP LOCKED)", async () => {
    // PGlite has one connection: a transaction held open would stop every other query.
    if (handle.driver !== "postgres") return;
    const [locked, ...others] = await addJobs(4);
    const done = gate();
    const lockTaken = gate();
    const holding = db.transaction(async (tx) => {
      await tx.execute(sql`select id from runner_test_jobs where id = ${locked} for update`);
      lockTaken.open();
      await done.opened;
    });
    await lockTaken.opened;
    try {
      runner("runner").start();
      for (const id of others) await waitFor(`${id} done while ${locked} is locked`, statusIs(id, "done"), 30_000);
      expect((await row(locked!)).status).toBe("waiting");
    } finally {
      done.open();
      await holding;
    }
    runners[0]!.wake();
    await waitFor("the locked job done once free", statusIs(locked!, "done"));
  });

  it("takes up a job whose runner died (stale heartbeat) and finishes it; the dead runner's late result is dropped", async () => {
    const [id] = await addJobs(1);
    const hang = gate();
    const lost = vi.fn(async () => undefined);
    // Killed without stop(): its run hangs and its heartbeat never comes.
    const dead = runner("dead", { heartbeatMs: 60_000, staleAfterMs: 120_000 }, () => hang.opened, lost);
    dead.wake();
    await waitFor("the job claimed", statusIs(id!, "working"));

    const alive = runner("alive", { heartbeatMs: 50, staleAfterMs: 300, sweepMs: 50 });
    alive.start();
    await waitFor("the job done by the other runner", statusIs(id!, "done"));
    expect(await row(id!)).toMatchObject({ status: "done", doneBy: "alive", attempts: 2 });

    hang.open();
    await dead.idle();
    expect(await row(id!)).toMatchObject({ status: "done", doneBy: "alive", attempts: 2 });
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it("does not take over a job whose runner keeps its heartbeat", async () => {
    const [id] = await addJobs(1);
    const runs: string[] = [];
    // The run lasts longer than a job takes to go stale, so only its heartbeats keep it (a runner
    // that stopped beating loses it); ten beats to a stale period, so a machine busy enough to
    // delay a few of them does not lose it either (a 300 ms stale period failed under load).
    const slow = (name: string) => async () => {
      runs.push(name);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    };
    const timing = { heartbeatMs: 100, staleAfterMs: 1_000, sweepMs: 50 };
    const owner = runner("owner", timing, slow("owner"));
    owner.wake();
    await waitFor("the job claimed", statusIs(id!, "working"));
    const other = runner("other", timing, slow("other"));
    other.start();
    await waitFor("the job done", statusIs(id!, "done"));
    expect(runs).toEqual(["owner"]);
    expect(await row(id!)).toMatchObject({ doneBy: "owner", attempts: 1 });
  });

  it("fails a job interrupted maxAttempts times with the reason, without running it; retries one below", async () => {
    const stale = new Date(Date.now() - 10 * 60_000);
    const [hopeless] = await addJobs(1, { status: "working", attempts: 3, heartbeatAt: stale });
    const [retried] = await addJobs(1, { status: "working", attempts: 2, heartbeatAt: stale });
    const ran: string[] = [];
    runner("runner", { maxAttempts: 3 }, async (job) => void ran.push(job.id)).start();
    await waitFor(
      "both finished",
      async () => (await row(hopeless!)).status === "failed" && (await row(retried!)).status === "done",
    );
    expect(await row(hopeless!)).toMatchObject({ status: "failed", error: "Interrupted 3 times.", attempts: 4 });
    expect(await row(retried!)).toMatchObject({ status: "done", attempts: 3 });
    expect(ran).toEqual([retried]);
  });

  it("on stop() stops claiming and puts the jobs in hand back to pending; a later runner finishes them", async () => {
    const ids = await addJobs(3);
    const stopping = runner("stopping", { concurrency: 2 }, (_job, signal) => sleep(60_000, signal));
    stopping.start();
    await waitFor(
      "two jobs in hand",
      async () => (await allRows()).filter((job) => job.status === "working").length === 2,
    );
    await stopping.stop();
    const released = await allRows();
    expect(released.map((job) => [job.status, job.heartbeatAt, job.attempts])).toEqual([
      // Released with the attempt given back: a graceful stop is no interruption to count.
      ["waiting", null, 0],
      ["waiting", null, 0],
      ["waiting", null, 0], // never claimed: a stopped runner takes nothing more
    ]);
    stopping.wake(); // a stopped runner stays stopped
    await stopping.idle();
    expect((await allRows()).every((job) => job.status === "waiting")).toBe(true);

    runner("later").start();
    for (const id of ids) await waitFor(`${id} done`, statusIs(id, "done"));
    expect((await allRows()).map((job) => [job.doneBy, job.attempts])).toEqual([
      ["later", 1],
      ["later", 1],
      ["later", 1],
    ]);
  });

  it("saves a run that finishes although stop() asked it to stop", async () => {
    const [id] = await addJobs(1);
    const stubborn = runner("stubborn", {}, () => new Promise((resolve) => setTimeout(resolve, 200)));
    stubborn.wake();
    await waitFor("the job claimed", statusIs(id!, "working"));
    await stubborn.stop();
    expect(await row(id!)).toMatchObject({ status: "done", doneBy: "stubborn", attempts: 1 });
  });

  it("fails a job whose run throws, with its message, and goes on with the next job", async () => {
    const [broken, refused, fine] = await addJobs(3);
    runner("runner", {}, async (job) => {
      if (job.id === broken) throw new Error("The disk is full.");
      if (job.id === refused) throw new JobFailure("The test was deleted.");
    }).start();
    await waitFor("the last job done", statusIs(fine!, "done"));
    expect(await row(broken!)).toMatchObject({ status: "failed", error: "The disk is full." });
    expect(await row(refused!)).toMatchObject({ status: "failed", error: "The test was deleted." });
    // The unexpected error is logged; the JobFailure is the owner's news, not the operator's.
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
