/**
 * The user actions: change role, disable, enable (docs/api-resources.md "Users"), and invitations:
 * inviting, and a new invitation link for an invited user. Role, disable and enable check the
 * version like an edit; each writes an activity entry.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Invitation } from "../../../src/api/resources";
import { invitationCreateSchema, invitationSchema } from "../../../src/api/schemas/invitations";
import { ROLES, type Role } from "../../../src/api/types";
import { callerOf } from "../auth/guard";
import { invitations, refreshTokens, users } from "../db/schema";
import { fieldError, forbidden, HttpError } from "../http/errors";
import type { Services } from "../services";
import { checkAccountExists, checkBusinessOfAccount } from "../resources/checks";
import { type Caller, type RecordOf } from "../resources/definition";
import { stringEnum } from "../../../src/api/schemas/common";
import { writeRoutes } from "../resources/writeRoutes";
import { errors, idParams, SIGNED_IN_ERRORS } from "../resources/schemas";
import { iso, rowsOf, type Executor, type Tx } from "../resources/sql";
import { EMAIL_USED, NO_PASSWORD, userDefinition } from "./resource";
import { inviteeStanding, parkedEmailOf } from "./parkedInvitations";
import { actorOf, logActivity, notFoundOf, recordCreated } from "../resources/writes";
import { findRecord } from "../resources/list";
import { declaredAccess } from "../resources/routes";
import { HEADERS, routeOptions, withHeaders } from "../docs/openapi";

type UserRecord = RecordOf<(typeof userDefinition)["fields"]>;

export const INVITATION_DAYS = 7;

/** 409 of POST users/{id}/invitation for a user who is not (or no longer) invited. */
const NOT_INVITED = "Only an invited user gets a new invitation link.";

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

/** What an invitation is for; its code and dates are made when it is inserted. */
interface InvitationFor {
  email: string;
  role: Role;
  accountId: string;
  businessId: string | null;
  userId: string;
  invitedBy: string;
}

/** Inserts an invitation with a new code, valid INVITATION_DAYS from now; answers it as the API does. */
async function insertInvitation(tx: Tx, invitation: InvitationFor): Promise<Invitation> {
  const id = randomUUID();
  await tx.insert(invitations).values({
    id,
    // 32 random bytes: 43 URL-safe characters, the only credential of /invitation/{code}.
    code: randomBytes(32).toString("base64url"),
    ...invitation,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000),
  });
  const fields = Object.entries(invitationFields("i"))
    .map(([field, expr]) => `${expr} as "${field}"`)
    .join(", ");
  const [row] = await rowsOf(tx, sql`select ${sql.raw(fields)} from invitations i where i.id = ${id}`);
  return row as unknown as Invitation;
}

/** 201 with the invitation, and where its guest reads it in Location. */
const sendInvitation = (reply: FastifyReply, invitation: Invitation) =>
  reply
    .status(201)
    .header("location", `/api/invitations/${encodeURIComponent(invitation.code)}`)
    .send(invitation);

/** The documented 201 of both routes that make an invitation. */
const invitationCreated = withHeaders(invitationSchema, {
  Location: {
    ...HEADERS.location.Location,
    description: "The invitation as its guest reads it, `/api/invitations/<code>`.",
  },
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
      response: { 201: invitationCreated, ...errors(...SIGNED_IN_ERRORS, 422) },
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
        const made = await insertInvitation(tx, {
          email: body.email,
          role,
          accountId,
          businessId: body.businessId ?? null,
          userId,
          invitedBy: caller.id,
        });
        await recordCreated(tx, def, caller, userId, "invite");
        return made;
      });
      // The reference service has no mail service: the inviter gets the code in the answer. The
      // log names the invitation only, since the code is a credential.
      request.log.info({ invitationId: invitation.id }, "invitation created");
      return sendInvitation(reply, invitation);
    },
  );

  api.post(
    `/${def.name}/:id/invitation`,
    routeOptions(
      declaredAccess(def, { action: "invitation" }),
      tag,
      "Make a new invitation link for an invited user (the earlier links stop working)",
      {
        description:
          "No body. For a user whose status is `invited` (409 otherwise): a new invitation with a new code, valid 7 days, to the email, role, account and business the user has now; every earlier invitation of the user not yet accepted expires at once. Who may: as for role changes (a super admin any user, an admin the users of their account but super admins). Logs an activity entry `invite`.",
        params: idParams,
        response: { 201: invitationCreated, ...errors(...SIGNED_IN_ERRORS, 404, 409) },
      },
    ),
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const invitation = await db.transaction(async (tx) => {
        const user = await findRecord(tx, def, caller, id);
        if (!user) throw notFoundOf(def);
        checkReach(caller, user);
        // Locked in the order accepting locks them (the invitation, then the user), so that a link
        // accepted meanwhile either wins (the user is active: 409 below) or is expired first.
        await tx.execute(sql`select id from invitations where user_id = ${id} for update`);
        const [current] = await rowsOf(tx, sql`select status from users where id = ${id} and deleted_at is null`);
        if (current?.status !== "invited") throw new HttpError(409, NOT_INVITED);
        const now = new Date();
        await tx
          .update(invitations)
          .set({ expiresAt: now })
          .where(and(eq(invitations.userId, id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));
        // The email the user shows: a parked invitation's user shows its invitation's, never the
        // placeholder its row holds (parkedInvitations.ts).
        const made = await insertInvitation(tx, {
          email: user.email,
          role: user.role,
          accountId: user.accountId,
          businessId: user.businessId,
          userId: id,
          invitedBy: caller.id,
        });
        await logActivity(tx, {
          ...actorOf(caller),
          action: "invite",
          resource: def.name,
          recordId: id,
          // Never the code: it is the guest's credential.
          changes: { invitationId: made.id, email: made.email, role: made.role, expiresAt: made.expiresAt },
        });
        return made;
      });
      request.log.info({ invitationId: invitation.id, userId: id }, "invitation made again");
      return sendInvitation(reply, invitation);
    },
  );
};
