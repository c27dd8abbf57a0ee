/**
 * Issue 24 item 5: inviting tells an admin nothing of other accounts' users. Inviting an email a
 * user of another account holds (pastdue@example.com, Lapis Traders' admin) is answered like
 * inviting an unknown email, and reads back alike everywhere the admin looks (the user's page, the
 * users list, its search, the invitation's public page, inviting again); only accepting it is
 * refused, and the other account's user is untouched. An admin's own users, and super admins (who
 * see every user), are told the email is already used.
 */
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Invitation, InvitationPublic, User } from "../../src/api/resources";
import { users } from "../../server/src/db/schema";
import { createTestApp, login, type TestApp } from "./helpers";
import { A, tokens, U, type Who } from "./records";
import { call, expectRefused, listUrl } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

const OTHER_ACCOUNTS_USER = "pastdue@example.com";
const invite = async (email: string, who: Who = "admin", accountId?: string) =>
  call(t, await token(who), "POST", "/api/invitations", {
    email,
    firstName: "Pat",
    lastName: "Due",
    role: "User",
    ...(accountId === undefined ? {} : { accountId }),
  });

/** What an answer shows of itself, values that differ by nature (ids, codes, times) aside. */
const shapeOf = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  headers: Object.keys(response.headers).sort(),
  fields: Object.keys(response.json<object>()).sort(),
  location: String(response.headers.location).replace(/[A-Za-z0-9_-]{43}$/, "<code>"),
});

describe("an admin inviting another account's user", () => {
  let parked: Invitation;

  it("is answered as for an unknown email: 201, the same fields and headers", async () => {
    const unknown = await invite("pat.due@example.com");
    const other = await invite(OTHER_ACCOUNTS_USER);
    expect(shapeOf(other)).toEqual(shapeOf(unknown));
    expect(other.statusCode, other.body).toBe(201);
    parked = other.json<Invitation>();
    expect(parked).toMatchObject({ email: OTHER_ACCOUNTS_USER, accountId: A.brilliantGems, role: "User" });
  });

  it("reads back alike: the invited user, the list and its search, the invitation's page", async () => {
    const admin = await token("admin");
    const user = await call(t, admin, "GET", `/api/users/${parked.userId}`);
    expect(user.json<User>()).toMatchObject({ status: "invited", email: OTHER_ACCOUNTS_USER });
    for (const query of [{ q: "pastdue" }, { q: "PastDue@Example" }]) {
      const found = await call(t, admin, "GET", listUrl("users", { filter: query, sort: ["email", "ASC"] }));
      expect(found.statusCode).toBe(200);
      expect(found.json<User[]>().map((row) => [row.id, row.email])).toEqual([[parked.userId, OTHER_ACCOUNTS_USER]]);
    }
    const page = await call(t, undefined, "GET", `/api/invitations/${parked.code}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<InvitationPublic>()).toMatchObject({
      email: OTHER_ACCOUNTS_USER,
      accountName: "Brilliant Gems Ltd",
    });
  });

  it("a super admin edits the invited user as any other, the email sent back unchanged", async () => {
    const superAdmin = await token("superAdmin");
    const shown = (await call(t, superAdmin, "GET", `/api/users/${parked.userId}`)).json<User>();
    const edited = await call(t, superAdmin, "PUT", `/api/users/${parked.userId}`, {
      version: shown.version,
      firstName: shown.firstName,
      lastName: "Due-Smith",
      email: shown.email,
      accountId: shown.accountId,
      businessId: shown.businessId,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<User>()).toMatchObject({ lastName: "Due-Smith", email: OTHER_ACCOUNTS_USER });
  });

  it("inviting the same email again is refused as for any invitation already made", async () => {
    const again = await expectRefused(t, () => invite(OTHER_ACCOUNTS_USER), 422, "email");
    const freshAgain = await expectRefused(t, () => invite("PAT.DUE@example.com"), 422, "email");
    expect(again).toEqual(freshAgain);
    expect(again.errors).toEqual({ email: "This email is already used." });
  });

  it("cannot be accepted: 409, and the other account's user is untouched", async () => {
    const [before] = await t.db.select().from(users).where(eq(users.id, U.pastDueAdmin));
    const accepted = await expectRefused(
      t,
      () =>
        call(t, undefined, "POST", `/api/invitations/${parked.code}/accept`, {
          firstName: "Pat",
          lastName: "Due",
          password: "a new password",
        }),
      409,
    );
    expect(accepted.message).toBe("This user cannot accept the invitation. Contact your administrator.");
    const [after] = await t.db.select().from(users).where(eq(users.id, U.pastDueAdmin));
    expect(after).toEqual(before);
    expect((await login(t.app, OTHER_ACCOUNTS_USER)).statusCode).toBe(200);
    expect((await login(t.app, OTHER_ACCOUNTS_USER, "a new password")).statusCode).toBe(401);
  });
});

describe("a parked invitation whose email is freed before it is accepted", () => {
  it("gives its user the invitation's email on accepting, who then signs in with it", async () => {
    const email = "inactive@example.com";
    const invitation = (await invite(email)).json<Invitation>();
    // The other account's user changes address meanwhile: the email is nobody's now.
    await t.db.update(users).set({ email: "inactive-moved@example.com" }).where(eq(users.email, email));
    const accepted = await call(t, undefined, "POST", `/api/invitations/${invitation.code}/accept`, {
      firstName: "Ina",
      lastName: "Ctive",
      password: "a new password",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, invitation.userId));
    expect(row).toMatchObject({ email, status: "active" });
    const signedIn = await login(t.app, email, "a new password");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ user: { id: string } }>().user.id).toBe(invitation.userId);
  });
});

describe("an invitation the caller can see is already used", () => {
  it("an admin inviting a user of their own account: 422", async () => {
    const refused = await expectRefused(t, () => invite("user@example.com"), 422, "email");
    expect(refused.errors).toEqual({ email: "This email is already used." });
  });

  it("a super admin inviting any user, whichever account: 422", async () => {
    await token("superAdmin"); // Signed in first: a sign-in writes, the refusals must not.
    await expectRefused(t, () => invite(OTHER_ACCOUNTS_USER, "superAdmin", A.brilliantGems), 422, "email");
    await expectRefused(t, () => invite("admin@example.com", "superAdmin", A.lapisTraders), 422, "email");
  });
});
