/**
 * Bad input: every endpoint that takes a body answers 400 with a message naming the problem,
 * and nothing in the database changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, businesses, refreshTokens, settings, signInFailures, users } from "../../server/src/db/schema";
import { bearer, createTestApp, freshIp, signIn, tablesDigest, type TestApp } from "./helpers";

let t: TestApp;
let accessToken: string;
beforeAll(async () => {
  t = await createTestApp();
  accessToken = (await signIn(t.app, "admin@example.com")).accessToken;
});
afterAll(() => t.close());

const snapshot = () => tablesDigest(t.db, [accounts, businesses, users, refreshTokens, signInFailures, settings]);

interface Endpoint {
  url: string;
  needsToken: boolean;
  valid: Record<string, unknown>;
}

const endpoints: Record<string, Endpoint> = {
  login: { url: "/api/v2/auth/login", needsToken: false, valid: { email: "admin@example.com", password: "demo1234" } },
  refresh: { url: "/api/v2/auth/refresh", needsToken: false, valid: { refreshToken: "abc" } },
  logout: { url: "/api/v2/auth/logout", needsToken: false, valid: { refreshToken: "abc" } },
  passwordCheck: { url: "/api/users/password/check", needsToken: true, valid: { password: "demo1234" } },
};

/** A request body as sent: raw text and its content type (undefined: no Content-Type header). */
interface BadBody {
  name: string;
  payload: string | undefined;
  contentType: string | undefined;
  /** What the message must say. */
  message: RegExp;
}

const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: "application/json" });

function badBodies(endpoint: Endpoint): BadBody[] {
  const fields = Object.keys(endpoint.valid);
  const cases: BadBody[] = [
    {
      name: "no body at all",
      payload: undefined,
      contentType: undefined,
      message: /^Request body must be a JSON object$/,
    },
    {
      name: "empty JSON body",
      payload: "",
      contentType: "application/json",
      message: /^Request body must be a JSON object$/,
    },
    {
      name: "malformed JSON",
      payload: '{"a": ',
      contentType: "application/json",
      message: /^Request body is not valid JSON$/,
    },
    { name: "JSON array", ...json([endpoint.valid]), message: /^Request body must be a JSON object$/ },
    { name: "JSON string", ...json("hello"), message: /^Request body must be a JSON object$/ },
    { name: "JSON null", ...json(null), message: /^Request body must be a JSON object$/ },
    {
      name: "text/plain",
      payload: JSON.stringify(endpoint.valid),
      contentType: "text/plain",
      message: /^Content-Type must be application\/json$/,
    },
    {
      name: "form encoded",
      payload: "a=b",
      contentType: "application/x-www-form-urlencoded",
      message: /Content-Type must be application\/json/,
    },
    { name: "empty object", ...json({}), message: new RegExp(`^${fields[0]} is required$`) },
    {
      name: "extra field",
      ...json({ ...endpoint.valid, role: "SuperAdmin" }),
      message: /^role is not an allowed field$/,
    },
  ];
  for (const field of fields) {
    const without = { ...endpoint.valid };
    delete without[field];
    cases.push({ name: `missing ${field}`, ...json(without), message: new RegExp(`^${field} is required$`) });
    for (const wrong of [42, true, null, ["x"], { x: 1 }]) {
      cases.push({
        name: `${field} = ${JSON.stringify(wrong)}`,
        ...json({ ...endpoint.valid, [field]: wrong }),
        message: new RegExp(`^${field} must be a string$`),
      });
    }
    cases.push({
      name: `${field} empty`,
      ...json({ ...endpoint.valid, [field]: "" }),
      message: new RegExp(`^${field} must`),
    });
    cases.push({
      name: `${field} oversize`,
      ...json({ ...endpoint.valid, [field]: field === "email" ? `${"a".repeat(300)}@example.com` : "a".repeat(1000) }),
      message: new RegExp(`^${field} must be at most \\d+ characters long$`),
    });
  }
  if (fields.includes("email")) {
    for (const email of ["not-an-email", "a@", "@example.com", "a b@example.com"]) {
      cases.push({
        name: `email ${email}`,
        ...json({ ...endpoint.valid, email }),
        message: /^email must be a valid email address$/,
      });
    }
  }
  return cases;
}

describe.each(Object.entries(endpoints))("malformed bodies for %s", (_name, endpoint) => {
  it.each(badBodies(endpoint))("$name → 400", async ({ payload, contentType, message }) => {
    const before = await snapshot();
    const headers: Record<string, string> = endpoint.needsToken ? bearer(accessToken) : {};
    if (contentType !== undefined) headers["content-type"] = contentType;
    const response = await t.app.inject({
      method: "POST",
      url: endpoint.url,
      headers,
      payload,
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the guard comes before validation", () => {
  it("answers 401, not 400, to a malformed body without a token", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/users/password/check", payload: { nonsense: 1 } });
    expect(response.statusCode).toBe(401);
  });
});

describe("malformed URLs", () => {
  it("answers 400 {message} for broken percent-encoding", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/users/%E0%A4%A", headers: bearer(accessToken) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The URL is not valid" });
  });
});

describe("oversize requests", () => {
  it("answers 413 {message} for a body over the limit", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "Request body is too large" });
  });
});
