/**
 * The public invitation endpoints (docs/api-resources.md "Invitations"): a guest reads a pending
 * invitation and accepts it, which activates the invited user and answers like a sign-in. Every
 * refusal leaves the data as it was.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Invitation, InvitationPublic, User } from "../../src/api/resources";
import type { LoginResponse } from "../../src/api/types";
import { verifyPassword } from "../../server/src/auth/passwords";
import { INVITATION_DAYS } from "../../server/src/users/actions";
import { activityLog, invitations, users } from "../../server/src/db/schema";
import { CONTRACT, LIMITS } from "../fixtures/contract";
import { createTestApp, expectAnswer, getUser, login, type TestApp } from "./helpers";
import { A, EMAILS, tokens, U, type Who } from "./records";
import { call, expectRefused } from "./resourceHelpers";

const NOT_VALID = "This invitation is not valid any more.";

let t: TestApp;
let adminToken: string;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  adminToken = await token("admin");
});
afterAll(() => t.close());

let invited = 0;
async function invite(options: { by?: string; email?: string; role?: string; accountId?: string } = {}) {
  invited += 1;
  const response = await call(t, options.by ?? adminToken, "POST", "/api/invitations", {
    email: options.email ?? `guest${invited}@example.com`,
    firstName: "Guest",
    lastName: `Number ${invited}`,
    role: options.role ?? "Manager",
    ...(options.accountId === undefined ? {} : { accountId: options.accountId }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const invitation = response.json<Invitation>();
  // Where its guest reads it.
  expect(response.headers.location).toBe(`/api/invitations/${invitation.code}`);
  return invitation;
}

/** POST users/{id}/invitation: a new link for an invited user. */
const reissue = (by: string, userId: string) => call(t, by, "POST", `/api/users/${userId}/invitation`);

const read = (code: string) => call(t, undefined, "GET", `/api/invitations/${code}`);
const accept = (code: string, body: unknown) => call(t, undefined, "POST", `/api/invitations/${code}/accept`, body);
const GOOD = { firstName: "  Grace ", lastName: "Hopper", password: "correct horse" };

describe("invitations (public)", () => {
  it("shows a pending invitation, accepts it once, and the answer signs the user in", async () => {
    const invitation = await invite();
    const shown = await read(invitation.code);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<InvitationPublic>()).toEqual({
      email: invitation.email,
      firstName: "Guest",
      lastName: `Number ${invited}`,
      role: "Manager",
      accountName: "Brilliant Gems Ltd",
      expiresAt: invitation.expiresAt,
    });

    const accepted = await accept(invitation.code, GOOD);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json<LoginResponse>();
    expect(session).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      user: expect.objectContaining({ id: invitation.userId, firstName: "Grace", lastName: "Hopper", role: "Manager" }),
    });

    const me = await getUser(t.app, session.accessToken, invitation.userId);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<User>()).toMatchObject({ status: "active", firstName: "Grace", lastName: "Hopper" });

    const [row] = await t.db.select().from(users).where(eq(users.id, invitation.userId));
    expect(row!.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(row!.passwordHash, GOOD.password)).toBe(true);
    expect((await login(t.app, invitation.email, GOOD.password)).statusCode).toBe(200);

    const entries = await t.db.select().from(activityLog).where(eq(activityLog.recordId, invitation.userId));
    expect(entries.map((entry) => entry.action)).toContain("accept-invitation");

    // Used: neither shown nor accepted again.
    expect((await read(invitation.code)).json()).toEqual({ message: NOT_VALID });
    const again = await expectRefused(t, () => accept(invitation.code, GOOD), 404);
    expect(again.message).toBe(NOT_VALID);
  });

  it("refuses an expired invitation", async () => {
    const invitation = await invite();
    await t.db.execute(
      sql`update invitations set expires_at = now() - interval '1 minute' where id = ${invitation.id}`,
    );
    const shown = await read(invitation.code);
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toEqual({ message: NOT_VALID });
    expect((await expectRefused(t, () => accept(invitation.code, GOOD), 404)).message).toBe(NOT_VALID);
  });

  it("refuses an unknown code", async () => {
    const shown = await read("no-such-code");
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toEqual({ message: NOT_VALID });
    expect((await expectRefused(t, () => accept("no-such-code", GOOD), 404)).message).toBe(NOT_VALID);
  });

  it("refuses a short password and missing or blank fields, naming the field", async () => {
    const invitation = await invite();
    const short = "x".repeat(LIMITS.passwordMin - 1);
    await expectRefused(t, () => accept(invitation.code, { ...GOOD, password: short }), 400, "password");
    await expectRefused(t, () => accept(invitation.code, { ...GOOD, password: " ".repeat(8) }), 400, "password");
    await expectRefused(t, () => accept(invitation.code, { lastName: "X", password: "long enough" }), 400, "firstName");
    await expectRefused(t, () => accept(invitation.code, { firstName: "X", password: "long enough" }), 400, "lastName");
    await expectRefused(t, () => accept(invitation.code, { firstName: "X", lastName: "Y" }), 400, "password");
    await expectRefused(t, () => accept(invitation.code, { ...GOOD, firstName: "   " }), 400, "firstName");
    // Still pending after all of that.
    expect((await read(invitation.code)).statusCode).toBe(200);
  });

  it("refuses a disabled invitee with 409", async () => {
    const invitation = await invite();
    const user = (await call(t, adminToken, "GET", `/api/users/${invitation.userId}`)).json<User>();
    const disabled = await call(t, adminToken, "POST", `/api/users/${user.id}/disable`, { version: user.version });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await expectRefused(t, () => accept(invitation.code, GOOD), 409);
  });
});

