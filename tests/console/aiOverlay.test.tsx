import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type Konva from "konva";
import type { AiJobStatusResponse, AiPolygon, AiResultResponse } from "../../src/api/ai";
import { renderConsole } from "./harness/renderConsole";
import { reply, server } from "./harness/server";
import { CONTRACT } from "../fixtures/contract";
import { makeTest } from "./harness/testFixture";

const POLYGONS: AiPolygon[] = [
  {
    Polygon: [
      [312, 419],
      [624, 419],
      [624, 838],
      [312, 838],
    ],
    Type: "CVD",
    Confidence: 0.874,
    Index: 0,
  },
  {
    Polygon: [
      { x: 1000, y: 1000 },
      { x: 1200, y: 1000 },
      { x: 1100, y: 1300 },
    ],
    Type: "N",
    Confidence: 0.5,
    Index: 1,
  },
  {
    Polygon: [
      [2000, 2000],
      [2300, 2000],
      [2300, 2400],
    ],
    Type: "CVD",
    Confidence: 0.61,
    Index: 2,
  },
];

interface AiService {
  /** GET …/result per call; null answers 404. */
  result: AiResultResponse | null;
  /** GET ai/jobs/{id}/status answers, in order; the last repeats. */
  statuses: AiJobStatusResponse[];
  calls: { method: string; url: string; body?: unknown; auth: string | null }[];
}

/** The test of the fixture (two runs, device type 6501) and the three AI calls of spec §7. */
function serveAi(initial: Partial<AiService> = {}): AiService {
  const ai: AiService = { result: null, statuses: [{ status: "in-progress", result: null }], calls: [], ...initial };
  let polls = 0;
  const record = (request: Request, body?: unknown) =>
    ai.calls.push({
      method: request.method,
      url: new URL(request.url).pathname + new URL(request.url).search,
      body,
      auth: request.headers.get("authorization"),
    });
  server.use(
    http.get("*/api/v3/tests/public/:id", () => HttpResponse.json(makeTest())),
    http.get("*/api/v3/tests/:id", () => HttpResponse.json(makeTest())),
    http.get("*/api/ai/test/:id/group/:group/result", ({ request }) => {
      record(request);
      return ai.result ? HttpResponse.json(ai.result) : HttpResponse.json({ message: "No result" }, { status: 404 });
    }),
    http.post("*/api/ai/test/:id/group/:group/trigger", async ({ request }) => {
      record(request, await request.json());
      return reply(CONTRACT.ai.trigger.ok, { jobId: "job-new" });
    }),
    http.get("*/api/ai/jobs/:jobId/status", ({ request }) => {
      record(request);
      const answer = ai.statuses[Math.min(polls, ai.statuses.length - 1)];
      polls += 1;
      return HttpResponse.json(answer);
    }),
  );
  return ai;
}

const completed = (overrides: Partial<AiResultResponse> = {}): AiResultResponse => ({
  status: "completed",
  result: POLYGONS,
  isGeneratedWithLatestVersion: true,
  triggeredAt: new Date().toISOString(),
  _id: "job-1",
  ...overrides,
});

/**
 * The first run's switch. Waiting for the run's panel first is a cheap query: a role query re-run
 * on every DOM change while the whole console renders costs seconds in jsdom.
 */
const aiSwitch = async () => {
  await screen.findByTestId("ai-run-0");
  return within(screen.getByTestId("ai-run-0")).getByRole("switch", { name: "Show the AI result of Test Run #1" });
};

/** The Konva stage the overlay drew on: the same module instance the lazy chunk loaded. */
async function overlayStage(): Promise<Konva.Stage | undefined> {
  const { default: KonvaModule } = await import("konva");
  return KonvaModule.stages.filter((stage) => stage.findOne(".ai-polygons")).at(-1);
}

