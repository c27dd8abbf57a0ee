import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AiResultResponse } from "../../src/api/ai";
import { CONTRACT } from "../fixtures/contract";
import { tokenExpiringIn } from "./helpers/jwt";
import { signedInDataProvider, TEST_API_BASE, TEST_NOW } from "./helpers/signedInDataProvider";

const BASE = TEST_API_BASE;
const NOW = TEST_NOW;
const TOKEN = tokenExpiringIn(3600, NOW);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const setup = () => signedInDataProvider(TOKEN, "User").dataProvider;

const existing: AiResultResponse = {
  status: "completed",
  result: [{ Polygon: [[1, 2]], Type: "N", Confidence: 0.5, Index: 0 }],
  isGeneratedWithLatestVersion: true,
  triggeredAt: "2026-01-01T00:00:00.000Z",
  _id: "job-1",
};

describe("AI calls (spec §7)", () => {
  it("getAiResult asks the group's result, with ?aiModel when a model is chosen, with the bearer", async () => {
    const seen: { url: string; auth: string | null }[] = [];
    server.use(
      http.get(`${BASE}/ai/test/:id/group/:group/result`, ({ request }) => {
        seen.push({ url: request.url, auth: request.headers.get("authorization") });
        return HttpResponse.json(existing);
      }),
    );
    const dataProvider = setup();
    expect(await dataProvider.getAiResult("t 1", 2, "NAOMI")).toEqual(existing);
    expect(await dataProvider.getAiResult("t 1", 0)).toEqual(existing);
    expect(seen).toEqual([
      { url: `${BASE}/ai/test/t%201/group/2/result?aiModel=NAOMI`, auth: `Bearer ${TOKEN}` },
      { url: `${BASE}/ai/test/t%201/group/0/result`, auth: `Bearer ${TOKEN}` },
    ]);
  });

  it("getAiResult answers null for a 404 and throws other errors with the service's message", async () => {
    let status = 404;
    server.use(
      http.get(`${BASE}/ai/test/:id/group/:group/result`, () =>
        HttpResponse.json({ message: status === 404 ? "No result" : "Boom" }, { status }),
      ),
    );
    const dataProvider = setup();
    expect(await dataProvider.getAiResult("t1", 0)).toBeNull();
    status = 500;
    await expect(dataProvider.getAiResult("t1", 0)).rejects.toMatchObject({ status: 500, message: "Boom" });
  });

  it("triggerAi posts the body as JSON and returns the job id; getAiJobStatus reads the job", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/ai/test/t1/group/1/trigger`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ jobId: "job-9" }, { status: CONTRACT.ai.trigger.ok.status });
      }),
      http.get(`${BASE}/ai/jobs/job-9/status`, () => HttpResponse.json({ status: "in-progress", result: null })),
    );
    const dataProvider = setup();
    expect(await dataProvider.triggerAi("t1", 1, { aiModel: "RAMI", deviceType: 6501 })).toEqual({ jobId: "job-9" });
    expect(await dataProvider.triggerAi("t1", 1, { deviceType: 6501 })).toEqual({ jobId: "job-9" });
    expect(await dataProvider.triggerAi("t1", 1, {})).toEqual({ jobId: "job-9" });
    expect(bodies).toEqual([{ aiModel: "RAMI", deviceType: 6501 }, { deviceType: 6501 }, {}]);
    expect(await dataProvider.getAiJobStatus("job-9")).toEqual({ status: "in-progress", result: null });
  });

  it("the public view calls without the bearer", async () => {
    const auth: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/ai/test/t1/group/0/result`, ({ request }) => {
        auth.push(request.headers.get("authorization"));
        return HttpResponse.json(existing);
      }),
      http.get(`${BASE}/ai/jobs/job-1/status`, ({ request }) => {
        auth.push(request.headers.get("authorization"));
        return HttpResponse.json({ status: "completed", result: [] });
      }),
    );
    const dataProvider = setup();
    await dataProvider.getAiResult("t1", 0, undefined, { publicView: true });
    await dataProvider.getAiJobStatus("job-1", { publicView: true });
    expect(auth).toEqual([null, null]);
  });
});
