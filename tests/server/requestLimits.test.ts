/**
 * What a request may be, over a real socket (the HTTP parser's limits never apply to app.inject):
 * every query the document allows gets through, a larger one is refused in the API's `{message}`
 * shape, and a path segment longer than any id is not found (as an unknown id), never 405.
 */
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_REQUEST_HEAD_BYTES } from "../../server/src/http/requestHead";
import { FILTER_MAX_LENGTH } from "../../server/src/resources/list";
import { bearer, createTestApp, signIn, type TestApp } from "./helpers";

let t: TestApp;
let base: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  token = (await signIn(t.app, "superadmin@example.com")).accessToken;
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

/** GET over the socket, as a browser sends it (Node's http client: no limit of its own on the address). */
function get(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${base}${path}`, { headers: bearer(token) }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (body += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe("a list's query over the socket", () => {
  it("takes the longest filter the document allows: 1,000 ids, every character %-encoded", async () => {
    const filter = JSON.stringify({ id: Array.from({ length: 1000 }, () => randomUUID()) });
    expect(filter.length).toBeLessThanOrEqual(FILTER_MAX_LENGTH);
    // Every character as %XX, as the strictest client would send it: three times as long.
    const encoded = [...Buffer.from(filter)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
    const answer = await get(`/api/users?filter=${encoded}`);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-range"]).toBe("users */0");
  });

  it("refuses a larger head with 431 in the API's shape, never cached", async () => {
    const answer = await get(`/api/users?filter=${"a".repeat(MAX_REQUEST_HEAD_BYTES)}`);
    expect(answer.status).toBe(431);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(/too large \(at most \d+ KiB/) });
  });
});

describe("a path segment longer than any id", () => {
  it.each([101, 2000])("is not found (%i characters), on every method of the record's path", async (length) => {
    const id = "z".repeat(length);
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const answer = await t.app.inject({
        method,
        url: `/api/users/${id}`,
        headers: bearer(token),
        payload: method === "PUT" ? {} : undefined,
      });
      expect({ method, status: answer.statusCode }).toEqual({ method, status: 404 });
      expect(answer.json()).toEqual({ message: expect.any(String) });
    }
    const overSocket = await get(`/api/accounts/${id}`);
    expect(overSocket.status).toBe(404);
  });
});