/**
 * A new invitation link for an invited user (docs/decisions.md "Invitations send no email"):
 * whoever may invite into the user's account gets a new code, valid INVITATION_DAYS, and every
 * earlier code of that user stops working at once.
 */
describe("a new invitation link (POST users/{id}/invitation)", () => {
  it("gives an admin a new link for their invited user: the new code opens and is accepted, the old one is refused", async () => {
    const first = await invite();
    const response = await reissue(adminToken, first.userId);
    const again = expectAnswer<Invitation>(response, CONTRACT.reissueInvitation.ok);
    expect(response.headers.location).toBe(`/api/invitations/${again.code}`);
    expect(again).toMatchObject({
      userId: first.userId,
      email: first.email,
      role: "Manager",
      accountId: first.accountId,
      businessId: first.businessId,
    });
    expect(again.id).not.toBe(first.id);
    expect(again.code).not.toBe(first.code);
    const days = (Date.parse(again.expiresAt) - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(INVITATION_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITATION_DAYS);

    // The old code no longer opens nor accepts; the new one does both.
    expect((await read(first.code)).json()).toEqual({ message: NOT_VALID });
    expect((await expectRefused(t, () => accept(first.code, GOOD), 404)).message).toBe(NOT_VALID);
    const shown = await read(again.code);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<InvitationPublic>()).toMatchObject({ email: first.email, expiresAt: again.expiresAt });
    const accepted = await accept(again.code, GOOD);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<LoginResponse>().user).toMatchObject({ id: first.userId, role: "Manager" });

    // Logged as an invitation, without the code (the guest's credential).
    const entries = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.recordId, first.userId), eq(activityLog.action, "invite")));
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries.map((entry) => entry.changes))).not.toContain(again.code);

    // Accepted: active now, so no new link (409), and nothing changes.
    const refused = await expectRefused(t, () => reissue(adminToken, first.userId), 409);
    expect(refused).toEqual(CONTRACT.reissueInvitation.notInvited.body);
  });

  it("makes every earlier link of the user stop working, however many", async () => {
    const first = await invite();
    const second = expectAnswer<Invitation>(await reissue(adminToken, first.userId), CONTRACT.reissueInvitation.ok);
    const third = expectAnswer<Invitation>(await reissue(adminToken, first.userId), CONTRACT.reissueInvitation.ok);
    expect((await read(first.code)).statusCode).toBe(404);
    expect((await read(second.code)).statusCode).toBe(404);
    expect((await read(third.code)).statusCode).toBe(200);
    const rows = await t.db.select().from(invitations).where(eq(invitations.userId, first.userId));
    expect(rows.filter((row) => row.expiresAt.getTime() > Date.now()).map((row) => row.code)).toEqual([third.code]);
  });

  it("refuses a user who is not invited with 409: active, or invited and disabled", async () => {
    const active = await expectRefused(t, () => reissue(adminToken, U.user), 409);
    expect(active).toEqual(CONTRACT.reissueInvitation.notInvited.body);
    const pending = await invite();
    const user = (await call(t, adminToken, "GET", `/api/users/${pending.userId}`)).json<User>();
    const disabled = await call(t, adminToken, "POST", `/api/users/${user.id}/disable`, { version: user.version });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await expectRefused(t, () => reissue(adminToken, pending.userId), 409);
    // The earlier link was left as it was.
    expect((await read(pending.code)).statusCode).toBe(200);
  });

  it("refuses managers and users (403), another account's admin and unknown users (404)", async () => {
    const pending = await invite();
    // Signed in first: signing in writes.
    const [manager, user, stranger] = await Promise.all([token("manager"), token("user"), token("pastDueAdmin")]);
    await expectRefused(t, () => reissue(manager, pending.userId), 403);
    await expectRefused(t, () => reissue(user, pending.userId), 403);
    const elsewhere = await expectRefused(t, () => reissue(stranger, pending.userId), 404);
    expect(elsewhere).toEqual(CONTRACT.record.notFound("User").body);
    await expectRefused(t, () => reissue(adminToken, "30000000-0000-4000-8000-00000000ffff"), 404);
    expect((await read(pending.code)).statusCode).toBe(200);
  });

  it("refuses an admin an invited super admin of their account (403), as inviting one is refused", async () => {
    const superAdmin = await token("superAdmin");
    const pending = await invite({ by: superAdmin, role: "SuperAdmin", accountId: A.brilliantGems });
    await expectRefused(t, () => reissue(adminToken, pending.userId), 403);
    expectAnswer(await reissue(superAdmin, pending.userId), CONTRACT.reissueInvitation.ok);
  });

  it("lets a super admin make a new link for an invited user of any account", async () => {
    const superAdmin = await token("superAdmin");
    const elsewhere = await invite({ by: superAdmin, role: "User", accountId: A.lapisTraders });
    const again = expectAnswer<Invitation>(await reissue(superAdmin, elsewhere.userId), CONTRACT.reissueInvitation.ok);
    expect(again).toMatchObject({ userId: elsewhere.userId, accountId: A.lapisTraders, email: elsewhere.email });
    expect((await read(elsewhere.code)).statusCode).toBe(404);
    expect((await read(again.code)).statusCode).toBe(200);
    // The admin's own account too.
    const own = await invite();
    expectAnswer(await reissue(superAdmin, own.userId), CONTRACT.reissueInvitation.ok);
  });

  it("keeps a parked invitation's email, never its user's placeholder", async () => {
    // Another account's user has this email: the invitation is parked (parkedInvitations.ts).
    const parked = await invite({ email: EMAILS.pastDueAdmin });
    const [row] = await t.db.select().from(users).where(eq(users.id, parked.userId));
    expect(row!.email).not.toBe(EMAILS.pastDueAdmin);
    const again = expectAnswer<Invitation>(await reissue(adminToken, parked.userId), CONTRACT.reissueInvitation.ok);
    expect(again.email).toBe(EMAILS.pastDueAdmin);
    expect((await read(again.code)).json<InvitationPublic>().email).toBe(EMAILS.pastDueAdmin);
  });
});
