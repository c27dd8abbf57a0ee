import { describe, expect, it } from "vitest";
import { activeMenuPath, firstSegment } from "../../src/custom/layout/activeMenu";
import { createFailedAvatarCache } from "../../src/custom/layout/failedAvatarCache";
import { format } from "date-fns";
import { DATE_FORMAT, TIME_FORMAT, TOAST_AUTO_HIDE_MS } from "../../src/config";
import { formatDate, formatDateTime, formatTime } from "../../src/custom/format";
import { validateLogin } from "../../src/custom/login/loginForm";
import { errorMessage } from "../../src/custom/errorMessage";
import { createMemoryStorage } from "../../src/authProvider/session";
import { MENU_SCREENS } from "../../src/access/screens";

const items = MENU_SCREENS.map((screen) => ({ path: screen.path, segments: screen.menu!.segments }));

describe("active menu item (spec §2)", () => {
  it.each([
    ["/", "/"],
    ["/gallery", "/gallery"],
    ["/gallery/item/42", "/gallery"],
    ["/payments", "/payments"],
    ["/payment/7", "/payments"],
    ["/subscription/3", "/payments"],
    ["/recover/accounts", "/recover/tests"],
    ["/accounts/business/9", "/accounts"],
    ["/account", "/account"],
    ["/lost-devices", null],
  ])("%s highlights %s", (pathname, expected) => {
    expect(activeMenuPath(pathname, items)).toBe(expected);
  });

  it("reads the first segment", () => {
    expect(firstSegment("/a/b")).toBe("a");
    expect(firstSegment("/")).toBe("");
  });
});

describe("failed-avatar cache (spec §9: 20 sources, 7 days)", () => {
  it("remembers a failed source for 7 days", () => {
    let now = 0;
    const cache = createFailedAvatarCache(createMemoryStorage(), () => now);
    cache.add("a.png");
    now = 7 * 24 * 3600 * 1000 - 1;
    expect(cache.has("a.png")).toBe(true);
    now += 1;
    expect(cache.has("a.png")).toBe(false);
  });

  it("keeps the 20 most recent sources", () => {
    let now = 0;
    const cache = createFailedAvatarCache(createMemoryStorage(), () => now);
    for (let index = 0; index < 21; index += 1) {
      now += 1;
      cache.add(`${index}.png`);
    }
    expect(cache.has("0.png")).toBe(false);
    expect(cache.has("1.png")).toBe(true);
    expect(cache.has("20.png")).toBe(true);
  });

  it("survives a corrupt stored value", () => {
    const storage = createMemoryStorage({ "failed-avatars": "{not json" });
    const cache = createFailedAvatarCache(storage);
    expect(cache.has("x")).toBe(false);
    cache.add("x");
    expect(cache.has("x")).toBe(true);
  });
});

describe("dates (spec §9)", () => {
  const date = new Date(2026, 2, 5, 14, 7);
  it("formats MM/DD/yyyy, hh:mm A and both joined by a comma", () => {
    expect(formatDate(date)).toBe("03/05/2026");
    expect(formatTime(date)).toBe("02:07 PM");
    expect(formatDateTime(date)).toBe("03/05/2026, 02:07 PM");
    expect(formatTime(new Date(2026, 0, 1, 0, 30))).toBe("12:30 AM");
  });

  it("writes what date-fns' format() writes for the spec's patterns, at every hour and across years", () => {
    for (let hour = 0; hour < 24; hour++) {
      for (const day of [new Date(2026, 0, 1), new Date(1999, 11, 31), new Date(2030, 5, 15), new Date(805, 8, 9)]) {
        const moment = new Date(day);
        moment.setHours(hour, (hour * 7) % 60);
        expect(formatDate(moment)).toBe(format(moment, DATE_FORMAT));
        expect(formatTime(moment)).toBe(format(moment, TIME_FORMAT).toUpperCase());
      }
    }
    expect(formatDate("2026-03-05T14:07:00")).toBe("03/05/2026");
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });
});

describe("login form checks", () => {
  it("asks for an email, a valid one, and a password", () => {
    expect(validateLogin({ email: "", password: "" })).toEqual({
      email: "login.emailRequired",
      password: "login.passwordRequired",
    });
    expect(validateLogin({ email: "nope", password: "x" })).toEqual({ email: "login.emailInvalid" });
    expect(validateLogin({ email: " a@b.co ", password: "x" })).toEqual({});
  });
});

describe("error messages (spec §8)", () => {
  it("uses the error's message, else An error occurred", () => {
    expect(errorMessage(new Error("Name is too short"))).toBe("Name is too short");
    expect(errorMessage("Refused")).toBe("Refused");
    expect(errorMessage({ message: "From the body" })).toBe("From the body");
    expect(errorMessage(new Error(""))).toBe("An error occurred");
    expect(errorMessage(undefined, "Could not save")).toBe("Could not save");
  });
});

describe("toasts (spec §9)", () => {
  it("close after 5000 ms (the console's notification reads this one value)", () => {
    expect(TOAST_AUTO_HIDE_MS).toBe(5000);
  });
});
