/**
 * The user actions: change role, disable, enable (docs/api-resources.md "Users"), and invitations.
 * Each checks the version like an edit and writes an activity entry.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Invitation } from "../../../src/api/resources";
import { invitationCreateSchema, invitationSchema } from "../../../src/api/schemas/invitations";
import { ROLES, type Role } from "../../../src/api/types";
import { callerOf } from "../auth/guard";
import { invitations, refreshTokens, users } from "../db/schema";
import { fieldError, forbidden } from "../http/errors";
import type { Services } from "../services";
import { checkAccountExists, checkBusinessOfAccount } from "../resources/checks";
import { type Caller, type RecordOf } from "../resources/definition";
import { stringEnum } from "../../../src/api/schemas/common";
import { writeRoutes } from "../resources/writeRoutes";
import { errors, SIGNED_IN_ERRORS } from "../resources/schemas";
import { iso, rowsOf, type Executor, type Tx } from "../resources/sql";
import { EMAIL_USED, NO_PASSWORD, userDefinition } from "./resource";
import { inviteeStanding, parkedEmailOf } from "./parkedInvitations";
import { recordCreated } from "../resources/writes";
import { HEADERS, routeOptions, withHeaders } from "../docs/openapi";

type UserRecord = RecordOf<(typeof userDefinition)["fields"]>;

export const INVITATION_DAYS = 7;

/**
 * Who may act on a user (role change, disable, enable): super admins on anyone but themselves;
 * admins on the users of their account other than themselves and super admins. Others: 403.
 * (Users outside the caller's scope have already answered 404.)
 */
function checkReach(caller: Caller, target: UserRecord): void {
  if (target.id === caller.id) throw forbidden("You cannot do this to yourself.");
  if (caller.role === "SuperAdmin") return;
  if (caller.role !== "Admin" || target.accountId !== caller.accountId || target.role === "SuperAdmin")
    throw forbidden();
}

async function otherAdmins(db: Executor, accountId: string, exceptId: string): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as n from users where account_id = ${accountId} and role = 'Admin'
        and deleted_at is null and id <> ${exceptId}`,
  );
  return Number(row?.n ?? 0);
}

const invitationFields = (alias: string) => ({
  id: `${alias}.id`,
  code: `${alias}.code`,
  email: `${alias}.email`,
  role: `${alias}.role`,
  accountId: `${alias}.account_id`,
  businessId: `${alias}.business_id`,
  userId: `${alias}.user_id`,
  expiresAt: iso(`${alias}.expires_at`),
  createdAt: iso(`${alias}.created_at`),
});

/** Disable and enable: the status they set, after the reach check. */
const STATUS_ACTIONS = {
  disable: {
    summary: "Disable a user: their sessions end at once",
    status: async (tx: Tx, user: UserRecord) => {
      // Their sessions end: no refresh works any more, and the guard refuses disabled users at once.
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
      return "disabled";
    },
  },
  enable: {
    summary: "Enable a user again (invited again if they never accepted their invitation)",
    status: async (tx: Tx, user: UserRecord) => {
      const [pending] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.userId, user.id), isNull(invitations.acceptedAt)))
        .limit(1);
      // Someone who never accepted their invitation goes back to invited, not active.
      return pending ? "invited" : "active";
    },
  },
};

export const userActionRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db }) => {
  const def = userDefinition;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const writes = writeRoutes(app, db, def, users);
  const tag = def.name;
  const reach: ["SuperAdmin", "Admin"] = ["SuperAdmin", "Admin"];

  writes.actionRoute("role", {
    summary: "Change a user's role (an account keeps at least one Admin)",
    fields: { role: stringEnum(ROLES) },
    change:
      ({ role }, { caller }) =>
      async (current, tx) => {
        checkReach(caller, current);
        if (caller.role !== "SuperAdmin" && role === "SuperAdmin")
          throw forbidden("Only super admins can make super admins.");
        if (
          current.role === "Admin" &&
          role !== "Admin" &&
          (await otherAdmins(tx, current.accountId, current.id)) === 0
        )
          throw fieldError(422, "role", "An account must keep at least one Admin.");
        return { role };
      },
  });

  for (const [action, { summary, status }] of Object.entries(STATUS_ACTIONS)) {
    writes.actionRoute(action, {
      summary,
      fields: {},
      change:
        (_body, { caller }) =>
        async (current, tx) => {
          checkReach(caller, current);
          return { status: await status(tx, current) };
        },
    });
  }

  api.post(
    "/invitations",
    routeOptions(reach, tag, "Invite a person into an account (creates the user with status invited)", {
      description:
        "A super admin names the account (`accountId`); anyone else invites into their own, and only a super admin invites super admins. The answer carries the invitation's code, its guest's only credential; 422 when the email is already that of a user the caller can see.",
      body: invitationCreateSchema,
      response: {
        201: withHeaders(invitationSchema, {
          Location: {
            ...HEADERS.location.Location,
            description: "The invitation as its guest reads it, `/api/invitations/<code>`.",
          },
        }),
        ...errors(...SIGNED_IN_ERRORS, 422),
      },
    }),
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const role: Role = body.role;
      if (caller.role !== "SuperAdmin" && role === "SuperAdmin")
        throw forbidden("Only super admins can invite super admins.");
      const accountId = caller.role === "SuperAdmin" ? body.accountId : caller.accountId;
      if (accountId === undefined) throw fieldError(400, "accountId", "accountId is required");
      const invitation = await db.transaction(async (tx) => {
        await checkAccountExists(tx, accountId);
        await checkBusinessOfAccount(tx, accountId, body.businessId);
        // Refused only for a user the caller can see; one of another account parks the invitation
        // instead, answered like any other (parkedInvitations.ts).
        const standing = await inviteeStanding(tx, caller, accountId, body.email);
        if (standing === "seen") throw fieldError(422, "email", EMAIL_USED);
        const userId = randomUUID();
        const id = randomUUID();
        await tx.insert(users).values({
          id: userId,
          accountId,
          businessId: body.businessId ?? null,
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          email: standing === "taken" ? parkedEmailOf(userId) : body.email,
          role,
          passwordHash: NO_PASSWORD,
          status: "invited",
        });
        await tx.insert(invitations).values({
          id,
          // 32 random bytes: 43 URL-safe characters, the only credential of /invitation/{code}.
          code: randomBytes(32).toString("base64url"),
          email: body.email,
          role,
          accountId,
          businessId: body.businessId ?? null,
          userId,
          invitedBy: caller.id,
          expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000),
        });
        await recordCreated(tx, def, caller, userId, "invite");
        const fields = Object.entries(invitationFields("i"))
          .map(([field, expr]) => `${expr} as "${field}"`)
          .join(", ");
        const [row] = await rowsOf(tx, sql`select ${sql.raw(fields)} from invitations i where i.id = ${id}`);
        return row as unknown as Invitation;
      });
      // The reference service has no mail service: the inviter gets the code in the answer. The
      // log names the invitation only, since the code is a credential.
      request.log.info({ invitationId: invitation.id }, "invitation created");
      return reply
        .status(201)
        .header("location", `/api/invitations/${encodeURIComponent(invitation.code)}`)
        .send(invitation);
    },
  );
};
