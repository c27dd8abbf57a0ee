/**
 * User Settings (docs/api.md "User settings"): the caller's preferences (GET/PUT users/me/
 * preferences, versioned, defaults for a user with none), the password change (current password
 * required, every other sign-in signed out, rate-limited), the avatar (content-checked upload,
 * replace, remove, served by its URL; no blob left behind), and the name change through PUT
 * users/{id}. Every write records an activity entry; every refusal changes nothing.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { AVATAR_TOO_MANY_PIXELS } from "../../server/src/userSettings/avatar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/api/resources";
import type { ApiUser, LoginResponse } from "../../src/api/types";
import {
  AVATAR_MAX_BYTES,
  DEFAULT_PREFERENCES,
  EMAIL_NOTIFICATION_KINDS,
  type UserPreferences,
} from "../../src/api/userSettings";
import { activityLog, refreshTokens, userPreferences, users } from "../../server/src/db/schema";
import { hashPassword } from "../../server/src/auth/passwords";
import { CONTRACT } from "../fixtures/contract";
import { bearer, createTestApp, expectAnswer, login, refresh, tablesDigest, type TestApp } from "./helpers";
import { A, listFiles, multipart } from "./records";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OLD_PASSWORD = "old password 1";
const NEW_PASSWORD = "a brand new passphrase";

/** A user of our own (so password changes touch nobody else), signed in once. */
async function newUser(role: "User" | "Admin" | "Manager" | "SuperAdmin" = "User") {
  const id = randomUUID();
  const email = `settings-${id.slice(0, 8)}@example.com`;
  await t.db.insert(users).values({
    id,
    accountId: A.brilliantGems,
    firstName: "Grace",
    lastName: "Hopper",
    email,
    passwordHash: await hashPassword(OLD_PASSWORD),
    role,
  });
  const session = await signInAs(email, OLD_PASSWORD);
  return { id, email, session };
}

async function signInAs(email: string, password: string): Promise<LoginResponse> {
  const response = await login(t.app, email, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoginResponse>();
}

const send = (token: string, method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

const entriesOf = (userId: string, action: string) =>
  t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.recordId, userId), eq(activityLog.action, action)))
    .orderBy(activityLog.createdAt);

/** What a refused request must leave as it was: the rows and the stored files. */
const state = async () => ({
  tables: await tablesDigest(t.db, [users, userPreferences, activityLog, refreshTokens]),
  files: await listFiles(t.config.filesDir),
});

async function expectNothingChanged(request: () => Promise<LightMyRequestResponse>) {
  const before = await state();
  const response = await request();
  expect(await state()).toEqual(before);
  return response;
}

