/**
 * Work a public request does after it is answered: looking the email up, issuing its code and
 * sending the email. Answering first makes a known email and an unknown one take the same time, so
 * the response says nothing about which emails have accounts (docs/decisions.md "Public requests
 * answer first"). A failure is logged: the person asks again. The app waits for the work in hand
 * before it closes.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

export interface AfterAnswer {
  /** Starts `task` now and lets the request answer without waiting for it. */
  run(what: string, task: () => Promise<void>): void;
  /** Resolves when no task is in hand. */
  idle(): Promise<void>;
}

export function afterAnswer(app: FastifyInstance, log: FastifyBaseLogger): AfterAnswer {
  const inHand = new Set<Promise<void>>();
  const tasks: AfterAnswer = {
    run(what, task) {
      const running: Promise<void> = task()
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => inHand.delete(running));
      inHand.add(running);
    },
    async idle() {
      while (inHand.size > 0) await Promise.all([...inHand]);
    },
  };
  app.addHook("onClose", () => tasks.idle());
  return tasks;
}
