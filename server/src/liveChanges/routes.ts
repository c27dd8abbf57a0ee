/**
 * GET events (docs/api.md "Live changes"): a signed-in console's Server-Sent Events stream of the
 * lists that changed, one stream per tab.
 *
 * Scoped as the lists are: a change of an account's records reaches super admins and that
 * account's people, a change of no account (firmware, discounts) super admins only. An event names
 * the resource and nothing else; the console asks its list again, and that list's route decides
 * what it shows. Every LIVE_CHECK_MS the stream checks its sign-in as the guard would (signed out,
 * revoked, user disabled or deleted, role or account changed) and ends when it no longer holds.
 * Not the access token's age: a quiet tab's stream would otherwise reopen, and refresh its
 * session, every few minutes for nobody.
 */
import type { ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import Type from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import {
  LIVE_CHANGES_PATH,
  LIVE_EVENT,
  MAX_LIVE_STREAMS_PER_USER,
  type LiveChange,
} from "../../../src/api/liveChanges";
import { callerOf, subjectOf, userOfSignIn } from "../auth/guard";
import { GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import type { Feature } from "../features";
import { tooMany } from "../http/errors";
import type { Caller } from "../resources/definition";
import type { LiveChangeEvent } from "./feed";

/** How often an open stream checks its sign-in, and says it is still there (proxies close silent streams). */
export const LIVE_CHECK_MS = 20_000;

/** What a console waits before it reconnects, when the stream ends without saying (EventSource's `retry`). */
const RETRY_MS = 3_000;

const mayHear = (caller: Caller, event: LiveChangeEvent) =>
  caller.role === "SuperAdmin" || event.accountId === caller.accountId;

const changeEvent = ({ id, resource }: LiveChangeEvent) =>
  `id: ${id}\nevent: ${LIVE_EVENT.change}\ndata: ${JSON.stringify({ resource } satisfies LiveChange)}\n\n`;

const RESET_EVENT = `event: ${LIVE_EVENT.reset}\ndata: {}\n\n`;

export const liveChangeRoutes: Feature = async (app, services) => {
  const { liveChanges: feed } = services;
  const checkMs = services.config.liveCheckMs ?? LIVE_CHECK_MS;
  /** Open streams per user, on this instance. */
  const openStreams = new Map<string, number>();
  /** The open streams' answers: a closing service drops them (it waits for open connections). */
  const answers = new Set<ServerResponse>();
  app.addHook("preClose", async () => {
    for (const answer of answers) answer.destroy();
  });

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    `/${LIVE_CHANGES_PATH}`,
    routeOptions("signedIn", "Live changes", "Follow the changes of the caller's lists", {
      description: `A Server-Sent Events stream (one per tab, at most ${MAX_LIVE_STREAMS_PER_USER} per user and instance). \`change\` events (\`data: {"resource": …}\`, with an \`id\`) name a resource whose records the caller may see changed: ask its list again. Sent again with \`Last-Event-ID\`, the stream first gives the changes missed since then, or \`reset\` when it cannot tell (the service restarted, or another instance answers): everything shown may have changed. The stream ends with its sign-in (signed out, revoked, user disabled or deleted, role or account changed; checked every ${LIVE_CHECK_MS / 1000} s), not when the token it was opened with expires.`,
      headers: Type.Object({
        "last-event-id": Type.Optional(
          Type.String({ maxLength: 100, description: "The id of the last event received, to resume from." }),
        ),
      }),
      response: {
        200: {
          description: `The stream: \`ready\`, then \`change\` and \`reset\` events, and a comment line every ${LIVE_CHECK_MS / 1000} s.`,
          content: { "text/event-stream": { schema: Type.String() } },
        },
        ...refusals({ ...GUARD_REFUSALS, 429: `The user already has ${MAX_LIVE_STREAMS_PER_USER} streams open.` }),
      },
    }),
    async (request, reply) => {
      let caller: Caller = callerOf(request);
      // The guard let this token through just now: its sign-in is what the stream follows.
      const signIn = await subjectOf(request.headers.authorization, services);
      const userId = caller.id;
      await feed.listening;
      const open = openStreams.get(userId) ?? 0;
      if (open >= MAX_LIVE_STREAMS_PER_USER) {
        throw tooMany(`At most ${MAX_LIVE_STREAMS_PER_USER} live streams per user: close a tab.`, RETRY_MS / 1000);
      }
      openStreams.set(userId, open + 1);

      const stream = new PassThrough();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(check);
        unsubscribe();
        answers.delete(reply.raw);
        const left = (openStreams.get(userId) ?? 1) - 1;
        if (left > 0) openStreams.set(userId, left);
        else openStreams.delete(userId);
        stream.end();
      };
      const send = (event: LiveChangeEvent | "reset") => {
        if (event === "reset") stream.write(RESET_EVENT);
        else if (mayHear(caller, event)) stream.write(changeEvent(event));
      };

      // First, where this stream stands: resumed from here, it sends what happened after.
      stream.write(`retry: ${RETRY_MS}\nid: ${feed.latestId()}\nevent: ${LIVE_EVENT.ready}\ndata: {}\n\n`);
      const lastId = request.headers["last-event-id"];
      if (lastId !== undefined) {
        const missed = feed.after(lastId);
        if (missed === null) send("reset");
        else for (const event of missed) send(event);
      }
      const unsubscribe = feed.subscribe(send);
      const check = setInterval(() => {
        userOfSignIn(signIn, services).then((user) => {
          if (user.role !== caller.role || user.accountId !== caller.accountId) return end();
          caller = user;
          if (!ended) stream.write(": still here\n\n");
        }, end);
      }, checkMs);
      answers.add(reply.raw);
      reply.raw.once("close", end);

      // The typed reply knows the refusals' JSON; the stream is the 200's body as it is.
      return (
        (reply as FastifyReply)
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-store")
          .header("x-accel-buffering", "no")
          // The connection is the stream's alone: when the stream ends, so does the connection.
          .header("connection", "close")
          .send(stream)
      );
    },
  );
};
