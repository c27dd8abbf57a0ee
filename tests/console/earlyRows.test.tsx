/**
 * The early rows (src/custom/startup/earlyRows): drawn from the first list's answer in the frame
 * remembered for this person, path and window width; never otherwise; gone at the hand-over.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GetListResult } from "react-admin";
import type { Frame } from "../../src/custom/startup/earlyRows/frame";
import { createMemoryStorage, createSessionStore } from "../../src/authProvider/session";
import {
  CLICK_WAIT_MS,
  endEarlyRows,
  endEarlyRowsUnlessAt,
  openAfterEarlyRows,
  showEarlyRows,
} from "../../src/custom/startup/earlyRows";
import { frameFor, saveFrame } from "../../src/custom/startup/earlyRows/store";

// The early rows' state is a page load's: each test ends what the one before left (endEarlyRows).
const m = { endEarlyRows, endEarlyRowsUnlessAt, showEarlyRows, frameFor, saveFrame };

const look = { font: "14px Arial", color: "rgb(0, 0, 0)", textTransform: "none", letterSpacing: "normal" };

const frame = (path: string, layout = `${window.innerWidth} `): Frame => ({
  path,
  resource: "accounts",
  layout,
  background: "rgb(244, 246, 249)",
  pieces: [{ left: 0, top: 0, width: 1000, height: 48, background: "rgb(29, 53, 87)" }],
  table: {
    left: 300,
    top: 200,
    width: 600,
    height: 400,
    headerHeight: 36,
    rowHeight: 52,
    border: "1px solid rgb(224, 224, 224)",
    header: look,
    columns: [
      {
        source: "name",
        width: 300,
        label: "Name",
        align: "left",
        padding: "6px 16px",
        oneLine: false,
        textLeft: 16,
        look,
        rule: { as: "text" },
      },
      {
        source: "status",
        width: 300,
        label: "Status",
        align: "left",
        padding: "6px 16px",
        oneLine: false,
        textLeft: 16,
        look,
        rule: { as: "words", words: { '"active"': "Active" } },
      },
    ],
  },
});

const answer = (data: Record<string, unknown>[]): Promise<GetListResult> =>
  Promise.resolve({ data: data as never, total: data.length });

describe("a list's early rows", () => {
  const storage = createMemoryStorage();
  const deps = { storage, userId: () => "user-1" };

  beforeEach(() => {
    storage.clear();
    window.history.replaceState(null, "", "/accounts");
  });
  afterEach(endEarlyRows);

  it("draws the first answer's rows in the remembered frame, in the list's words, and goes at the hand-over", async () => {
    saveFrame(frame("/accounts"), deps);
    const rows = [
      { id: "a1", name: "Halo Atelier", status: "active" },
      { id: "a2", name: "Jade Atelier", status: "suspended" },
    ];
    await showEarlyRows("/accounts", Promise.resolve([{ resource: "accounts", answer: answer(rows) }]), deps);
    const overlay = document.getElementById("early-rows")!;
    expect(overlay.getAttribute("aria-hidden")).toBe("true");
    const cells = [...overlay.querySelectorAll("tbody tr")].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    // A status the list never wrote is left blank for the list to write.
    expect(cells).toEqual([
      ["Halo Atelier", "Active"],
      ["Jade Atelier", ""],
    ]);
    expect([...overlay.querySelectorAll("th")].map((heading) => heading.textContent)).toEqual(["Name", "Status"]);
    endEarlyRows();
    expect(document.getElementById("early-rows")).toBeNull();
  });

  it("draws nothing without this person's frame of this path at this width, on a failed answer, or after the list drew", async () => {
    const rows = [{ id: "a1", name: "Halo Atelier", status: "active" }];
    const calls = () => Promise.resolve([{ resource: "accounts", answer: answer(rows) }]);
    const cases: [string, (modules: typeof m) => Promise<void>][] = [
      ["no frame", (m) => m.showEarlyRows("/accounts", calls(), deps)],
      [
        "another path's",
        async (m) => {
          m.saveFrame(frame("/users"), deps);
          await m.showEarlyRows("/accounts", calls(), deps);
        },
      ],
      [
        "another width's",
        async (m) => {
          m.saveFrame(frame("/accounts", `${window.innerWidth + 200} `), deps);
          await m.showEarlyRows("/accounts", calls(), deps);
        },
      ],
      [
        "the menu folded otherwise",
        async (m) => {
          m.saveFrame(frame("/accounts", `${window.innerWidth} false`), deps);
          await m.showEarlyRows("/accounts", calls(), deps);
        },
      ],
      [
        "another person's",
        async (m) => {
          m.saveFrame(frame("/accounts"), { storage, userId: () => "user-2" });
          await m.showEarlyRows("/accounts", calls(), deps);
        },
      ],
      [
        "a failed answer",
        async (m) => {
          m.saveFrame(frame("/accounts"), deps);
          await m.showEarlyRows(
            "/accounts",
            Promise.resolve([{ resource: "accounts", answer: Promise.reject(new Error("refused")) }]),
            deps,
          );
        },
      ],
      [
        "the list drew first",
        async (m) => {
          m.saveFrame(frame("/accounts"), deps);
          let answerNow!: (result: GetListResult) => void;
          const later = new Promise<GetListResult>((resolve) => (answerNow = resolve));
          const showing = m.showEarlyRows(
            "/accounts",
            Promise.resolve([{ resource: "accounts", answer: later }]),
            deps,
          );
          m.endEarlyRows();
          answerNow({ data: rows as never, total: rows.length });
          await showing;
        },
      ],
      [
        "an address with its own query (a shared filter)",
        async (m) => {
          m.saveFrame(frame("/accounts"), deps);
          window.history.replaceState(null, "", '/accounts?filter={"status":"suspended"}');
          await m.showEarlyRows("/accounts", calls(), deps);
          window.history.replaceState(null, "", "/accounts");
        },
      ],
    ];
    for (const [name, run] of cases) {
      storage.clear();
      endEarlyRows();
      await run(m);
      expect(document.getElementById("early-rows"), name).toBeNull();
    }
  });

  it("goes when the console shows another address (a redirect)", async () => {
    saveFrame(frame("/accounts"), deps);
    await showEarlyRows(
      "/accounts",
      Promise.resolve([{ resource: "accounts", answer: answer([{ id: "a1", name: "Halo", status: "active" }]) }]),
      deps,
    );
    endEarlyRowsUnlessAt("/accounts");
    expect(document.getElementById("early-rows")).not.toBeNull();
    endEarlyRowsUnlessAt("/new-subscription");
    expect(document.getElementById("early-rows")).toBeNull();
  });

  it("draws a gallery's cards: each record's photo from its thumbnails, and its lines", async () => {
    const { table: _table, ...page } = frame("/gallery");
    saveFrame(
      {
        ...page,
        resource: "tests",
        grid: {
          cards: [
            { left: 300, top: 200, width: 150, height: 280 },
            { left: 470, top: 200, width: 150, height: 280 },
          ],
          card: { background: "rgb(255, 255, 255)", border: "1px solid rgb(224, 224, 224)", radius: "4px", shadow: "" },
          photo: { left: 0, top: 0, width: 150, height: 200, background: "rgb(245, 245, 245)", sizes: "17vw" },
          lines: [
            { left: 10, top: 210, width: 130, height: 20, source: "name", look, oneLine: true, rule: { as: "text" } },
          ],
        },
      },
      deps,
    );
    window.history.replaceState(null, "", "/gallery");
    const tests = [
      {
        id: "t1",
        name: "Ruby 1.02 ct",
        thumbnail: "/files/a.jpg",
        thumbnails: [{ width: 320, link: "/t/a-320.webp" }],
      },
      { id: "t2", name: "Opal", thumbnail: null },
      { id: "t3", name: "Beyond the window", thumbnail: null },
    ];
    await showEarlyRows("/gallery", Promise.resolve([{ resource: "tests", answer: answer(tests) }]), deps);
    const overlay = document.getElementById("early-rows")!;
    const cards = [...overlay.children].filter((child) => child.childElementCount === 2);
    expect(cards.map((card) => card.lastElementChild!.textContent)).toEqual(["Ruby 1.02 ct", "Opal"]);
    const photo = overlay.querySelector("img")!;
    expect(photo.getAttribute("srcset")).toBe("/t/a-320.webp 320w");
    expect(photo.getAttribute("sizes")).toBe("17vw");
    // A test with no photo: the photo's ground, no image.
    expect(cards[1]!.firstElementChild!.tagName).toBe("DIV");
    expect(overlay.querySelector("table")).toBeNull();
    window.history.replaceState(null, "", "/accounts");
  });

  it("draws a shrunk label at its scale, in the box it stood in", async () => {
    const label = { left: 300, top: 120, width: 90, height: 15, text: "From", look, oneLine: true, scale: 0.75 };
    saveFrame({ ...frame("/accounts"), pieces: [label] }, deps);
    await showEarlyRows(
      "/accounts",
      Promise.resolve([{ resource: "accounts", answer: answer([{ id: "a1", name: "Halo", status: "active" }]) }]),
      deps,
    );
    const drawn = [...document.getElementById("early-rows")!.children].find((piece) => piece.textContent === "From");
    const style = (drawn as HTMLElement).style;
    // Zoom scales the box too: given unscaled, it stands where the label stood.
    expect([style.zoom, style.left, style.top, style.width, style.lineHeight]).toEqual([
      "0.75",
      "400px",
      "160px",
      "120px",
      "20px",
    ]);
  });

  it("are forgotten when the person signs out", async () => {
    saveFrame(frame("/accounts"), deps);
    expect(frameFor("/accounts", deps)).toBeDefined();
    createSessionStore(storage).resetUser();
    expect(frameFor("/accounts", deps)).toBeUndefined();
  });

  describe("a menu click on a page drawn before", () => {
    const payments = () => saveFrame({ ...frame("/payments"), resource: "payments" }, deps);
    const rows = [{ id: "p1", name: "INV-1", status: "active" }];
    const opened = () => {
      const seen: { early: boolean; at: string }[] = [];
      const open = () => seen.push({ early: document.getElementById("early-rows") !== null, at: location.pathname });
      return { seen, open };
    };
    afterEach(() => vi.useRealTimers());

    it("draws its rows from the click's call, then opens it", async () => {
      payments();
      const { seen, open } = opened();
      let answerNow!: (result: GetListResult) => void;
      const later = new Promise<GetListResult>((resolve) => (answerNow = resolve));
      const calls = Promise.resolve([{ resource: "payments", answer: later }]);
      expect(openAfterEarlyRows("/payments", calls, open, deps)).toBe(true);
      await Promise.resolve();
      // Not opened while its rows are on their way: the page's render would hold the answer back.
      expect(seen).toEqual([]);
      answerNow({ data: rows as never, total: 1 });
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]).toEqual({ early: true, at: "/accounts" });
      expect(document.querySelector("#early-rows tbody td")?.textContent).toBe("INV-1");
    });

    it(`opens it after ${CLICK_WAIT_MS} ms when the answer is late, and its rows still come`, async () => {
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      payments();
      const { seen, open } = opened();
      let answerNow!: (result: GetListResult) => void;
      const later = new Promise<GetListResult>((resolve) => (answerNow = resolve));
      openAfterEarlyRows("/payments", Promise.resolve([{ resource: "payments", answer: later }]), open, deps);
      await vi.advanceTimersByTimeAsync(CLICK_WAIT_MS - 1);
      expect(seen).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toEqual([{ early: false, at: "/accounts" }]);
      window.history.pushState(null, "", "/payments");
      answerNow({ data: rows as never, total: 1 });
      await vi.waitFor(() => expect(document.querySelector("#early-rows tbody td")?.textContent).toBe("INV-1"));
    });

    it("opens nothing when the person has gone elsewhere meanwhile, or clicked another item", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      payments();
      saveFrame({ ...frame("/users"), resource: "users" }, deps);
      const never = () => Promise.resolve([{ resource: "payments", answer: new Promise<GetListResult>(() => {}) }]);
      const elsewhere = opened();
      openAfterEarlyRows("/payments", never(), elsewhere.open, deps);
      // The address changed before the console has drawn it (Back, a link elsewhere).
      window.history.pushState(null, "", "/gallery");
      await vi.advanceTimersByTimeAsync(CLICK_WAIT_MS);
      expect(elsewhere.seen).toEqual([]);

      window.history.replaceState(null, "", "/accounts");
      const first = opened();
      const second = opened();
      openAfterEarlyRows("/payments", never(), first.open, deps);
      openAfterEarlyRows("/users", never(), second.open, deps);
      await vi.advanceTimersByTimeAsync(CLICK_WAIT_MS);
      expect(first.seen).toEqual([]);
      expect(second.seen).toHaveLength(1);
    });

    it("leaves a page never drawn to its link", () => {
      const { seen, open } = opened();
      expect(openAfterEarlyRows("/payments", Promise.resolve([]), open, deps)).toBe(false);
      expect(seen).toEqual([]);
    });
  });

  it("draws a menu click's page early too, after the first page's list has drawn", async () => {
    saveFrame({ ...frame("/payments"), resource: "payments" }, deps);
    endEarlyRows();
    window.history.pushState(null, "", "/payments");
    const rows = [{ id: "p1", name: "INV-1", status: "active" }];
    await showEarlyRows("/payments", Promise.resolve([{ resource: "payments", answer: answer(rows) }]), deps);
    expect(document.querySelector("#early-rows tbody td")?.textContent).toBe("INV-1");
  });
});
