import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiUser, LoginResponse } from "../../src/api/types";
import { users } from "../../server/src/db/schema";
import { SEED_IDS } from "../../server/src/db/seed";
import { createTestApp, getUser, messageOf, signIn, type TestApp } from "./helpers";

let t: TestApp;
const sessions: Record<string, LoginResponse> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const email of [
    "superadmin@example.com",
    "admin@example.com",
    "manager@example.com",
    "user@example.com",
    "pastdue@example.com",
  ]) {
    sessions[email] = await signIn(t.app, email);
  }
});
afterAll(() => t.close());

const U = SEED_IDS.users;
const tokenOf = (email: string) => sessions[email]!.accessToken;

describe("GET /api/users/{id}", () => {
  // [caller, target, expected status]. Since the users resource (docs/api-resources.md) everyone
  // reads the users of their own account ("Tested by"), and other accounts' users answer 404.
  const matrix: [string, string, number][] = [
    ["user@example.com", U.user, 200],
    ["user@example.com", U.secondUser, 200],
    ["user@example.com", U.admin, 200],
    ["manager@example.com", U.manager, 200],
    ["manager@example.com", U.user, 200],
    ["manager@example.com", U.pastDueAdmin, 404],
    ["admin@example.com", U.secondUser, 200],
    ["admin@example.com", U.superAdmin, 404],
    ["admin@example.com", U.inactiveAdmin, 404],
    ["pastdue@example.com", U.admin, 404],
    ["superadmin@example.com", U.user, 200],
    ["superadmin@example.com", U.inactiveAdmin, 200],
  ];

  it.each(matrix)("%s reading %s → %i", async (caller, target, status) => {
    const response = await getUser(t.app, tokenOf(caller), target);
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      expect(response.json<ApiUser>().id).toBe(target);
    } else {
      expect(messageOf(response)).toEqual(expect.any(String));
      expect(response.json()).not.toHaveProperty("email");
    }
  });

  it("answers the full User record (the session's ApiUser fields included) without secrets", async () => {
    const response = await getUser(t.app, tokenOf("admin@example.com"), U.manager);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      id: U.manager,
      accountId: SEED_IDS.accounts.brilliantGems,
      businessId: SEED_IDS.businesses.brilliantLondon,
      firstName: "Marcus",
      lastName: "Reed",
      email: "manager@example.com",
      role: "Manager",
      avatar: null,
      accountName: "Brilliant Gems Ltd",
      businessName: "Brilliant Gems London",
      status: "active",
      // Made a manager once in the seeded history (server/src/db/seedActivity.ts).
      version: 2,
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        "id",
        "version",
        "firstName",
        "lastName",
        "email",
        "role",
        "accountId",
        "accountName",
        "businessId",
        "businessName",
        "status",
        "lastSignInAt",
        "avatar",
        "createdAt",
      ].sort(),
    );
  });

  it("answers 404 for an unknown or deleted user", async () => {
    const unknown = await getUser(t.app, tokenOf("superadmin@example.com"), "30000000-0000-4000-8000-0000000000ff");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "User not found." });

    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, U.secondUser));
    try {
      expect((await getUser(t.app, tokenOf("admin@example.com"), U.secondUser)).statusCode).toBe(404);
    } finally {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, U.secondUser));
    }
  });

  it("answers 404 alike for unknown ids and ids that are not ids (record ids are opaque strings)", async () => {
    for (const id of ["30000000-0000-4000-8000-0000000000ff", "not-an-id"]) {
      const response = await getUser(t.app, tokenOf("user@example.com"), id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "User not found." });
    }
  });

  it("uses the role in the database, not the one in the token", async () => {
    await t.db.update(users).set({ role: "User" }).where(eq(users.id, U.manager));
    try {
      // The users list is for super admins, admins and managers.
      const response = await t.app.inject({
        method: "GET",
        url: "/api/users",
        headers: { authorization: `Bearer ${tokenOf("manager@example.com")}` },
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await t.db.update(users).set({ role: "Manager" }).where(eq(users.id, U.manager));
    }
  });

  it("requires a token", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/users/${U.user}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Unauthorized" });
  });
});

describe("GET /api/v2/payments/subscription", () => {
  const cases: [string, string, string][] = [
    ["superadmin@example.com", "active", "Your subscription is active."],
    ["admin@example.com", "active", "Your subscription is active."],
    ["user@example.com", "active", "Your subscription is active."],
    [
      "pastdue@example.com",
      "past_due",
      "Your payment is past due. Please update your payment method within 7 days to keep full access.",
    ],
    [
      "inactive@example.com",
      "inactive",
      "Your subscription is inactive. Start a new subscription to restore full access.",
    ],
  ];

  it.each(cases)("%s → %s", async (email, status, message) => {
    const session = sessions[email] ?? (await signIn(t.app, email));
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v2/payments/subscription",
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status, message });
    // Only an inactive answer names the account's admins (whom its people ask to pay).
    expect("admins" in response.json<object>()).toBe(status === "inactive");
  });

  it("requires a token", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v2/payments/subscription" });
    expect(response.statusCode).toBe(401);
  });
});