describe("GET and PUT /api/users/me/preferences", () => {
  it("answers the defaults (version 0) to a user who never saved any, for every role", async () => {
    for (const role of ["SuperAdmin", "Admin", "Manager", "User"] as const) {
      const { session } = await newUser(role);
      const response = await send(session.accessToken, "GET", "/api/users/me/preferences");
      expect(expectAnswer(response, CONTRACT.userSettings.defaults)).toEqual(DEFAULT_PREFERENCES);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/users/me/preferences" })).statusCode).toBe(401);
  });

  it("changes the fields sent, keeps the others, versions each change and records what changed", async () => {
    const { id, session } = await newUser();
    const token = session.accessToken;
    const first = await send(token, "PUT", "/api/users/me/preferences", {
      version: 0,
      theme: "dark",
      emailNotifications: { "weekly-digest": false },
    });
    const saved = expectAnswer<UserPreferences>(first, CONTRACT.userSettings.preferences);
    expect(saved).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: "dark",
      emailNotifications: { ...DEFAULT_PREFERENCES.emailNotifications, "weekly-digest": false },
      version: 1,
    });
    expect((await send(token, "GET", "/api/users/me/preferences")).json()).toEqual(saved);

    const second = await send(token, "PUT", "/api/users/me/preferences", {
      version: 1,
      sidebarOpen: false,
      rowsPerPage: 50,
    });
    expect(second.json()).toEqual({ ...saved, sidebarOpen: false, rowsPerPage: 50, version: 2 });

    const entries = await entriesOf(id, "preferences");
    expect(entries.map((entry) => [entry.actorId, entry.resource, entry.changes])).toEqual([
      [id, "users", { theme: ["light", "dark"], "emailNotifications.weekly-digest": [true, false] }],
      [id, "users", { sidebarOpen: [true, false], rowsPerPage: [25, 50] }],
    ]);
  });

  it("answers 409 with the stored preferences to a change based on an old version, changing nothing", async () => {
    const { session } = await newUser();
    const token = session.accessToken;
    const stored = (await send(token, "PUT", "/api/users/me/preferences", { version: 0, theme: "dark" })).json();
    for (const version of [0, 2]) {
      const response = await expectNothingChanged(() =>
        send(token, "PUT", "/api/users/me/preferences", { version, rowsPerPage: 10 }),
      );
      const body = expectAnswer<{ message: string; current: UserPreferences }>(
        response,
        CONTRACT.userSettings.changedElsewhere,
      );
      expect(body).toEqual({ message: CONTRACT.userSettings.changedElsewhere.body.message, current: stored });
    }
  });

  it("of two first saves at once, one is stored and the other answers 409", async () => {
    const { session } = await newUser();
    const token = session.accessToken;
    const answers = await Promise.all([
      send(token, "PUT", "/api/users/me/preferences", { version: 0, theme: "dark" }),
      send(token, "PUT", "/api/users/me/preferences", { version: 0, rowsPerPage: 10 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it("writes nothing, not even an entry, for a change that changes nothing", async () => {
    const { id, session } = await newUser();
    const response = await expectNothingChanged(() =>
      send(session.accessToken, "PUT", "/api/users/me/preferences", { version: 0, theme: "light", rowsPerPage: 25 }),
    );
    expect(response.json()).toEqual(DEFAULT_PREFERENCES);
    expect(await entriesOf(id, "preferences")).toEqual([]);
  });

  it("refuses a value or a field it does not know with 400, changing nothing", async () => {
    const { session } = await newUser();
    const token = session.accessToken;
    const put = (body: object) => () => send(token, "PUT", "/api/users/me/preferences", body);
    const exact = [
      [{ version: 0, rowsPerPage: 30 }, CONTRACT.userSettings.badRowsPerPage],
      [{ version: 0, emailNotifications: { newsletter: true } }, CONTRACT.userSettings.unknownEmail],
    ] as const;
    for (const [body, answer] of exact) expectAnswer(await expectNothingChanged(put(body)), answer);
    for (const body of [
      { version: 0, theme: "blue" },
      { version: 0, theme: "dark\u0000" },
      { version: 0, sidebarOpen: "yes" },
      { version: 0, emailNotifications: { "weekly-digest": "off" } },
      { version: 0, avatar: "x" },
      { theme: "dark" },
      { version: -1, theme: "dark" },
      { version: "0", theme: "dark" },
    ]) {
      const response = await expectNothingChanged(put(body));
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("keeps each user's preferences their own", async () => {
    const one = await newUser();
    const other = await newUser();
    await send(one.session.accessToken, "PUT", "/api/users/me/preferences", { version: 0, theme: "dark" });
    expect((await send(other.session.accessToken, "GET", "/api/users/me/preferences")).json()).toEqual(
      DEFAULT_PREFERENCES,
    );
  });

  it("names every email kind the console offers", () => {
    expect(Object.keys(CONTRACT.userSettings.defaults.body.emailNotifications)).toEqual([...EMAIL_NOTIFICATION_KINDS]);
  });
});

describe("POST /api/users/me/password", () => {
  const change = (session: LoginResponse, body: Partial<Record<string, string>> = {}) =>
    send(session.accessToken, "POST", "/api/users/me/password", {
      currentPassword: OLD_PASSWORD,
      newPassword: NEW_PASSWORD,
      refreshToken: session.refreshToken,
      ...body,
    });

  it("changes the password, keeps the caller's sign-in and signs every other one out", async () => {
    const { id, email, session } = await newUser();
    const phone = await signInAs(email, OLD_PASSWORD);
    const laptop = await signInAs(email, OLD_PASSWORD);
    // The laptop's sign-in refreshed once: its family, not just its first token, is signed out.
    const laptopNow = (await refresh(t.app, laptop.refreshToken)).json<{ refreshToken: string }>();

    const response = await change(session);
    expect(expectAnswer(response, CONTRACT.userSettings.passwordChanged)).toEqual({ signedOutSessions: 2 });

    expect((await refresh(t.app, phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(t.app, laptopNow.refreshToken)).statusCode).toBe(401);
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(200);
    expect((await login(t.app, email, OLD_PASSWORD)).statusCode).toBe(401);
    await signInAs(email, NEW_PASSWORD);

    const [entry, ...more] = await entriesOf(id, "change-password");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: id, resource: "users", recordId: id, changes: {} });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    const logged = JSON.stringify(await t.db.select().from(activityLog).where(eq(activityLog.recordId, id)));
    for (const secret of [OLD_PASSWORD, NEW_PASSWORD, row!.passwordHash]) expect(logged).not.toContain(secret);
  });

  it("keeps the caller's sign-in when its token was just rotated by a refresh in flight", async () => {
    const { email, session } = await newUser();
    const rotated = (await refresh(t.app, session.refreshToken)).json<{ refreshToken: string }>();
    // The console sent the token it held a moment before the refresh answered.
    expect((await change(session)).statusCode).toBe(200);
    expect((await refresh(t.app, rotated.refreshToken)).statusCode).toBe(200);
    await signInAs(email, NEW_PASSWORD);
  });

  it("refuses a wrong current password with 400 naming the field, changing nothing", async () => {
    const { email, session } = await newUser();
    const other = await signInAs(email, OLD_PASSWORD);
    const response = await expectNothingChanged(() => change(session, { currentPassword: "not my password" }));
    expectAnswer(response, CONTRACT.userSettings.wrongCurrentPassword);
    expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(200);
    await signInAs(email, OLD_PASSWORD);
  });

  it("refuses the same password, a short one, a missing field and another's sign-in, changing nothing", async () => {
    const { email, session } = await newUser();
    const stranger = await newUser();
    expectAnswer(
      await expectNothingChanged(() => change(session, { newPassword: OLD_PASSWORD })),
      CONTRACT.userSettings.samePassword,
    );
    expectAnswer(
      await expectNothingChanged(() => change(session, { newPassword: "short" })),
      CONTRACT.userSettings.shortPassword,
    );
    for (const body of [
      { refreshToken: stranger.session.refreshToken },
      { refreshToken: "R".repeat(43) },
      { newPassword: "x".repeat(257) },
      { newPassword: " ".repeat(9) },
      { currentPassword: "" },
    ]) {
      const response = await expectNothingChanged(() => change(session, body));
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await expectNothingChanged(() =>
      send(session.accessToken, "POST", "/api/users/me/password", { currentPassword: OLD_PASSWORD }),
    );
    expect(missing.statusCode).toBe(400);
    // A signed-out sign-in's refresh token is not the caller's any more either (and its access
    // token is refused outright: 401).
    await t.app.inject({ method: "POST", url: "/api/v2/auth/logout", payload: { refreshToken: session.refreshToken } });
    expect((await change(session)).statusCode).toBe(401);
    const again = await signInAs(email, OLD_PASSWORD);
    expect((await change(again, { refreshToken: session.refreshToken })).statusCode).toBe(400);
    await signInAs(email, OLD_PASSWORD);
  });

  it("counts wrong current passwords as failed sign-ins: the sixth attempt answers 429", async () => {
    const { email, session } = await newUser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await change(session, { currentPassword: `wrong ${attempt}` })).statusCode).toBe(400);
    }
    const blocked = await expectNothingChanged(() => change(session));
    expect(blocked.statusCode).toBe(429);
    // The lock is per (address, email): sign-in from the same address (inject's) is locked too.
    expect((await login(t.app, email, OLD_PASSWORD, "127.0.0.1")).statusCode).toBe(429);
  });
});

describe("the avatar: POST and DELETE /api/users/me/avatar, GET its URL", () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 3)]);
  const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(256, 0x90)]);

  const upload = (token: string, files: { name: string; content: Buffer; field?: string }[], fields = {}) => {
    const { payload, headers } = multipart(
      fields,
      files.map((file) => ({ field: "file", ...file })),
    );
    return t.app.inject({
      method: "POST",
      url: "/api/users/me/avatar",
      headers: { ...headers, ...bearer(token) },
      payload,
    });
  };
  const image = (url: string) => t.app.inject({ method: "GET", url });
  const keyOf = (url: string) => url.split("/").pop()!;
  const stored = async () => (await listFiles(t.config.filesDir)).map((line) => line.split(":")[0]);

  it("stores a large image shrunk to 512 px a side, in its own format (a face is never drawn larger)", async () => {
    const { session } = await newUser();
    // 3000 × 1500, a few KB of PNG: small in bytes, huge to decode in every list showing the face.
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#2e7d32" } })
      .png()
      .toBuffer();
    const user = (await upload(session.accessToken, [{ name: "wide.png", content: wide }])).json<ApiUser>();
    const served = await image(user.avatar!);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "png", width: 512, height: 256 });
    // Past 50 megapixels it is refused unread: decoding it would take seconds and hundreds of MB.
    const huge = await sharp({ create: { width: 8000, height: 6500, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const refused = await upload(session.accessToken, [{ name: "huge.png", content: huge }]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ message: AVATAR_TOO_MANY_PIXELS });
  });

  it("stores an image, serves it by the URL the user now carries, replaces it, removes it", async () => {
    const { id, session } = await newUser();
    const token = session.accessToken;

    const first = expectAnswer<ApiUser>(
      await upload(token, [{ name: "me.png", content: PNG }]),
      CONTRACT.userSettings.avatarUploaded,
    );
    const firstUrl = first.avatar!;
    expect(firstUrl).toMatch(new RegExp(`^/api/users/${id}/avatar/avatar-[0-9a-f-]{36}\\.png$`));
    expect((await send(token, "GET", `/api/users/${id}`)).json<User>().avatar).toBe(firstUrl);
    const served = await image(firstUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("private, max-age=86400");
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const second = (await upload(token, [{ name: "Me.JPEG", content: JPEG }])).json<ApiUser>();
    expect(second.avatar).toMatch(/\.jpg$/);
    expect((await image(second.avatar!)).headers["content-type"]).toBe("image/jpeg");
    // The replaced one is gone from storage and no longer served.
    expect(await stored()).not.toContain(keyOf(firstUrl));
    expect(await stored()).toContain(keyOf(second.avatar!));
    expect((await image(firstUrl)).statusCode).toBe(404);

    const removed = await send(token, "DELETE", "/api/users/me/avatar");
    expect(expectAnswer<ApiUser>(removed, CONTRACT.userSettings.avatarRemoved).avatar).toBeNull();
    expect(await stored()).not.toContain(keyOf(second.avatar!));
    expect((await image(second.avatar!)).statusCode).toBe(404);
    // Removing it again changes nothing and records nothing.
    const again = await expectNothingChanged(() => send(token, "DELETE", "/api/users/me/avatar"));
    expect(again.statusCode).toBe(200);

    const entries = await entriesOf(id, "avatar");
    expect(entries.map((entry) => [entry.actorId, entry.resource, entry.changes])).toEqual([
      [id, "users", { avatar: [null, firstUrl] }],
      [id, "users", { avatar: [firstUrl, second.avatar] }],
      [id, "users", { avatar: [second.avatar, null] }],
    ]);
  });

  it("refuses what is not one JPEG or PNG image of at most 2 MiB, leaving no file and no change", async () => {
    const { session } = await newUser();
    const token = session.accessToken;
    const refused: [
      () => Promise<LightMyRequestResponse>,
      (typeof CONTRACT.userSettings)[keyof typeof CONTRACT.userSettings] | number,
    ][] = [
      [() => upload(token, [{ name: "me.gif", content: PNG }]), CONTRACT.userSettings.avatarWrongType],
      [() => upload(token, [{ name: "setup.exe", content: EXE }]), CONTRACT.userSettings.avatarWrongType],
      [() => upload(token, [{ name: "me.png", content: EXE }]), CONTRACT.userSettings.avatarBadContent],
      [() => upload(token, [{ name: "me.png", content: JPEG }]), CONTRACT.userSettings.avatarBadContent],
      [
        () => upload(token, [{ name: "me.png", content: Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]) }]),
        CONTRACT.userSettings.avatarTooLarge,
      ],
      [() => upload(token, [{ name: "me.png", content: Buffer.alloc(0) }]), CONTRACT.userSettings.avatarEmpty],
      [() => upload(token, [{ name: "me.jpg", content: Buffer.alloc(0) }]), CONTRACT.userSettings.avatarEmpty],
      [() => upload(token, []), 400],
      [() => upload(token, [{ name: "me.png", content: PNG, field: "files" }]), 400],
      [() => upload(token, [{ name: "me.png", content: PNG }], { note: "hi" }), 400],
      [
        () =>
          upload(token, [
            { name: "me.png", content: PNG },
            { name: "me2.png", content: PNG },
          ]),
        400,
      ],
      [() => send(token, "POST", "/api/users/me/avatar", { file: "me.png" }), 400],
      [
        () =>
          t.app.inject({
            method: "POST",
            url: "/api/users/me/avatar",
            ...multipart({}, [{ field: "file", name: "me.png", content: PNG }]),
          }),
        401,
      ],
    ];
    for (const [request, answer] of refused) {
      const response = await expectNothingChanged(request);
      if (typeof answer === "number") expect(response.statusCode, response.body).toBe(answer);
      else expectAnswer(response, answer as never);
    }
  });

  it("leaves no file behind when storing the avatar fails after the image was written", async () => {
    const { id, session } = await newUser();
    const token = session.accessToken;
    const kept = (await upload(token, [{ name: "me.png", content: PNG }])).json<ApiUser>().avatar;
    // The activity entry cannot be written: the transaction fails after the blob was stored.
    await t.db.execute(
      sql`alter table activity_log add constraint refuse_avatars check (action <> 'avatar') not valid`,
    );
    try {
      const before = await state();
      const response = await upload(token, [{ name: "new.jpg", content: JPEG }]);
      expect(response.statusCode).toBe(500);
      expect(await state()).toEqual(before);
    } finally {
      await t.db.execute(sql`alter table activity_log drop constraint refuse_avatars`);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.avatar).toBe(kept);
    expect((await image(kept!)).statusCode).toBe(200);
  });

  it("serves only a live user's current avatar by its exact URL", async () => {
    const owner = await newUser();
    const url = (await upload(owner.session.accessToken, [{ name: "me.png", content: PNG }])).json<ApiUser>().avatar!;
    const key = keyOf(url);
    const other = await newUser();
    for (const wrong of [
      `/api/users/${other.id}/avatar/${key}`,
      `/api/users/${owner.id}/avatar/avatar-${randomUUID()}.png`,
      `/api/users/${owner.id}/avatar/${key.replace(".png", ".jpg")}`,
      `/api/users/${owner.id}/avatar/..%2Fsecret`,
      `/api/users/${owner.id}/avatar/${"a".repeat(101)}`,
    ]) {
      const response = await image(wrong);
      expect([400, 404], wrong).toContain(response.statusCode);
    }
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await image(url)).statusCode).toBe(404);
  });
});