/** The stroke colours the overlay's one shape drew, in order, as the canvas mock recorded them. */
async function drawnStrokes(): Promise<string[]> {
  const stage = await overlayStage();
  if (!stage) return [];
  const canvas = stage.getLayers()[0].getCanvas()._canvas;
  const events = (
    canvas.getContext("2d") as unknown as { __getEvents(): { type: string; props: { value?: string } }[] }
  ).__getEvents();
  return events.filter((event) => event.type === "strokeStyle").map((event) => String(event.props.value));
}

/** Moves (or taps) the pointer to a canvas-space point of the overlay. */
async function pointAt(x: number, y: number, type: "mousemove" | "tap" = "mousemove") {
  const stage = (await overlayStage())!;
  const scale = 480 / 3120;
  act(() => {
    stage.setPointersPositions({ clientX: x * scale, clientY: y * scale } as unknown as Event);
    stage.fire(type, { evt: new MouseEvent(type) });
  });
}

// A cold test worker's first render loads the whole console, the page's chunk and the overlay's
// (Konva): once, here, rather than inside whichever test comes first.
beforeAll(async () => {
  await import("../../src/App");
  await import("../../src/custom/testDetail/TestDetailPage");
  await import("../../src/custom/aiOverlay/AiOverlayCanvas");
}, 30_000);

afterEach(() => {
  vi.useRealTimers();
});

