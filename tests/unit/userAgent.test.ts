import { describe, expect, it } from "vitest";
import { browserName, userAgentHeaderValue } from "../../src/dataProvider/userAgent";

describe("browserName", () => {
  const cases: Array<[string, string]> = [
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
      "Chrome 156",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0", "Firefox 140"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15",
      "Safari 18",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "Safari 18",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
      "Edge 140",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36 OPR/124.0.0.0",
      "Opera 124",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0.0.0 Mobile/15E148 Safari/604.1",
      "Chrome 140",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Chrome 131",
    ],
    ["curl/8.5.0", "curl/8.5.0"],
  ];
  it.each(cases)("%s → %s", (ua, expected) => expect(browserName(ua)).toBe(expected));
});

describe("userAgentHeaderValue", () => {
  it("is JSON with the browser and application Admin Portal", () => {
    expect(JSON.parse(userAgentHeaderValue("Mozilla/5.0 Firefox/140.0"))).toEqual({
      browser: "Firefox 140",
      application: "Admin Portal",
    });
  });
  it("stays a valid header value for a raw string with non-Latin characters", () => {
    const value = userAgentHeaderValue("Браузер");
    expect(() => new Headers({ "X-User-Agent": value })).not.toThrow();
  });
});
