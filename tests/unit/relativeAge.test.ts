import { describe, expect, it } from "vitest";
import { relativeAge } from "../../src/resources/activity/relativeAge";

const now = new Date("2026-11-30T12:00:00Z");
const ago = (ms: number) => relativeAge(new Date(now.getTime() - ms).toISOString(), now, "just now");
const MINUTE = 60_000;

describe("the Activity Feed's relative times", () => {
  it("says just now under a minute, then whole units counted down", () => {
    expect(ago(59_000)).toBe("just now");
    expect(ago(MINUTE)).toBe("1 minute ago");
    expect(ago(5 * MINUTE + 40_000)).toBe("5 minutes ago");
    // Never "60 minutes ago" beside an older "1 hour ago".
    expect(ago(59 * MINUTE + 45_000)).toBe("59 minutes ago");
    expect(ago(60 * MINUTE)).toBe("1 hour ago");
    expect(ago(23 * 60 * MINUTE + 50 * MINUTE)).toBe("23 hours ago");
    expect(ago(24 * 60 * MINUTE)).toBe("1 day ago");
  });
});