describe("AI overlay on the test detail page (spec §2)", () => {
  it("switch on: reuses the completed result, draws its polygons in their colours with a legend of counts", async () => {
    const ai = serveAi({ result: completed() });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    const toggle = await aiSwitch();
    expect(within(screen.getByTestId("ai-run-0")).getByText("AI Result")).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);

    const legend = await screen.findByTestId("ai-legend-0");
    expect(
      within(legend)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["N: 1", "CVD: 2"]);
    // Its caption is no heading: an h6 there skipped the page's heading levels (axe heading-order).
    expect(within(legend).queryByRole("heading")).toBeNull();
    // Each stone's type and confidence in words, not on hover alone (a keyboard or a screen reader).
    const eachStone = screen.getByText("Each stone, with its confidence");
    fireEvent.click(eachStone);
    expect(
      within(eachStone.closest("details")!)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["CVD · 87%", "N · 50%", "CVD · 61%"]);
    expect(ai.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/ai/test/t-100/group/0/result?aiModel=RAMI",
    ]);

    // The overlay sits on the run's Result photo, scaled from 3120 × 4192 to 480 px wide.
    expect(within(screen.getByTestId("ai-run-0")).getByRole("img", { name: "res0.png" })).toBeInTheDocument();
    // The drawing says in words what it shows, not in colours alone.
    expect(
      within(screen.getByTestId("ai-run-0")).getByRole("img", {
        name: "AI result over res0.png. Stones found: N: 1, CVD: 2",
      }),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await overlayStage()).toBeDefined());
    const stage = (await overlayStage())!;
    expect(stage.width()).toBe(480);
    expect(stage.height()).toBe(645);
    // One path per type: each (re)draw strokes N's blue, then CVD's green, once each.
    await waitFor(async () => expect((await drawnStrokes()).slice(-2)).toEqual(["#1e88e5", "#2e7d32"]));
    expect((await drawnStrokes()).length % 2).toBe(0);

    // Hovering a polygon names its type and confidence; leaving it hides the tip.
    await pointAt(468, 628);
    expect(await screen.findByTestId("ai-polygon-tip")).toHaveTextContent("CVD · 87%");
    await pointAt(5, 5);
    await waitFor(() => expect(screen.queryByTestId("ai-polygon-tip")).not.toBeInTheDocument());
    // A tap on the N stone shows its tip.
    await pointAt(1100, 1100, "tap");
    expect(await screen.findByTestId("ai-polygon-tip")).toHaveTextContent("N · 50%");
  });

  it("switch off clears the polygons and the legend", async () => {
    serveAi({ result: completed() });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    fireEvent.click(await aiSwitch());
    await screen.findByTestId("ai-legend-0");
    await waitFor(async () => expect(await overlayStage()).toBeDefined());

    fireEvent.click(await aiSwitch());
    expect(screen.queryByTestId("ai-legend-0")).not.toBeInTheDocument();
    expect(await aiSwitch()).not.toBeChecked();
    expect(await overlayStage()).toBeUndefined();
  });

  it("Regenerate is disabled for a result of the latest model", async () => {
    serveAi({ result: completed({ isGeneratedWithLatestVersion: true }) });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    expect(screen.queryByRole("button", { name: "Regenerate" })).not.toBeInTheDocument();
    fireEvent.click(await aiSwitch());
    await screen.findByTestId("ai-legend-0");
    expect(within(screen.getByTestId("ai-run-0")).getByRole("button", { name: "Regenerate" })).toBeDisabled();
  });

  it("Regenerate is enabled for an older model's result, and triggers a job with the model and device type", async () => {
    const ai = serveAi({
      result: completed({ isGeneratedWithLatestVersion: false }),
      statuses: [{ status: "completed", result: POLYGONS.slice(0, 1) }],
    });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    fireEvent.click(await aiSwitch());
    await screen.findByTestId("ai-legend-0");
    const regenerate = within(screen.getByTestId("ai-run-0")).getByRole("button", { name: "Regenerate" });
    expect(regenerate).toBeEnabled();

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(regenerate);
    await waitFor(() => expect(ai.calls.map((call) => call.method)).toContain("POST"));
    expect(ai.calls.find((call) => call.method === "POST")).toMatchObject({
      url: "/api/ai/test/t-100/group/0/trigger",
      body: { aiModel: "RAMI", deviceType: 6501 },
    });
    expect(screen.getByText(/Analysing/)).toBeInTheDocument();
    // The first wait of spec §9 is 3 s.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() =>
      expect(
        within(screen.getByTestId("ai-legend-0"))
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual(["CVD: 1"]),
    );
    expect(within(screen.getByTestId("ai-run-0")).getByRole("button", { name: "Regenerate" })).toBeDisabled();
  });

  it("the public view shows the overlay read-only: the switch works, no Regenerate, no bearer", async () => {
    const ai = serveAi({ result: completed({ isGeneratedWithLatestVersion: false }) });
    await renderConsole("/public/gallery/item/t-100");
    fireEvent.click(await aiSwitch());
    await screen.findByTestId("ai-legend-0");
    expect(screen.queryByRole("button", { name: "Regenerate" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("AI model")).not.toBeInTheDocument();
    expect(ai.calls).toEqual([expect.objectContaining({ method: "GET", auth: null })]);
  });

  it('an empty result shows "(Failed)" next to the label', async () => {
    const ai = serveAi({ result: null, statuses: [{ status: "completed", result: [] }] });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(await aiSwitch());
    await waitFor(() => expect(ai.calls.map((call) => call.method)).toContain("POST"));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await within(screen.getByTestId("ai-run-0")).findByText("(Failed)")).toBeInTheDocument();
    expect(screen.queryByTestId("ai-legend-0")).not.toBeInTheDocument();
    // No result → trigger → poll (spec §4).
    expect(ai.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/ai/test/t-100/group/0/result?aiModel=RAMI",
      "POST /api/ai/test/t-100/group/0/trigger",
      "GET /api/ai/jobs/job-new/status",
    ]);
  });

  it('an existing empty result is reused: "(Failed)", no new job, and Regenerate starts one (spec §4, §8)', async () => {
    // Of the latest model, which would disable Regenerate for a result with polygons.
    const ai = serveAi({
      result: completed({ result: [], isGeneratedWithLatestVersion: true }),
      statuses: [{ status: "completed", result: POLYGONS.slice(0, 1) }],
    });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    fireEvent.click(await aiSwitch());
    const run = screen.getByTestId("ai-run-0");
    expect(await within(run).findByText("(Failed)")).toBeInTheDocument();
    expect(screen.queryByTestId("ai-legend-0")).not.toBeInTheDocument();
    expect(ai.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/ai/test/t-100/group/0/result?aiModel=RAMI",
    ]);

    const regenerate = within(run).getByRole("button", { name: "Regenerate" });
    expect(regenerate).toBeEnabled();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(regenerate);
    await waitFor(() => expect(ai.calls.map((call) => call.method)).toContain("POST"));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    const legend = await screen.findByTestId("ai-legend-0");
    expect(
      within(legend)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["CVD: 1"]);
    expect(within(run).queryByText("(Failed)")).not.toBeInTheDocument();
    expect(ai.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/ai/test/t-100/group/0/result?aiModel=RAMI",
      "POST /api/ai/test/t-100/group/0/trigger",
      "GET /api/ai/jobs/job-new/status",
    ]);
  });

  it("a failed job shows the toast AI analysis failed. Please try again.", async () => {
    serveAi({
      result: completed({ status: "pending", result: null, _id: "job-running" }),
      statuses: [{ status: "failed", result: null }],
    });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(await aiSwitch());
    await screen.findByText(/Analysing/);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText("AI analysis failed. Please try again.")).toBeInTheDocument();
    expect(within(screen.getByTestId("ai-run-0")).getByRole("alert")).toHaveTextContent("AI analysis failed");
  });

  it("choosing another model while on fetches that model's result", async () => {
    const ai = serveAi({ result: completed() });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    fireEvent.click(await aiSwitch());
    await screen.findByTestId("ai-legend-0");
    fireEvent.mouseDown(within(screen.getByTestId("ai-run-0")).getByRole("combobox", { name: "AI model" }));
    fireEvent.click(await screen.findByRole("option", { name: "NAOMI" }));
    await waitFor(() =>
      expect(ai.calls.map((call) => call.url)).toContain("/api/ai/test/t-100/group/0/result?aiModel=NAOMI"),
    );
  });

  it("while the analysis runs, the photo's box is already laid out; the drawing and legend follow the result", async () => {
    serveAi({ result: completed({ status: "in-progress", result: null, _id: "job-running" }) });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    fireEvent.click(await aiSwitch());
    await screen.findByText(/Analysing/);
    const photo = within(screen.getByTestId("ai-run-0")).getByRole("img", { name: "res0.png" });
    // The box the polygons will be drawn in, at its final size (480 px wide, the photo's proportions).
    expect(photo.parentElement).toHaveStyle({ width: "480px", height: "645px" });
    expect(screen.queryByTestId("ai-legend-0")).not.toBeInTheDocument();
    expect(await overlayStage()).toBeUndefined();
  });

  it("switching off while polling stops the polling", async () => {
    const ai = serveAi({ result: completed({ status: "in-progress", result: null, _id: "job-running" }) });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(await aiSwitch());
    // Before the first wait is over, none made yet (not "check 0 of 18": outside review).
    expect(await screen.findByText("Analysing… (0 of 18 checks made)")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(screen.getByText("Analysing… (1 of 18 checks made)")).toBeInTheDocument());
    fireEvent.click(await aiSwitch());
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(ai.calls.filter((call) => call.url.startsWith("/api/ai/jobs/"))).toHaveLength(1);
    expect(screen.queryByText(/Analysing/)).not.toBeInTheDocument();
  });

  it("leaving the test page while polling stops the polling", async () => {
    const ai = serveAi({ result: completed({ status: "in-progress", result: null, _id: "job-running" }) });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(await aiSwitch());
    await screen.findByText(/Analysing/);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(screen.getByText("Analysing… (1 of 18 checks made)")).toBeInTheDocument());
    const polls = () => ai.calls.filter((call) => call.url === "/api/ai/jobs/job-running/status");
    expect(polls()).toHaveLength(1);

    fireEvent.click(screen.getByRole("link", { name: "Back to Gallery" }));
    expect(await screen.findByRole("heading", { name: "Gallery" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/gallery");
    // Every wait of spec §9 is over within 60 s: a run left polling would have asked again.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(polls()).toHaveLength(1);
  });
});
