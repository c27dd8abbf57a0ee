/**
 * The public side of invitations (docs/api-resources.md "Invitations", spec §2's
 * /invitation/{code} page): a guest reads a pending invitation by its code and accepts it, which
 * activates the invited user and signs them in, answering exactly like a sign-in.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import Type from "typebox";
import type { InvitationPublic } from "../../../src/api/resources";
import { invitationAcceptSchema, invitationPublicSchema } from "../../../src/api/schemas/invitations";
import { isBlankPassword, PASSWORD_MIN_LENGTH } from "../../../src/api/rules";
import type { LoginResponse } from "../../../src/api/types";
import { hashPassword } from "../auth/passwords";
import { startSession } from "../auth/sessions";
import { checkLimit, type Limit } from "../publicFlows/limits";
import { invitations, users } from "../db/schema";
import { fieldError, HttpError, notFound } from "../http/errors";
import { loginResponseSchema } from "../../../src/api/schemas/auth";
import type { Services } from "../services";
import { findUserById, toApiUser } from "./queries";
import { findRecord } from "../resources/list";
import { errors } from "../resources/schemas";
import { iso, isUniqueViolation, rowsOf, type Executor, type Row } from "../resources/sql";
import { userDefinition } from "./resource";
import { isParkedEmail } from "./parkedInvitations";
import { changesBetween, logActivity } from "../resources/writes";
import { clientName } from "../http/userAgent";
import { refusals, routeOptions } from "../docs/openapi";
import { INVITATION_NOT_VALID } from "../../../src/api/register";

const CANNOT_ACCEPT = "This user cannot accept the invitation. Contact your administrator.";

/** Acceptances per address within 15 minutes: each one hashes a password (Argon2 is slow on purpose). */
export const INVITATION_ACCEPT_LIMIT: Limit = {
  action: "invitation-accept",
  perIp: 20,
  windowMs: 15 * 60 * 1000,
};

/** Codes are 43 characters; the bound only keeps junk out of the query. */
const codeParams = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/** The pending, unexpired invitation with this code whose user is still live, or undefined. */
async function pendingInvitation(db: Executor, code: string, lock = false): Promise<Row | undefined> {
  const [row] = await rowsOf(
    db,
    sql`select i.id, i.user_id as "userId", i.email, u.email as "userEmail", i.role, u.first_name as "firstName",
          u.last_name as "lastName", u.status, a.name as "accountName",
          ${sql.raw(iso("i.expires_at"))} as "expiresAt"
        from invitations i
        join users u on u.id = i.user_id and u.deleted_at is null
        join accounts a on a.id = i.account_id
        where i.code = ${code} and i.accepted_at is null and i.expires_at > now()
        ${lock ? sql`for update of i` : sql``}`,
  );
  return row;
}

