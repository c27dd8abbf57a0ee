import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import type { BulkDownload, GalleryItem } from "../../src/api/tests";
import { renderConsole } from "./harness/renderConsole";
import { reply, server } from "./harness/server";
import { CONTRACT } from "../fixtures/contract";

// A cold test worker's first render loads the whole console and the gallery's chunk: once, here,
// rather than inside whichever test comes first.
beforeAll(async () => {
  await import("../../src/App");
  await import("../../src/custom/gallery/GalleryPage");
}, 30_000);

afterEach(() => {
  vi.useRealTimers();
});

const items: GalleryItem[] = Array.from({ length: 25 }, (_, index) => ({
  id: `t-${index + 1}`,
  name: `Test ${index + 1}`,
  device: { name: `Box ${index % 3}`, type: index % 2 ? 5001 : 6501 },
  account: { id: "acc-1", name: "Brilliant Gems Ltd" },
  business: { name: "Main Street Store" },
  date: new Date(Date.UTC(2026, 10, 20 - index, 10)).toISOString(),
  sku: `SKU-${index + 1}`,
  customer: "Jane",
  vendorName: "Vendor",
  isCopied: index === 0,
  thumbnail: index === 1 ? null : `/files/thumb-${index + 1}.png`,
}));

/**
 * The gallery list in ra-data-simple-rest's convention, filtering like the service does; `uncounted`:
 * a total past the service's count, "*" in Content-Range while a next page exists.
 */
function serveGallery({ uncounted = false } = {}) {
  const requests: URL[] = [];
  server.use(
    http.get("*/api/tests", ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const [start, end] = JSON.parse(url.searchParams.get("range") ?? "[0,9]") as [number, number];
      const filter = JSON.parse(url.searchParams.get("filter") ?? "{}") as { q?: string; deviceType?: number };
      const matching = items.filter(
        (item) =>
          (!filter.q || item.name.toLowerCase().includes(filter.q.toLowerCase())) &&
          (filter.deviceType === undefined || item.device.type === filter.deviceType),
      );
      const page = matching.slice(start, end + 1);
      const total = uncounted && end + 1 < matching.length ? "*" : matching.length;
      return HttpResponse.json(page, {
        headers: { "Content-Range": `tests ${start}-${start + page.length - 1}/${total}` },
      });
    }),
  );
  return requests;
}

/**
 * The cards' titles, by a plain DOM query: a role query re-run by waitFor on every DOM change
 * while the whole console renders costs seconds in jsdom.
 */
const cardTitles = () =>
  Array.from(screen.getByTestId("gallery-grid").querySelectorAll("article")).map((card) =>
    card.getAttribute("aria-label"),
  );

/** The first page of cards is on screen (a cheap query; role queries follow). */
const galleryShown = () => screen.findByTestId("gallery-total");

