import { describe, expect, it, vi } from "vitest";
import { createMemoryStorage, createSessionStore, EMPTY_USER, parseSessionUser } from "../../src/authProvider/session";
import { STORAGE_KEYS } from "../../src/config";

describe("session store (§3)", () => {
  it("starts as the empty record: isLoggedIn false, refreshToken empty", () => {
    const user = createSessionStore(createMemoryStorage()).getUser();
    expect(user).toEqual(EMPTY_USER);
    expect(user.isLoggedIn).toBe(false);
    expect(user.refreshToken).toBe("");
  });

  it("setUser merges into user-info and resetUser clears to the empty record", () => {
    const storage = createMemoryStorage();
    const session = createSessionStore(storage);
    session.setUser({ id: "u1", isLoggedIn: true, token: "t", role: "Manager" });
    session.setUser({ firstName: "Ada" });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.userInfo) ?? "{}")).toMatchObject({
      id: "u1",
      isLoggedIn: true,
      token: "t",
      role: "Manager",
      firstName: "Ada",
      refreshToken: "",
    });
    session.resetUser();
    expect(session.getUser()).toEqual(EMPTY_USER);
  });

  it("gives a stable snapshot until the record changes, and notifies subscribers", () => {
    const session = createSessionStore(createMemoryStorage());
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    const first = session.getUser();
    expect(session.getUser()).toBe(first);
    session.setUser({ firstName: "Ada" });
    expect(session.getUser()).not.toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    session.resetUser();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("clearStoredData keeps only the last drawer open time when asked", () => {
    const storage = createMemoryStorage({
      [STORAGE_KEYS.userInfo]: "{}",
      [STORAGE_KEYS.drawerOpen]: "true",
      [STORAGE_KEYS.lastDrawerOpenTime]: "42",
      [STORAGE_KEYS.failedAvatars]: "[]",
    });
    const session = createSessionStore(storage);
    session.clearStoredData({ keepLastDrawerOpenTime: true });
    expect(storage.length).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.lastDrawerOpenTime)).toBe("42");
    session.clearStoredData();
    expect(storage.length).toBe(0);
    expect(session.getUser()).toEqual(EMPTY_USER);
  });

  it("reads a broken or foreign record as signed out", () => {
    expect(parseSessionUser("not json")).toEqual(EMPTY_USER);
    expect(parseSessionUser("null")).toEqual(EMPTY_USER);
    expect(parseSessionUser(JSON.stringify({ isLoggedIn: "yes", role: "Root", token: 5 }))).toEqual(EMPTY_USER);
  });

  it("stores a fetched user as the current user, keeping the tokens", () => {
    const session = createSessionStore(createMemoryStorage());
    session.setUser({ isLoggedIn: true, token: "t", refreshToken: "r" });
    session.setCurrentUser({
      id: "u1",
      accountId: "a1",
      businessId: null,
      firstName: "Ada",
      lastName: "L",
      email: "a@x",
      role: "User",
      avatar: null,
    });
    expect(session.getUser()).toMatchObject({
      id: "u1",
      token: "t",
      refreshToken: "r",
      role: "User",
      isLoggedIn: true,
    });
  });
});
