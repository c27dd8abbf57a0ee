/**
 * Advanced Settings (docs/api.md "Advanced settings"): settings per box type and forced resets,
 * super admins only (403 for every other role, as Lost Devices), each write after a password
 * re-check and logged in the activity log; the device app's GET device-config picks pending resets
 * up. Every refusal leaves the data as it was.
 */
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_BOX_TYPE_SETTINGS,
  type BoxTypeSettings,
  type DeviceConfig,
  type ForcedReset,
} from "../../src/api/advancedSettings";
import type { ActivityEntry } from "../../src/api/activity";
import { DEVICE_TYPES } from "../../src/api/tests";
import { activityLog, boxTypeSettings, devices, forcedResets, users } from "../../server/src/db/schema";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { CONTRACT } from "../fixtures/contract";
import { createTestApp, expectAnswer, tablesDigest, type TestApp } from "./helpers";
import { A, tokens, U, type Who } from "./records";
import { activityOf, call, listUrl, totalOf } from "./resourceHelpers";

const C = CONTRACT.advancedSettings;

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  for (const who of ["superAdmin", "admin", "manager", "user", "pastDueAdmin"] as const) await token(who);
});
afterAll(() => t.close());

const as = async (who: Who) => {
  const bearerToken = await token(who);
  return {
    get: (url: string) => call(t, bearerToken, "GET", url),
    post: (url: string, body?: unknown) => call(t, bearerToken, "POST", url, body ?? {}),
    put: (url: string, body: unknown) => call(t, bearerToken, "PUT", url, body),
  };
};

/** What Advanced Settings writes: a refusal leaves every one of these as it was. */
const state = () => tablesDigest(t.db, [boxTypeSettings, forcedResets, activityLog, devices]);

async function expectRefusedWith(
  send: () => Promise<LightMyRequestResponse>,
  answer: { status: number; body: unknown },
) {
  const before = await state();
  const response = await send();
  expect(response.statusCode, response.body).toBe(answer.status);
  expect(response.json()).toEqual(answer.body);
  expect(await state()).toEqual(before);
}