describe("gallery (spec §2, §9)", () => {
  it("pages tests the service did not count to the end: 'More than 10,000 tests', then the next page", async () => {
    const requests = serveGallery({ uncounted: true });
    await renderConsole("/gallery?pageSize=10&page=1", { role: "User" });
    await waitFor(() => expect(cardTitles()).toHaveLength(10));
    expect(screen.getByTestId("gallery-total")).toHaveTextContent("More than 10,000 tests");
    fireEvent.click(screen.getByRole("button", { name: "Go to page 2" }));
    await waitFor(() => expect(cardTitles()[0]).toBe("Test 11"));
    expect(JSON.parse(requests.at(-1)!.searchParams.get("range")!)).toEqual([10, 19]);
    fireEvent.click(screen.getByRole("button", { name: "Go to page 3" }));
    await waitFor(() => expect(cardTitles()).toHaveLength(5));
    // The last page is counted: its total is exact.
    expect(screen.getByTestId("gallery-total")).toHaveTextContent("25 tests");
  });

  it("shows 10 cards a page, newest first, with the URL's page and page size", async () => {
    const requests = serveGallery();
    await renderConsole("/gallery?pageSize=10&page=1", { role: "User" });
    await waitFor(() => expect(cardTitles()).toHaveLength(10));
    expect(cardTitles()[0]).toBe("Test 1 (Copied)");
    // The card's heading keeps the marker apart from the name, which alone gives way when long.
    expect(screen.getByRole("heading", { name: "Test 1 (Copied)" })).toBeInTheDocument();
    expect(screen.getByTestId("gallery-total")).toHaveTextContent("25 tests");
    const last = requests.at(-1)!;
    expect(JSON.parse(last.searchParams.get("range")!)).toEqual([0, 9]);
    expect(JSON.parse(last.searchParams.get("sort")!)).toEqual(["date", "DESC"]);

    fireEvent.click(screen.getByRole("button", { name: "Go to page 3" }));
    await waitFor(() => expect(cardTitles()).toEqual(["Test 21", "Test 22", "Test 23", "Test 24", "Test 25"]));
    expect(window.location.search).toBe("?pageSize=10&page=3");
  });

  it("names the page's own button Unselect this page once the page is chosen, apart from the bar's Clear selection", async () => {
    serveGallery();
    await renderConsole("/gallery?pageSize=10&page=1", { role: "User" });
    await waitFor(() => expect(cardTitles()).toHaveLength(10));
    fireEvent.click(screen.getByRole("button", { name: "Select this page" }));
    fireEvent.click(screen.getByRole("button", { name: "Go to page 2" }));
    await waitFor(() => expect(cardTitles()[0]).toBe("Test 11"));
    fireEvent.click(screen.getByRole("button", { name: "Select this page" }));
    const bar = screen.getByRole("toolbar", { name: "20 tests selected" });
    // Two buttons that do different things say different things: only the bar's clears the whole selection.
    expect(screen.getAllByRole("button", { name: "Clear selection" })).toEqual([
      within(bar).getByRole("button", { name: "Clear selection" }),
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Unselect this page" }));
    // Page 1's tests stay chosen.
    expect(screen.getByRole("toolbar", { name: "10 tests selected" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Select this page" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.queryByRole("toolbar", { name: /selected/ })).not.toBeInTheDocument();
  });

  it("opens on the page the URL names", async () => {
    serveGallery();
    await renderConsole("/gallery?pageSize=20&page=2", { role: "User" });
    await waitFor(() => expect(cardTitles()).toEqual(["Test 21", "Test 22", "Test 23", "Test 24", "Test 25"]));
    // A page size or a filter chosen starts again from page 1, in the spec's address.
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Per page" }));
    fireEvent.click(await screen.findByRole("option", { name: "50" }));
    await waitFor(() => expect(cardTitles()).toHaveLength(25));
    expect(window.location.search).toBe("?pageSize=50&page=1");
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Device type" }));
    fireEvent.click(await screen.findByRole("option", { name: "Dr. Watson" }));
    await waitFor(() => expect(window.location.search).toBe("?pageSize=50&page=1&deviceType=5001"));
    await waitFor(() => expect(cardTitles()).toHaveLength(12));
  });

  it("searches after a pause, back to page 1", async () => {
    const requests = serveGallery();
    await renderConsole("/gallery?pageSize=10&page=2", { role: "User" });
    await waitFor(() => expect(cardTitles()).toHaveLength(10));
    fireEvent.change(screen.getByLabelText("Search name, SKU, customer or vendor"), { target: { value: "Test 2" } });
    await waitFor(() => expect(window.location.search).toBe("?pageSize=10&page=1&q=Test+2"));
    await waitFor(() => expect(cardTitles()).toContain("Test 25"));
    expect(JSON.parse(requests.at(-1)!.searchParams.get("filter")!)).toEqual({ q: "Test 2" });
  });

  it("links each card to its test, and shows a placeholder without a photo", async () => {
    serveGallery();
    await renderConsole("/gallery", { role: "User" });
    await galleryShown();
    const card = await screen.findByRole("article", { name: "Test 2" });
    expect(within(card).getByRole("link")).toHaveAttribute("href", "/gallery/item/t-2");
    expect(within(card).getByText("No photo")).toBeInTheDocument();
    // A card's photo says nothing its heading does not: the link reads the test's name once.
    const withPhoto = screen.getByRole("article", { name: "Test 3" });
    expect(within(withPhoto).getByRole("link")).toHaveAccessibleName(/^Test 3 \S+/);
    expect(within(withPhoto).getByRole("link")).not.toHaveAccessibleName(/Test 3 Test 3/);
  });

  it("starts a bulk download of the selected tests and follows it to the zip", async () => {
    serveGallery();
    let polls = 0;
    const posted: unknown[] = [];
    const expiresAt = new Date(2026, 2, 14, 15, 30);
    const download = (status: BulkDownload["status"], progress: number): BulkDownload => ({
      id: "bd-1",
      status,
      testCount: 2,
      progress,
      estimatedSeconds: 4,
      createdAt: new Date().toISOString(),
      fileUrl: status === "ready" ? "/api/bulk-downloads/bd-1/file" : null,
      error: null,
      expiresAt: status === "ready" ? expiresAt.toISOString() : null,
    });
    server.use(
      http.post("*/api/bulk-downloads", async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(download("pending", 0), { status: 201 });
      }),
      http.get("*/api/bulk-downloads/:id", () => {
        polls += 1;
        return HttpResponse.json(polls < 2 ? download("processing", 0.5) : download("ready", 1));
      }),
    );
    await renderConsole("/gallery", { role: "User" });
    await galleryShown();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Test 3" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Test 5" }));
    const bar = screen.getByRole("toolbar", { name: "2 tests selected" });
    // The download is polled every 2 s: the test moves the clock rather than wait.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setInterval", "clearInterval"] });
    fireEvent.click(within(bar).getByRole("button", { name: "Download" }));
    const dialog = await screen.findByRole("dialog", { name: "Bulk download" });
    expect(posted).toEqual([{ testIds: ["t-3", "t-5"] }]);
    expect(await within(dialog).findByText(/About 4 seconds/)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId("bulk-status")).toHaveTextContent("Preparing the files"));
    expect(within(dialog).getByText("Preparing 2 tests")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const zip = await within(dialog).findByRole("link", { name: "Download zip" });
    // The zip is ready: the line above the state no longer says it is being prepared.
    expect(within(dialog).getByText("Download of 2 tests")).toBeInTheDocument();
    expect(within(dialog).queryByText(/Preparing 2 tests/)).not.toBeInTheDocument();
    expect(zip).toHaveAttribute("href", "/api/bulk-downloads/bd-1/file");
    // When the zip goes (24 hours after it is ready), in the console's date format.
    expect(within(dialog).getByTestId("bulk-expires")).toHaveTextContent(
      "Expires 03/14/2026, 03:30 PM: the zip is deleted 24 hours after it is ready.",
    );
    expect(screen.queryByRole("toolbar", { name: /selected/ })).not.toBeInTheDocument();
  });

  it("takes a chosen test the service says is gone out of the selection, and says so in its own words", async () => {
    serveGallery();
    const posted: unknown[] = [];
    server.use(
      http.post("*/api/bulk-downloads", async ({ request }) => {
        posted.push(await request.json());
        return reply(CONTRACT.bulkDownload.secondGone);
      }),
    );
    await renderConsole("/gallery", { role: "User" });
    await galleryShown();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Test 3" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Test 5" }));
    fireEvent.click(
      within(screen.getByRole("toolbar", { name: "2 tests selected" })).getByRole("button", { name: "Download" }),
    );
    // The second test sent was deleted in another tab since: it leaves the selection, the first stays.
    await waitFor(() => expect(screen.queryByRole("toolbar", { name: "2 tests selected" })).toBeNull());
    expect(
      await screen.findByText("1 selected test no longer exists: it was taken out of the selection."),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ testIds: ["t-3", "t-5"] }]);
    expect(screen.getByRole("toolbar", { name: "1 test selected" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select Test 3" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Select Test 5" })).not.toBeChecked();
    expect(screen.queryByText(/testIds/)).not.toBeInTheDocument();
  });

  it("offers the selection's download in the command palette, and starts it from there", async () => {
    serveGallery();
    const posted: unknown[] = [];
    const pending: BulkDownload = {
      id: "bd-2",
      status: "pending",
      testCount: 2,
      progress: 0,
      estimatedSeconds: 4,
      createdAt: new Date().toISOString(),
      fileUrl: null,
      error: null,
      expiresAt: null,
    };
    server.use(
      http.post("*/api/bulk-downloads", async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(pending, { status: 201 });
      }),
      http.get("*/api/bulk-downloads/:id", () => HttpResponse.json(pending)),
      // The palette's records search for what is typed: none here.
      http.get("*/api/search", () => reply(CONTRACT.search.nothing)),
    );
    const user = userEvent.setup();
    await renderConsole("/gallery", { role: "User" });
    await galleryShown();
    const palette = async () => {
      await user.keyboard("{Control>}k{/Control}");
      return screen.findByRole("dialog", { name: "Search screens, actions and records" });
    };
    // Nothing selected: nothing to download.
    let dialog = await palette();
    await user.type(within(dialog).getByRole("combobox"), "download");
    expect(within(dialog).queryByRole("option", { name: /selected test/ })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Test 3" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Test 5" }));
    dialog = await palette();
    await user.type(within(dialog).getByRole("combobox"), "download");
    expect(await within(dialog).findByRole("option", { name: /Download the 2 selected tests/ })).toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "Bulk download" })).toBeInTheDocument();
    expect(posted).toEqual([{ testIds: ["t-3", "t-5"] }]);
    expect(screen.queryByRole("toolbar", { name: /selected/ })).not.toBeInTheDocument();
  });

  it("says why a second bulk download is refused", async () => {
    serveGallery();
    server.use(
      http.post("*/api/bulk-downloads", () =>
        HttpResponse.json({ message: "A bulk download is already in progress." }, { status: 409 }),
      ),
    );
    await renderConsole("/gallery", { role: "User" });
    await galleryShown();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Test 3" }));
    fireEvent.click(screen.getByRole("button", { name: "Download" }));
    expect(await screen.findByText("A bulk download is already in progress.")).toBeInTheDocument();
    expect(screen.getByRole("toolbar", { name: "1 test selected" })).toBeInTheDocument();
  });
  it("says under To when its day is before From, as an address may bring it", async () => {
    await renderConsole("/gallery?pageSize=10&page=1&from=2026-12-02&to=2026-11-30", { role: "User" });
    const problem = "This day is before From: no test can be in this range.";
    expect(await screen.findByText(problem)).toBeInTheDocument();
    expect(screen.getByLabelText("To")).toHaveAttribute("aria-invalid", "true");
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-12-03" } });
    await waitFor(() => expect(screen.queryByText(problem)).not.toBeInTheDocument());
  });

  describe("in a browser east or west of UTC (America/New_York)", () => {
    const zone = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = "America/New_York";
    });
    afterAll(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it("finds a test by the day its card shows: From and To are the reader's days, asked as instants", async () => {
      // 01:23 UTC on December 1st is 08:23 PM on November 30th in New York.
      const evening: GalleryItem = { ...items[0]!, id: "t-evening", name: "Evening test", isCopied: false };
      const dated = { ...evening, date: "2026-12-01T01:23:00.000Z" };
      const asked: unknown[] = [];
      server.use(
        http.get("*/api/tests", ({ request }) => {
          const filter = JSON.parse(new URL(request.url).searchParams.get("filter") ?? "{}") as {
            from?: string;
            to?: string;
          };
          asked.push(filter);
          // As the service reads its bounds: a day is a whole UTC day, an instant the bound itself.
          const day = (bound: string) => /^\d{4}-\d{2}-\d{2}$/.test(bound);
          const from = filter.from && Date.parse(day(filter.from) ? `${filter.from}T00:00:00Z` : filter.from);
          const to =
            filter.to && (day(filter.to) ? Date.parse(`${filter.to}T00:00:00Z`) + 86_399_999 : Date.parse(filter.to));
          const time = Date.parse(dated.date);
          const page = (!from || time >= from) && (!to || time <= to) ? [dated] : [];
          return HttpResponse.json(page, {
            headers: { "Content-Range": page.length ? "tests 0-0/1" : "tests */0" },
          });
        }),
      );
      await renderConsole("/gallery?pageSize=10&page=1&from=2026-11-30&to=2026-11-30", { role: "Admin" });
      const card = await screen.findByRole("article", { name: "Evening test" });
      expect(card).toHaveTextContent("11/30/2026, 08:23 PM");
      expect(screen.getByTestId("gallery-total")).toHaveTextContent("1 test");
      // The start of November 30th and its last millisecond, in New York (UTC−5 in November).
      expect(asked.at(-1)).toEqual({ from: "2026-11-30T05:00:00.000Z", to: "2026-12-01T04:59:59.999Z" });
      // The address keeps the days.
      expect(window.location.search).toBe("?pageSize=10&page=1&from=2026-11-30&to=2026-11-30");

      // A day of 25 hours (summer time ends on November 1st, 2026): from its midnight, still UTC−4.
      fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-01" } });
      await waitFor(() =>
        expect(asked.at(-1)).toEqual({ from: "2026-11-01T04:00:00.000Z", to: "2026-12-01T04:59:59.999Z" }),
      );
      // December 1st, the card's UTC day, is a day after it in New York (one end at a time: the
      // list takes a filter change after a pause).
      fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-12-01" } });
      await waitFor(() => expect(asked.at(-1)).toMatchObject({ to: "2026-12-02T04:59:59.999Z" }));
      fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-12-01" } });
      await waitFor(() =>
        expect(asked.at(-1)).toEqual({ from: "2026-12-01T05:00:00.000Z", to: "2026-12-02T04:59:59.999Z" }),
      );
      await waitFor(() => expect(screen.getByTestId("gallery-total")).toHaveTextContent("0 tests"));
    });
  });
});