export const invitationRoutes: FastifyPluginAsyncTypebox<Services> = async (app, services) => {
  const { db, clock } = services;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tag = "invitations";

  api.get(
    "/invitations/:code",
    routeOptions("public", tag, "A pending invitation, by its code (public)", {
      description:
        "What the invitation page shows its guest before they accept. 404 for a code that is unknown, already accepted or expired (or whose invited user was deleted).",
      params: codeParams,
      response: { 200: invitationPublicSchema, ...errors(400, 404) },
    }),
    async (request): Promise<InvitationPublic> => {
      const row = await pendingInvitation(db, request.params.code);
      if (!row) throw notFound(INVITATION_NOT_VALID);
      const answer: InvitationPublic = {
        email: String(row.email),
        role: row.role as InvitationPublic["role"],
        accountName: String(row.accountName),
        expiresAt: String(row.expiresAt),
      };
      if (row.firstName) answer.firstName = String(row.firstName);
      if (row.lastName) answer.lastName = String(row.lastName);
      return answer;
    },
  );

  api.post(
    "/invitations/:code/accept",
    routeOptions("public", tag, "Accept an invitation: activates the invited user and signs them in (public)", {
      params: codeParams,
      body: invitationAcceptSchema,
      description:
        "The code is looked up before the password is hashed (an unknown or used code costs no hash). Rate-limited per address: see docs/api.md.",
      response: {
        200: loginResponseSchema,
        ...errors(400, 404, 409),
        ...refusals({ 429: "Too many requests. Try again in N minutes." }),
      },
    }),
    async (request): Promise<LoginResponse> => {
      const firstName = request.body.firstName.trim();
      const lastName = request.body.lastName.trim();
      const { password } = request.body;
      if (!firstName) throw fieldError(400, "firstName", "First name is required.");
      if (!lastName) throw fieldError(400, "lastName", "Last name is required.");
      if (password.length < PASSWORD_MIN_LENGTH)
        throw fieldError(400, "password", `At least ${PASSWORD_MIN_LENGTH} characters.`);
      if (isBlankPassword(password)) throw fieldError(400, "password", "A password cannot be only spaces.");
      await checkLimit(db, INVITATION_ACCEPT_LIMIT, { ip: request.ip }, clock.now());
      // The code first: a stranger's unknown, used or expired code costs a lookup, never a hash.
      const pending = await pendingInvitation(db, request.params.code);
      if (!pending) throw notFound(INVITATION_NOT_VALID);
      if (pending.status !== "invited") throw new HttpError(409, CANNOT_ACCEPT);
      // Hashed before the transaction: argon2 is slow and holds no lock (the transaction checks again).
      const passwordHash = await hashPassword(password);

      const userId = await db
        .transaction(async (tx) => {
          const invitation = await pendingInvitation(tx, request.params.code, true);
          if (!invitation) throw notFound(INVITATION_NOT_VALID);
          const id = String(invitation.userId);
          // Disabled (or otherwise no longer invited) users cannot sign themselves in this way.
          if (invitation.status !== "invited") throw new HttpError(409, CANNOT_ACCEPT);
          // A parked invitation's email becomes its user's only now, and only if nobody else holds it
          // (parkedInvitations.ts; the unique index decides, below): else nothing changes.
          const email = isParkedEmail(String(invitation.userEmail)) ? String(invitation.email) : undefined;
          const system = { id, role: "SuperAdmin" as const, accountId: "" };
          const before = (await findRecord(tx, userDefinition, system, id)) as Row;
          const now = new Date();
          // The conditional updates are the arbiters when two acceptances race.
          const used = await tx
            .update(invitations)
            .set({ acceptedAt: now })
            .where(
              and(
                eq(invitations.id, String(invitation.id)),
                isNull(invitations.acceptedAt),
                gt(invitations.expiresAt, now),
              ),
            )
            .returning({ id: invitations.id });
          if (used.length !== 1) throw notFound(INVITATION_NOT_VALID);
          const activated = await tx
            .update(users)
            .set({
              firstName,
              lastName,
              passwordHash,
              ...(email === undefined ? {} : { email }),
              status: "active",
              lastSignInAt: now,
              version: sql`${users.version} + 1`,
            })
            .where(and(eq(users.id, id), eq(users.status, "invited"), isNull(users.deletedAt)))
            .returning({ id: users.id });
          if (activated.length !== 1) throw new HttpError(409, CANNOT_ACCEPT);
          const after = (await findRecord(tx, userDefinition, system, id)) as Row;
          await logActivity(tx, {
            actorId: id,
            client: clientName(request.headers),
            action: "accept-invitation",
            resource: userDefinition.name,
            recordId: id,
            changes: changesBetween(before, after),
          });
          return id;
        })
        .catch((error: unknown) => {
          // A parked invitation's email is someone else's: the whole acceptance is undone.
          if (isUniqueViolation(error)) throw new HttpError(409, CANNOT_ACCEPT);
          throw error;
        });

      const user = (await findUserById(db, userId))!;
      request.log.info({ userId }, "invitation accepted");
      return { ...(await startSession(services, user)), user: toApiUser(user) };
    },
  );
};
