/**
 * The data-deletion request (spec §2 /delete-request and /delete-request-confirmation, everyone;
 * docs/api.md "Public flows"):
 *   POST delete-request {email}          → 202, the same answer whether or not the email has an
 *                                          account; a live user's address gets a 6-digit code
 *                                          (15 minutes). Asking again is the resend, after a
 *                                          60-second cool-down per address and email (429 with the
 *                                          seconds left; from another address: no new code, quietly).
 *   POST delete-request/confirm {email, code} → the code spent, the deletion scheduled (an
 *                                          account's, or the person's alone: deletionKindFor) 21
 *                                          days ahead, an activity entry, and an email saying what
 *                                          goes and when. A wrong or expired code, and an email
 *                                          without an account, answer 400 alike (a wrong code
 *                                          counts an attempt: 5 kill it).
 * Both are limited per address and per address and email (publicFlows/limits.ts). The lookup, the code and the
 * emails come after the answer (http/afterAnswer.ts): it neither waits for the mail server nor takes
 * longer for a real address.
 */
import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { sql } from "drizzle-orm";
import {
  DATA_DELETION_DAYS,
  DELETE_REQUEST_CODE_MINUTES,
  DELETE_REQUEST_RESEND_SECONDS,
  DELETE_REQUEST_SENT,
  DELETE_REQUEST_WRONG_CODE,
  deletionKindFor,
  type DeleteRequestAccepted,
  type DeleteRequestConfirmed,
} from "../../../src/api/deleteRequest";
import {
  deleteRequestAcceptedSchema,
  deleteRequestBodySchema,
  deleteRequestConfirmBodySchema,
  deleteRequestConfirmedSchema,
  deleteRequestTooSoonSchema,
} from "../../../src/api/schemas/deleteRequest";
import type { Role } from "../../../src/api/types";
import { normalizeEmail } from "../auth/signInThrottle";
import { described, HEADERS, refusals, routeOptions, withHeaders } from "../docs/openapi";
import { HttpError, tooMany } from "../http/errors";
import { clientName } from "../http/userAgent";
import { renderMail } from "../mail/templates";
import { iso, rowsOf, type Executor, type Tx } from "../resources/sql";
import { logActivity } from "../resources/writes";
import type { Services } from "../services";
import { afterAnswer } from "../http/afterAnswer";
import { checkTypedCode, issueCode, spendCode } from "./codes";
import { checkLimit, coolDownLeft, type Limit } from "./limits";

const DAY_MS = 86_400_000;
const CODE_TTL_MS = DELETE_REQUEST_CODE_MINUTES * 60_000;
const RESEND_MS = DELETE_REQUEST_RESEND_SECONDS * 1000;

/** Codes asked for: one a minute at most (the cool-down), a few an hour; codes to one email (quietly). */
export const DELETE_REQUEST_LIMIT: Limit = {
  action: "delete-request",
  perIp: 20,
  perIpAndEmail: 5,
  perEmail: 10,
  windowMs: 3_600_000,
};
/**
 * Confirmations tried. Nothing per email alone, which would let a stranger's wrong tries refuse the
 * person's right one: a code dies after 5 wrong tries whoever makes them, and an email gets at most
 * DELETE_REQUEST_LIMIT.perEmail codes an hour, which bounds the guesses at one email's codes.
 */
export const DELETE_CONFIRM_LIMIT: Limit = {
  action: "delete-request-confirm",
  perIp: 30,
  perIpAndEmail: 10,
  windowMs: 3_600_000,
};

const wrongCode = () => new HttpError(400, DELETE_REQUEST_WRONG_CODE);

const tooSoon = (seconds: number) =>
  tooMany(`Wait ${seconds} ${seconds === 1 ? "second" : "seconds"} before asking for another code.`, seconds, {
    retryAfterSeconds: seconds,
  });

/** MM/DD/yyyy (spec §9), in UTC. */
const mailDate = (date: Date) =>
  `${String(date.getUTCMonth() + 1).padStart(2, "0")}/${String(date.getUTCDate()).padStart(2, "0")}/${date.getUTCFullYear()}`;

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  accountId: string;
  accountName: string;
  isAccountOwner: boolean;
  otherActiveAdmins: number;
}

