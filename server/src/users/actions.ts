/**
 * The user actions: change role, disable, enable (docs/api-resources.md "Users"), and invitations.
 * Each checks the version like an edit and writes an activity entry.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { InvitationCreate, Invitation, UserRoleChange } from "../../../src/api/resources";
import { ROLES, type Role } from "../../../src/api/types";
import { callerOf } from "../auth/guard";
import { invitations, refreshTokens, users } from "../db/schema";
import { fieldError, forbidden } from "../http/errors";
import { emailSchema } from "../http/schemas";
import type { Services } from "../services";
import { checkAccountExists, checkBusinessOfAccount } from "../businesses/routes";
import type { Caller } from "../resources/definition";
import { findRecord } from "../resources/list";
import { bodySchema, idParams, nullableId, personNameSchema, versionSchema } from "../resources/routes";
import { iso, rowsOf, type Executor, type Row } from "../resources/sql";
import { checkUserEmailFree, NO_PASSWORD, userDefinition } from "./resource";
import { logActivity, versionedChange } from "../resources/writes";

export const INVITATION_DAYS = 7;

/**
 * Who may act on a user (role change, disable, enable): super admins on anyone but themselves;
 * admins on the users of their account other than themselves and super admins. Others: 403.
 * (Users outside the caller's scope have already answered 404.)
 */
function checkReach(caller: Caller, target: Row): void {
  if (target.id === caller.id) throw forbidden("You cannot do this to yourself.");
  if (caller.role === "SuperAdmin") return;
  if (caller.role !== "Admin" || target.accountId !== caller.accountId || target.role === "SuperAdmin")
    throw forbidden();
}

async function otherAdmins(db: Executor, accountId: unknown, exceptId: unknown): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as n from users where account_id = ${String(accountId)} and role = 'Admin'
        and deleted_at is null and id <> ${String(exceptId)}`,
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

export function userActionRoutes(app: FastifyInstance, { db }: Services): void {
  const def = userDefinition;
  const reach: ["SuperAdmin", "Admin"] = ["SuperAdmin", "Admin"];
  const versionOnly = bodySchema({ version: versionSchema });

  app.post<{ Params: { id: string }; Body: UserRoleChange }>(
    "/users/:id/role",
    {
      config: { access: reach },
      schema: { params: idParams, body: bodySchema({ version: versionSchema, role: { type: "string", enum: ROLES } }) },
    },
    async (request) => {
      const caller = callerOf(request);
      const { role, version } = request.body;
      return versionedChange(db, def, users, caller, request.params.id, version, "role", async (current, tx) => {
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
      });
    },
  );

  app.post<{ Params: { id: string }; Body: { version: number } }>(
    "/users/:id/disable",
    { config: { access: reach }, schema: { params: idParams, body: versionOnly } },
    async (request) => {
      const caller = callerOf(request);
      return versionedChange(
        db,
        def,
        users,
        caller,
        request.params.id,
        request.body.version,
        "disable",
        async (current, tx) => {
          checkReach(caller, current);
          // Their sessions end: no refresh works any more, and the guard refuses disabled users at once.
          await tx
            .update(refreshTokens)
            .set({ revokedAt: new Date() })
            .where(and(eq(refreshTokens.userId, String(current.id)), isNull(refreshTokens.revokedAt)));
          return { status: "disabled" };
        },
      );
    },
  );

  app.post<{ Params: { id: string }; Body: { version: number } }>(
    "/users/:id/enable",
    { config: { access: reach }, schema: { params: idParams, body: versionOnly } },
    async (request) => {
      const caller = callerOf(request);
      return versionedChange(
        db,
        def,
        users,
        caller,
        request.params.id,
        request.body.version,
        "enable",
        async (current, tx) => {
          checkReach(caller, current);
          const [pending] = await tx
            .select({ id: invitations.id })
            .from(invitations)
            .where(and(eq(invitations.userId, String(current.id)), isNull(invitations.acceptedAt)))
            .limit(1);
          // Someone who never accepted their invitation goes back to invited, not active.
          return { status: pending ? "invited" : "active" };
        },
      );
    },
  );

  app.post<{ Body: InvitationCreate }>(
    "/invitations",
    {
      config: { access: reach },
      schema: {
        body: bodySchema(
          {
            email: emailSchema,
            firstName: personNameSchema,
            lastName: personNameSchema,
            role: { type: "string", enum: ROLES },
            accountId: { type: "string", maxLength: 100 },
            businessId: nullableId,
          },
          ["accountId", "businessId"],
        ),
      },
    },
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
        await checkUserEmailFree(tx, body.email, null);
        const userId = randomUUID();
        const id = randomUUID();
        await tx.insert(users).values({
          id: userId,
          accountId,
          businessId: body.businessId ?? null,
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          email: body.email,
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
        const created = (await findRecord(tx, def, caller, userId)) as Row;
        await logActivity(tx, {
          actorId: caller.id,
          action: "invite",
          resource: "users",
          recordId: userId,
          changes: created,
        });
        const fields = Object.entries(invitationFields("i"))
          .map(([field, expr]) => `${expr} as "${field}"`)
          .join(", ");
        const [row] = await rowsOf(tx, sql`select ${sql.raw(fields)} from invitations i where i.id = ${id}`);
        return row as unknown as Invitation;
      });
      // The reference service has no mail service: the inviter gets the code in the answer. The
      // log names the invitation only, since the code is a credential.
      request.log.info({ invitationId: invitation.id }, "invitation created");
      return reply.status(201).send(invitation);
    },
  );
}