async function expectRefused(send: () => Promise<LightMyRequestResponse>, status: number, messageStart?: string) {
  const before = await state();
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  if (messageStart) expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${messageStart}`));
  expect(await state()).toEqual(before);
}

/** The super admin passes the password re-check (a write is allowed for 5 minutes after). */
async function confirmPassword(who: Who = "superAdmin") {
  const response = await (await as(who)).post("/api/users/password/check", { password: "demo1234" });
  expect(response.json()).toEqual({ isCorrect: true });
}

/** The re-check as if it had passed `minutes` ago. */
const passwordCheckedAgo = (minutes: number, id: string = U.superAdmin) =>
  t.db
    .update(users)
    .set({ passwordConfirmedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(users.id, id));

const deviceOf = async (id: string) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!;

const settingsBody = (version: number, changes: Partial<typeof DEFAULT_BOX_TYPE_SETTINGS> = {}) => ({
  settings: { ...DEFAULT_BOX_TYPE_SETTINGS, ...changes },
  version,
});

async function createReset(body: Record<string, unknown>): Promise<ForcedReset> {
  await confirmPassword();
  const response = await (await as("superAdmin")).post("/api/forced-resets", body);
  return expectAnswer<ForcedReset>(response, C.forcedResets.created);
}

describe("who may use Advanced Settings", () => {
  it("answers super admins only: 403 for every other role on every route, and nothing changes", async () => {
    const reset = await createReset({ target: "os_version", phoneOs: "Scope OS 1" });
    for (const who of ["admin", "manager", "user"] as const) {
      // Even with a fresh password re-check: the role decides first.
      await passwordCheckedAgo(0, U[who]);
      const caller = await as(who);
      for (const send of [
        () => caller.get(listUrl("box-type-settings")),
        () => caller.get("/api/box-type-settings/5001"),
        () => caller.put("/api/box-type-settings/5001", settingsBody(0)),
        () => caller.get(listUrl("forced-resets")),
        () => caller.get(`/api/forced-resets/${reset.id}`),
        () => caller.get("/api/forced-resets/export.csv"),
        () => caller.post("/api/forced-resets", { target: "os_version", phoneOs: "Other OS" }),
        () => caller.post(`/api/forced-resets/${reset.id}/cancel`),
      ]) {
        await expectRefusedWith(send, C.forbidden);
      }
    }
    for (const url of ["/api/box-type-settings", "/api/forced-resets", "/api/device-config?serialNumber=x"]) {
      expect((await call(t, undefined, "GET", url)).statusCode).toBe(401);
    }
  });
});

describe("settings per box type", () => {
  it("lists every box type of spec §3, on the defaults until changed", async () => {
    const response = await (await as("superAdmin")).get(listUrl("box-type-settings"));
    const rows = expectAnswer<BoxTypeSettings[]>(response, C.boxTypes.list);
    expect(rows.map((row) => row.typeCode)).toEqual(Object.keys(DEVICE_TYPES).map(Number).sort());
    expect(response.headers["content-range"]).toBe("box-type-settings 0-5/6");
    const bigSherlockAi = rows.find((row) => row.typeCode === 8501);
    expect(bigSherlockAi).toEqual(C.boxTypes.one.body);

    const one = await (await as("superAdmin")).get("/api/box-type-settings/8501");
    expect(expectAnswer<BoxTypeSettings>(one, C.boxTypes.one)).toEqual(C.boxTypes.one.body);
    const unknown = await (await as("superAdmin")).get("/api/box-type-settings/7777");
    expectAnswer(unknown, C.boxTypes.notFound);
  });

  it("saves after a password re-check: versioned (409 when stale), logged with what changed", async () => {
    const sa = await as("superAdmin");
    await passwordCheckedAgo(60);
    await expectRefusedWith(() => sa.put("/api/box-type-settings/4100", settingsBody(0)), C.passwordRequired);
    // A re-check older than 5 minutes no longer counts.
    await passwordCheckedAgo(5.5);
    await expectRefusedWith(() => sa.put("/api/box-type-settings/4100", settingsBody(0)), C.passwordRequired);

    await confirmPassword();
    const first = await sa.put("/api/box-type-settings/4100", settingsBody(0, { jpegQuality: 75, aiAnalysis: false }));
    const saved = expectAnswer<BoxTypeSettings>(first, C.boxTypes.saved);
    expect(saved).toMatchObject({
      id: 4100,
      typeName: "Sherlock Holmes 4.0",
      isDefault: false,
      version: 1,
      settings: { ...DEFAULT_BOX_TYPE_SETTINGS, jpegQuality: 75, aiAnalysis: false },
      updatedById: U.superAdmin,
      updatedByName: "Sophie Carter",
    });

    // Someone else's save of the defaults' version is stale now; the answer carries the stored one.
    const stale = await expectStale(() => sa.put("/api/box-type-settings/4100", settingsBody(0)));
    expect(stale.current).toEqual(saved);

    const second = await sa.put(
      "/api/box-type-settings/4100",
      settingsBody(1, { jpegQuality: 75, aiAnalysis: false, firmwareChannel: "beta" }),
    );
    expect(expectAnswer<BoxTypeSettings>(second, C.boxTypes.saved)).toMatchObject({
      version: 2,
      settings: { firmwareChannel: "beta", jpegQuality: 75 },
    });
    expect((await sa.get("/api/box-type-settings/4100")).json<BoxTypeSettings>().version).toBe(2);

    const entries = await activityOf(t, "box-type-settings", "4100");
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.changes])).toEqual([
      ["update", U.superAdmin, { aiAnalysis: [true, false], jpegQuality: [90, 75] }],
      ["update", U.superAdmin, { firmwareChannel: ["stable", "beta"] }],
    ]);
  });

  async function expectStale(send: () => Promise<LightMyRequestResponse>) {
    const before = await state();
    const response = await send();
    expect(response.statusCode, response.body).toBe(409);
    const body = response.json<{ message: string; current: BoxTypeSettings }>();
    expect(body.message).toBe(C.boxTypes.stale.body.message);
    expect(await state()).toEqual(before);
    return body;
  }

  it("refuses settings out of bounds, missing, unknown or mistyped, and unknown box types, changing nothing", async () => {
    const sa = await as("superAdmin");
    await confirmPassword();
    const put =
      (body: unknown, code = 5501) =>
      () =>
        sa.put(`/api/box-type-settings/${code}`, body);
    await expectRefusedWith(put(settingsBody(0, { jpegQuality: 101 })), C.boxTypes.tooHigh);
    await expectRefused(put(settingsBody(0, { jpegQuality: 49 })), 400, "settings.jpegQuality must be >= 50");
    await expectRefused(put(settingsBody(0, { testTimeoutSeconds: 9 })), 400, "settings.testTimeoutSeconds");
    await expectRefused(put(settingsBody(0, { testTimeoutSeconds: 601 })), 400, "settings.testTimeoutSeconds");
    await expectRefused(put(settingsBody(0, { configRefreshMinutes: 1441 })), 400, "settings.configRefreshMinutes");
    await expectRefused(put(settingsBody(0, { testTimeoutSeconds: 30.5 })), 400, "settings.testTimeoutSeconds");
    await expectRefused(
      put({ ...settingsBody(0), settings: { ...settingsBody(0).settings, firmwareChannel: "nightly" } }),
      400,
      "settings.firmwareChannel must be one of: stable, beta",
    );
    await expectRefused(
      put({ ...settingsBody(0), settings: { ...settingsBody(0).settings, aiAnalysis: "yes" } }),
      400,
      "settings.aiAnalysis must be true or false",
    );
    const { jpegQuality: _left, ...withoutQuality } = DEFAULT_BOX_TYPE_SETTINGS;
    await expectRefused(put({ settings: withoutQuality, version: 0 }), 400, "settings.jpegQuality is required");
    await expectRefused(
      put({ ...settingsBody(0), settings: { ...settingsBody(0).settings, brightness: 3 } }),
      400,
      "settings.brightness is not an allowed field",
    );
    await expectRefused(put({ settings: DEFAULT_BOX_TYPE_SETTINGS }), 400, "version is required");
    await expectRefused(put({ ...settingsBody(0), version: -1 }), 400, "version must be >= 0");
    await expectRefused(put({ ...settingsBody(0), typeName: "Renamed" }), 400, "typeName is not an allowed field");
    await expectRefusedWith(put(settingsBody(0), 7777), C.boxTypes.notFound);
    await expectRefused(put(settingsBody(0), "abc" as unknown as number), 400);
  });

  it("answers the stored settings laid over the defaults (a setting added later takes its default)", async () => {
    await t.db.insert(boxTypeSettings).values({
      deviceTypeCode: 6501,
      settings: { jpegQuality: 60, testTimeoutSeconds: 9999, retired: true },
      version: 4,
    });
    const row = (await (await as("superAdmin")).get("/api/box-type-settings/6501")).json<BoxTypeSettings>();
    expect(row).toMatchObject({
      version: 4,
      isDefault: false,
      settings: { ...DEFAULT_BOX_TYPE_SETTINGS, jpegQuality: 60 },
      updatedById: null,
    });
  });
});

describe("forced resets", () => {
  it("asks for a reset per user, phone, phone model and OS version, each logged as a create", async () => {
    const backOffice = await deviceOf(SEED_DEVICE_IDS.londonSherlockAi);
    const byUser = await createReset({ target: "user", userId: U.secondUser });
    expect(byUser).toMatchObject({
      target: "user",
      targetName: "Daniel Kim",
      userId: U.secondUser,
      userName: "Daniel Kim",
      accountId: A.brilliantGems,
      accountName: "Brilliant Gems Ltd",
      status: "pending",
      requestedById: U.superAdmin,
      requestedByName: "Sophie Carter",
      pickedUpAt: null,
    });
    const byPhone = await createReset({ target: "phone", deviceId: backOffice.id });
    expect(byPhone).toMatchObject({
      target: "phone",
      targetName: "London back office",
      deviceId: backOffice.id,
      deviceSerialNumber: backOffice.serialNumber,
      accountName: "Brilliant Gems Ltd",
    });
    const byModel = await createReset({ target: "phone_model", phoneBrand: " Xiaomi ", phoneModel: "Redmi Note 12 " });
    expect(byModel).toMatchObject({
      targetName: "Xiaomi Redmi Note 12",
      phoneBrand: "Xiaomi",
      phoneModel: "Redmi Note 12",
    });
    const byOs = await createReset({ target: "os_version", phoneOs: "Android 15" });
    expect(byOs).toMatchObject({ targetName: "Android 15", phoneOs: "Android 15", accountId: null });

    for (const reset of [byUser, byPhone, byModel, byOs]) {
      const entries = await activityOf(t, "forced-resets", reset.id);
      expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([["create", U.superAdmin]]);
      expect(entries[0]!.changes).toEqual(reset);
    }

    const pending = await (
      await as("superAdmin")
    ).get(listUrl("forced-resets", { filter: { status: "pending" }, range: [0, 99] }));
    const rows = expectAnswer<ForcedReset[]>(pending, C.forcedResets.list);
    for (const reset of [byUser, byPhone, byModel, byOs]) expect(rows).toContainEqual(reset);
    // Newest first.
    const created = rows.map((row) => row.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const one = await (await as("superAdmin")).get(`/api/forced-resets/${byModel.id}`);
    expect(one.json()).toEqual(byModel);
  });

  it("refuses a reset without a password re-check, of an unknown user or device, blank, or mixed, changing nothing", async () => {
    const sa = await as("superAdmin");
    await passwordCheckedAgo(10);
    const post = (body: unknown) => () => sa.post("/api/forced-resets", body);
    await expectRefusedWith(post({ target: "os_version", phoneOs: "iOS 18.1" }), C.passwordRequired);

    await confirmPassword();
    await expectRefusedWith(post({ target: "user", userId: "no-such-user" }), C.forcedResets.noSuchUser);
    await expectRefusedWith(post({ target: "phone", deviceId: "no-such-device" }), C.forcedResets.noSuchDevice);
    await expectRefusedWith(post({ target: "os_version", phoneOs: "   " }), C.forcedResets.blankOs);
    await expectRefused(post({ target: "os_version" }), 422, "phoneOs: Enter the OS version.");
    await expectRefused(
      post({ target: "phone_model", phoneBrand: "Apple" }),
      422,
      "phoneModel: Enter the phone model.",
    );
    await expectRefused(
      post({ target: "phone_model", phoneModel: "iPhone 13" }),
      422,
      "phoneBrand: Enter the phone brand.",
    );
    await expectRefused(post({ target: "user" }), 422, "userId: Choose a user.");
    await expectRefused(
      post({ target: "os_version", phoneOs: "iOS 18.1", userId: U.user }),
      400,
      "userId is not an allowed field for target os_version",
    );
    await expectRefused(
      post({ target: "everything" }),
      400,
      "target must be one of: user, phone, phone_model, os_version",
    );
    await expectRefused(
      post({ target: "os_version", phoneOs: "iOS\u0000 18" }),
      400,
      "phoneOs must not contain NUL or unpaired surrogate characters",
    );
    await expectRefused(post({ target: "os_version", phoneOs: "x".repeat(101) }), 400, "phoneOs must be at most 100");
    await expectRefused(
      post({ target: "os_version", phoneOs: "iOS 18.1", note: "x" }),
      400,
      "note is not an allowed field",
    );
    // A deleted user is no longer a target.
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, U.pastDueAdmin));
    await expectRefusedWith(post({ target: "user", userId: U.pastDueAdmin }), C.forcedResets.noSuchUser);
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, U.pastDueAdmin));

    // One pending reset per target: the same model (any case) again is refused.
    await createReset({ target: "phone_model", phoneBrand: "Google", phoneModel: "Pixel 8" });
    await confirmPassword();
    await expectRefusedWith(
      post({ target: "phone_model", phoneBrand: "google", phoneModel: "PIXEL 8" }),
      C.forcedResets.alreadyPending,
    );
  });

  it("cancels a pending reset after a password re-check, logged; a canceled one cannot be canceled again", async () => {
    const sa = await as("superAdmin");
    const reset = await createReset({ target: "os_version", phoneOs: "Cancel OS 1" });
    await passwordCheckedAgo(6);
    await expectRefusedWith(() => sa.post(`/api/forced-resets/${reset.id}/cancel`), C.passwordRequired);

    await confirmPassword();
    const canceled = await sa.post(`/api/forced-resets/${reset.id}/cancel`);
    expect(expectAnswer<ForcedReset>(canceled, C.forcedResets.canceled)).toMatchObject({
      id: reset.id,
      status: "canceled",
      canceledById: U.superAdmin,
      canceledByName: "Sophie Carter",
    });
    const entries = await activityOf(t, "forced-resets", reset.id);
    expect(entries.map((entry) => entry.action)).toEqual(["create", "cancel"]);
    expect(entries[1]!.changes).toMatchObject({
      status: ["pending", "canceled"],
      canceledById: [null, U.superAdmin],
      canceledByName: [null, "Sophie Carter"],
    });

    await expectRefusedWith(() => sa.post(`/api/forced-resets/${reset.id}/cancel`), C.forcedResets.alreadyCanceled);
    await expectRefusedWith(() => sa.post("/api/forced-resets/no-such-reset/cancel"), C.forcedResets.notFound);
    expect((await sa.get("/api/forced-resets/no-such-reset")).json()).toEqual(C.forcedResets.notFound.body);
  });
});

describe("GET device-config (the device app)", () => {
  it("answers the box type's settings and picks up the resets that match its user, phone, model or OS, once", async () => {
    const london = await deviceOf(SEED_DEVICE_IDS.londonSherlock);
    expect([london.phoneBrand, london.phoneModel, london.phoneOs]).toEqual(["Samsung", "Galaxy A54", "Android 13"]);
    // A canceled reset is never picked up (and does not stand in the way of a new one).
    const canceled = await createReset({ target: "os_version", phoneOs: "ANDROID 13 " });
    await confirmPassword();
    await (await as("superAdmin")).post(`/api/forced-resets/${canceled.id}/cancel`);
    const byUser = await createReset({ target: "user", userId: U.user });
    const byPhone = await createReset({ target: "phone", deviceId: london.id });
    const byModel = await createReset({ target: "phone_model", phoneBrand: "samsung", phoneModel: "galaxy a54" });
    const byOs = await createReset({ target: "os_version", phoneOs: "Android 13" });
    // Resets that do not match this call stay pending.
    const otherUser = await createReset({ target: "user", userId: U.manager });
    const otherModel = await createReset({ target: "phone_model", phoneBrand: "Samsung", phoneModel: "Galaxy S24" });

    const before = Date.now();
    const user = await as("user");
    const url = `/api/device-config?serialNumber=${encodeURIComponent(london.serialNumber)}`;
    const config = expectAnswer<DeviceConfig>(await user.get(url), C.deviceConfig.reset);
    const matched = [byUser, byPhone, byModel, byOs].map((reset) => reset.id).sort();
    expect(config).toEqual({
      serialNumber: london.serialNumber,
      typeCode: 4100,
      typeName: "Sherlock Holmes 4.0",
      settings: (await (await as("superAdmin")).get("/api/box-type-settings/4100")).json<BoxTypeSettings>().settings,
      settingsVersion: expect.any(Number),
      reset: true,
      resetIds: matched,
    });
    expect((await deviceOf(london.id)).lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Each shows as picked up, by this device and its user; one pick-up entry each.
    const sa = await as("superAdmin");
    for (const id of matched) {
      const reset = (await sa.get(`/api/forced-resets/${id}`)).json<ForcedReset>();
      expect(reset).toMatchObject({
        status: "picked-up",
        pickedUpDeviceId: london.id,
        pickedUpDeviceSerialNumber: london.serialNumber,
        pickedUpByName: "Uma Patel",
      });
      expect(Date.parse(reset.pickedUpAt!)).toBeGreaterThanOrEqual(before - 1000);
      const entries = await activityOf(t, "forced-resets", id);
      expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
        ["create", U.superAdmin],
        ["pick-up", U.user],
      ]);
      expect(entries[1]!.changes).toEqual({ deviceId: london.id, serialNumber: london.serialNumber });
    }
    for (const id of [otherUser.id, otherModel.id]) {
      expect((await sa.get(`/api/forced-resets/${id}`)).json<ForcedReset>().status).toBe("pending");
    }
    expect((await sa.get(`/api/forced-resets/${canceled.id}`)).json<ForcedReset>().status).toBe("canceled");

    // Picked up once: the next call has nothing to reset, and a picked-up reset cannot be canceled.
    const again = expectAnswer<DeviceConfig>(await user.get(url), C.deviceConfig.noReset);
    expect(again).toMatchObject({ reset: false, resetIds: [] });
    await confirmPassword();
    await expectRefusedWith(() => sa.post(`/api/forced-resets/${byOs.id}/cancel`), C.forcedResets.alreadyPickedUp);
    const pickedUp = await sa.get(listUrl("forced-resets", { filter: { status: "picked-up" }, range: [0, 99] }));
    expect(pickedUp.json<ForcedReset[]>().map((row) => row.id)).toEqual(expect.arrayContaining(matched));
    expect(totalOf(pickedUp)).toBeGreaterThanOrEqual(4);
  });

  it("answers the box type's saved settings and version", async () => {
    await confirmPassword();
    const sa = await as("superAdmin");
    const current = (await sa.get("/api/box-type-settings/5501")).json<BoxTypeSettings>();
    await sa.put("/api/box-type-settings/5501", settingsBody(current.version, { testTimeoutSeconds: 45 }));
    const device = await deviceOf(SEED_DEVICE_IDS.londonSherlockAi);
    const config = (
      await (await as("admin")).get(`/api/device-config?serialNumber=${device.serialNumber}`)
    ).json<DeviceConfig>();
    expect(config).toMatchObject({
      typeCode: 5501,
      settings: { ...DEFAULT_BOX_TYPE_SETTINGS, testTimeoutSeconds: 45 },
      settingsVersion: current.version + 1,
    });
  });

  it("is 404 for another account's device or an unknown serial, changing nothing; 400 without a serial", async () => {
    const lapis = await deviceOf(SEED_DEVICE_IDS.lapisWatson);
    await createReset({ target: "phone", deviceId: lapis.id });
    const user = await as("user");
    await expectRefusedWith(
      () => user.get(`/api/device-config?serialNumber=${lapis.serialNumber}`),
      C.deviceConfig.notFound,
    );
    await expectRefusedWith(() => user.get("/api/device-config?serialNumber=NO-SUCH-BOX"), C.deviceConfig.notFound);
    await expectRefused(() => user.get("/api/device-config"), 400, "serialNumber is required");
    await expectRefused(() => user.get("/api/device-config?serialNumber="), 400, "serialNumber must not be empty");
    await expectRefused(() => user.get("/api/device-config?serialNumber=a&extra=1"), 400);
    // The device's own account picks it up.
    const lapisAdmin = await as("pastDueAdmin");
    const config = (await lapisAdmin.get(`/api/device-config?serialNumber=${lapis.serialNumber}`)).json<DeviceConfig>();
    expect(config.reset).toBe(true);
  });

  it("lets a device with a pending reset of its phone be deleted (the reset goes with it)", async () => {
    const sa = await as("superAdmin");
    const created = await sa.post("/api/devices", {
      serialNumber: "GT-RESET-GONE",
      typeCode: 6501,
      accountId: A.obsidian,
    });
    expect(created.statusCode, created.body).toBe(201);
    const device = created.json<{ id: string }>();
    const reset = await createReset({ target: "phone", deviceId: device.id });
    const response = await call(t, await token("superAdmin"), "DELETE", `/api/devices/${device.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.db.select().from(forcedResets).where(eq(forcedResets.id, reset.id))).toEqual([]);
  });
});

