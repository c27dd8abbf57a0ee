/** The confirmation page's clock (src/custom/deleteRequest/codeTiming.ts): resend countdown, expiry, typed codes. */
import { describe, expect, it } from "vitest";
import { cleanCode, codeSentOf, codeTiming } from "../../src/custom/deleteRequest/codeTiming";

const sent = { sentAt: 1_000_000, codeExpiresInSeconds: 900, resendAfterSeconds: 60 };

describe("codeTiming", () => {
  it("counts the resend down in whole seconds, rounding up, and stops at 0", () => {
    expect(codeTiming(sent, sent.sentAt).resendIn).toBe(60);
    expect(codeTiming(sent, sent.sentAt + 500).resendIn).toBe(60);
    expect(codeTiming(sent, sent.sentAt + 59_001).resendIn).toBe(1);
    expect(codeTiming(sent, sent.sentAt + 60_000).resendIn).toBe(0);
    expect(codeTiming(sent, sent.sentAt + 120_000).resendIn).toBe(0);
  });

  it("expires exactly 15 minutes after sending", () => {
    expect(codeTiming(sent, sent.sentAt + 899_999)).toMatchObject({ expired: false, expiresAt: sent.sentAt + 900_000 });
    expect(codeTiming(sent, sent.sentAt + 900_000).expired).toBe(true);
  });
});

describe("codeSentOf", () => {
  it("takes the page's state only when it is what the request page left", () => {
    expect(codeSentOf(sent)).toEqual(sent);
    expect(codeSentOf({ ...sent, extra: 1 })).toEqual(sent);
    for (const state of [null, undefined, "x", {}, { ...sent, sentAt: "1" }, { ...sent, resendAfterSeconds: -1 }]) {
      expect(codeSentOf(state)).toBeUndefined();
    }
  });
});

describe("cleanCode", () => {
  it("keeps at most six digits of what was typed or pasted", () => {
    expect(cleanCode("482 913")).toBe("482913");
    expect(cleanCode("48-29-13")).toBe("482913");
    expect(cleanCode("4829134")).toBe("482913");
    expect(cleanCode("abc")).toBe("");
  });
});