/** A live user (not deleted, in a live account) by email or id; `lock` holds the row for the confirmation. */
async function personWhere(db: Executor, where: ReturnType<typeof sql>, lock = false): Promise<Person | undefined> {
  const [row] = await rowsOf(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.role, u.account_id, a.name as account_name,
          (a.owner_id = u.id) is true as is_owner,
          (select count(*) from users o where o.account_id = u.account_id and o.id <> u.id and o.role = 'Admin'
            and o.status = 'active' and o.deleted_at is null)::int as other_admins
        from users u join accounts a on a.id = u.account_id
        where ${where} and u.deleted_at is null and a.status <> 'deleted'
        ${lock ? sql`for update of u` : sql``}`,
  );
  if (!row) return undefined;
  return {
    id: String(row.id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    role: row.role as Role,
    accountId: String(row.account_id),
    accountName: String(row.account_name),
    isAccountOwner: row.is_owner === true,
    otherActiveAdmins: Number(row.other_admins),
  };
}

/**
 * The deletion, pending, due at `runAt`: one per account (or person) by the scheduled actions'
 * unique index. A deletion already pending becomes this request, due at the earlier of the two
 * dates: the person asked, so a payment must not make it moot. Answers when it is due.
 */
async function scheduleDeletion(
  tx: Tx,
  action: {
    kind: "account-deletion" | "user-deletion";
    accountId: string;
    userId: string | null;
    requestedBy: string;
    runAt: Date;
  },
): Promise<Date> {
  const [row] = await rowsOf(
    tx,
    sql`insert into scheduled_actions (id, kind, account_id, user_id, reason, run_at, requested_by)
      values (${randomUUID()}, ${action.kind}, ${action.accountId}, ${action.userId}, 'deletion-request',
        ${action.runAt.toISOString()}, ${action.requestedBy})
      on conflict (account_id, kind, coalesce(user_id, '')) where done_at is null and canceled_at is null
      do update set reason = 'deletion-request', requested_by = excluded.requested_by,
        run_at = least(scheduled_actions.run_at, excluded.run_at)
      returning ${sql.raw(iso("run_at"))} as run_at`,
  );
  return new Date(String(row!.run_at));
}

export const deleteRequestRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db, clock, mailer, config } = services;
  const { productName, publicUrl } = config.mail;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tag = "Public flows";

  const later = afterAnswer(app, app.log);

  api.post(
    "/delete-request",
    routeOptions("public", tag, "Ask for one's data to be deleted: a code by email (public)", {
      description:
        "The same 202 whether or not the email has an account; a live user's address gets a 6-digit code " +
        `that works once, for ${DELETE_REQUEST_CODE_MINUTES} minutes (only the latest code works). Asking again ` +
        `sends a new code, after ${DELETE_REQUEST_RESEND_SECONDS} seconds.`,
      body: deleteRequestBodySchema,
      response: {
        202: described(deleteRequestAcceptedSchema, "Asked; a code is on its way if the email has an account."),
        ...refusals({ 400: true }),
        429: withHeaders(deleteRequestTooSoonSchema, {
          "Retry-After": {
            ...HEADERS.retryAfter["Retry-After"],
            description: "Seconds to wait: the cool-down's (as `retryAfterSeconds` too), or the per-hour limit's.",
          },
        }),
      },
    }),
    async (request, reply) => {
      const now = clock.now();
      const email = normalizeEmail(request.body.email);
      const { action } = DELETE_REQUEST_LIMIT;
      // The resend's cool-down: the asker's own last request for this email refuses them (429)...
      const wait = await coolDownLeft(db, action, { email, ip: request.ip }, RESEND_MS, now);
      if (wait > 0) throw tooSoon(wait);
      // ...anyone else's only means no new code (read before this request is counted).
      const askedJustNow = (await coolDownLeft(db, action, { email }, RESEND_MS, now)) > 0;
      const { quiet } = await checkLimit(db, DELETE_REQUEST_LIMIT, { email, ip: request.ip }, now);
      const answer: DeleteRequestAccepted = {
        message: DELETE_REQUEST_SENT,
        codeExpiresInSeconds: CODE_TTL_MS / 1000,
        resendAfterSeconds: DELETE_REQUEST_RESEND_SECONDS,
      };
      // The same answer, nothing sent: a 429 would let a stranger's requests for this email refuse
      // the person's own.
      if (quiet || askedJustNow) return reply.status(202).send(answer);

      // After the answer: a known email and an unknown one take the same time (http/afterAnswer.ts).
      later.run("delete-request code", async () => {
        const person = await personWhere(db, sql`lower(u.email) = ${email}`);
        if (!person) return;
        const code = await issueCode(db, {
          purpose: "delete-request",
          email,
          userId: person.id,
          ttlMs: CODE_TTL_MS,
          form: "digits",
          now,
        });
        await mailer.send(
          person.email,
          renderMail(productName, {
            subject: "Your code to confirm a data-deletion request",
            greeting: `Hello ${person.firstName},`,
            paragraphs: [
              `Someone asked to delete the data of ${person.email} in ${productName}. If it was you, enter this code on the confirmation page: ${publicUrl}/delete-request-confirmation?email=${encodeURIComponent(person.email)}`,
              `The code works once, for ${DELETE_REQUEST_CODE_MINUTES} minutes. Nothing is deleted until you confirm.`,
            ],
            action: { code },
            footer: "If you did not ask, ignore this email: nothing will be deleted.",
          }),
        );
      });
      return reply.status(202).send(answer);
    },
  );

  api.post(
    "/delete-request/confirm",
    routeOptions("public", tag, "Confirm a data-deletion request with the emailed code (public)", {
      description:
        "Schedules the deletion: the whole account when its owner or only admin asks, else the person alone, " +
        `${DATA_DELETION_DAYS} days from now (spec §4's grace); super admins see it among the scheduled actions.`,
      body: deleteRequestConfirmBodySchema,
      response: {
        200: described(deleteRequestConfirmedSchema, "Confirmed: what will be deleted, and when."),
        ...refusals({
          400: `\`${DELETE_REQUEST_WRONG_CODE}\` (wrong, expired, used or killed code, or no account with this email), or an invalid body.`,
          429: "Too many requests from this address or for this email.",
        }),
      },
    }),
    async (request): Promise<DeleteRequestConfirmed> => {
      const now = clock.now();
      const email = normalizeEmail(request.body.email);
      await checkLimit(db, DELETE_CONFIRM_LIMIT, { email, ip: request.ip }, now);
      // Outside the transaction: a wrong try stays counted although the answer is a refusal.
      const code = await checkTypedCode(db, "delete-request", email, request.body.code.trim(), now);
      if (!code || code.userId === null) throw wrongCode();

      const done = await db.transaction(async (tx) => {
        const person = await personWhere(tx, sql`u.id = ${code.userId}`, true);
        if (!person || normalizeEmail(person.email) !== email) throw wrongCode();
        // The arbiter when the same code is sent twice at once.
        if (!(await spendCode(tx, code.id, now))) throw wrongCode();
        const kind = deletionKindFor(person);
        const runAt = await scheduleDeletion(tx, {
          kind,
          accountId: person.accountId,
          userId: kind === "user-deletion" ? person.id : null,
          requestedBy: person.id,
          runAt: new Date(now.getTime() + DATA_DELETION_DAYS * DAY_MS),
        });
        const entry = { actorId: person.id, client: clientName(request.headers), action: "delete-request" };
        if (kind === "account-deletion") {
          // Shown as pending deletion on the account's page and in Recover, as a deletion asked for.
          const [before] = await rowsOf(
            tx,
            sql`update accounts x set status = 'pending_deletion',
                deletion_requested_at = case when x.status = 'pending_deletion' then x.deletion_requested_at else ${now.toISOString()}::timestamptz end,
                version = version + 1
              from (select status from accounts where id = ${person.accountId}) old
              where x.id = ${person.accountId} returning old.status`,
          );
          await logActivity(tx, {
            ...entry,
            resource: "accounts",
            recordId: person.accountId,
            changes: { status: [before?.status ?? null, "pending_deletion"], kind, runAt: runAt.toISOString() },
          });
        } else {
          await logActivity(tx, {
            ...entry,
            resource: "users",
            recordId: person.id,
            changes: { kind, runAt: runAt.toISOString() },
          });
        }
        return { person, kind, runAt };
      });

      const { person, kind, runAt } = done;
      const when = mailDate(runAt);
      later.run("delete-request confirmation email", () =>
        mailer.send(
          person.email,
          renderMail(productName, {
            subject: "Your data-deletion request is confirmed",
            greeting: `Hello ${person.firstName},`,
            paragraphs: [
              kind === "account-deletion"
                ? `The account ${person.accountName} and everything in it — its tests, photos, devices, locations and people — will be deleted on ${when}. Until then everyone in it can keep working and download what they need.`
                : `Your user ${person.firstName} ${person.lastName} in ${person.accountName} will be deleted on ${when}: your name, email, password and settings go. The tests you made stay with ${person.accountName}, shown as made by a deleted user.`,
              "If you did not mean to ask, contact support before that date: a super admin can still stop it.",
            ],
            footer: "You get this email because this address confirmed a data-deletion request.",
          }),
        ),
      );
      return { kind, accountName: person.accountName, runAt: runAt.toISOString() };
    },
  );
};