describe("the Activity Feed names Advanced Settings' records", () => {
  it("box type settings by the type's name, forced resets by their target", async () => {
    await confirmPassword();
    const sa = await as("superAdmin");
    const current = (await sa.get("/api/box-type-settings/8501")).json<BoxTypeSettings>();
    await sa.put("/api/box-type-settings/8501", settingsBody(current.version, { configRefreshMinutes: 15 }));
    const reset = await createReset({ target: "phone_model", phoneBrand: "Apple", phoneModel: "iPhone 13" });

    const settings = await sa.get(listUrl("activity", { filter: { resource: "box-type-settings" } }));
    expect(settings.json<ActivityEntry[]>()[0]).toMatchObject({
      actorId: U.superAdmin,
      action: "update",
      resource: "box-type-settings",
      recordId: "8501",
      recordName: "Big Sherlock AI",
      link: "/advanced-settings?type=8501",
    });
    const resets = await sa.get(listUrl("activity", { filter: { resource: "forced-resets", action: "create" } }));
    expect(resets.json<ActivityEntry[]>()[0]).toMatchObject({
      recordId: reset.id,
      recordName: "Apple iPhone 13",
      link: null,
    });
    // Only the super admin's own account's admins would see it: Alice (Brilliant Gems) does not.
    const admin = await (await as("admin")).get(listUrl("activity", { filter: { resource: "box-type-settings" } }));
    expect(admin.statusCode).toBe(200);
    expect(totalOf(admin)).toBe(0);
    const stored = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.resource, "box-type-settings"), eq(activityLog.recordId, "8501")));
    expect(stored).toHaveLength(1);
  });
});