describe("the name: PUT /api/users/{id} on oneself", () => {
  it("lets any role change their own first and last name, versioned and recorded", async () => {
    for (const role of ["User", "Manager"] as const) {
      const { id, session } = await newUser(role);
      const record = (await send(session.accessToken, "GET", `/api/users/${id}`)).json<User>();
      const response = await send(session.accessToken, "PUT", `/api/users/${id}`, {
        version: record.version,
        firstName: " Ada ",
        lastName: "Lovelace",
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<User>()).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
      const [entry] = await entriesOf(id, "update");
      expect(entry!.changes).toMatchObject({ firstName: ["Grace", "Ada"], lastName: ["Hopper", "Lovelace"] });
      // The next sign-in's user carries the new name (the session's current user).
      const me = (await send(session.accessToken, "POST", "/api/verify-token")).json<{ user: ApiUser }>();
      expect(me.user).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    }
  });

  it("refuses an empty or overlong name, changing nothing", async () => {
    const { id, session } = await newUser();
    const record = (await send(session.accessToken, "GET", `/api/users/${id}`)).json<User>();
    for (const firstName of ["", "x".repeat(81), "Gr\u0000ace"]) {
      const response = await expectNothingChanged(() =>
        send(session.accessToken, "PUT", `/api/users/${id}`, {
          version: record.version,
          firstName,
          lastName: "Hopper",
        }),
      );
      expect(response.statusCode).toBe(400);
    }
  });
});
