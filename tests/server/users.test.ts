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
  // [caller, target, expected status]
  const matrix: [string, string, number][] = [
    ["user@example.com", U.user, 200],
    ["user@example.com", U.secondUser, 403],
    ["user@example.com", U.admin, 403],
    ["manager@example.com", U.manager, 200],
    ["manager@example.com", U.user, 200],
    ["manager@example.com", U.pastDueAdmin, 403],
    ["admin@example.com", U.secondUser, 200],
    ["admin@example.com", U.superAdmin, 403],
    ["admin@example.com", U.inactiveAdmin, 403],
    ["pastdue@example.com", U.admin, 403],
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

  it("answers the user record without secrets", async () => {
    const response = await getUser(t.app, tokenOf("admin@example.com"), U.manager);
    expect(response.json()).toEqual({
      id: U.manager,
      accountId: SEED_IDS.accounts.brilliantGems,
      businessId: SEED_IDS.businesses.brilliantLondon,
      firstName: "Marcus",
      lastName: "Reed",
      email: "manager@example.com",
      role: "Manager",
      avatar: null,
    });
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

  it("answers 403, not 404, when a plain user probes other ids", async () => {
    const response = await getUser(t.app, tokenOf("user@example.com"), "30000000-0000-4000-8000-0000000000ff");
    expect(response.statusCode).toBe(403);
  });

  it("answers 400 naming the field for an id that is not an id", async () => {
    const response = await getUser(t.app, tokenOf("superadmin@example.com"), "not-an-id");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "id must be a valid id" });
  });

  it("uses the role in the database, not the one in the token", async () => {
    await t.db.update(users).set({ role: "User" }).where(eq(users.id, U.manager));
    try {
      const response = await getUser(t.app, tokenOf("manager@example.com"), U.user);
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
    expect(response.json()).toEqual({ status, message });
  });

  it("requires a token", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v2/payments/subscription" });
    expect(response.statusCode).toBe(401);
  });
});
