import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { Firmware } from "../../src/api/resources";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";

/**
 * Issue 26 item 7: a firmware build can be downloaded (GET firmware/{id}/file, through the
 * console's client with its bearer) from its list row and from its dialog, and its SHA-256 is
 * shown in full in the dialog, copied with one click.
 */
const FILE = "gemtest firmware image 4.2.1";
const BUILD: Firmware = {
  id: "fw-1",
  version: 3,
  firmwareVersion: "4.2.1",
  deviceTypeCode: 6501,
  releaseNotes: "Calibration improvements.",
  fileName: "gemtest-6501-4.2.1.bin",
  fileSize: FILE.length,
  sha256: "9f2c4a0b7d1e3f5a6b8c0d2e4f6a8b0c1d3e5f7a9b1c3d5e7f9a0b2c4d6e8f0a",
  status: "published",
  uploadedById: "user-SuperAdmin",
  uploadedByName: "Ada SuperAdmin",
  uploadedAt: "2026-01-05T10:00:00.000Z",
};

let downloads: { authorization: string | null }[];
let saved: { name: string; blob: Blob }[];
let copied: string[];

beforeEach(() => {
  downloads = [];
  saved = [];
  copied = [];
  let lastBlob: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return "blob:firmware";
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: lastBlob! });
  });
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
  });
  server.use(
    http.get("*/api/saved-queries", () => HttpResponse.json([])),
    http.get("*/api/bookmarks", () => HttpResponse.json({ items: [] })),
    http.get("*/api/firmware", () => HttpResponse.json([BUILD], { headers: { "Content-Range": "firmware 0-0/1" } })),
    http.get("*/api/firmware/:id", () => HttpResponse.json(BUILD)),
    http.get("*/api/firmware/:id/file", ({ request }) => {
      downloads.push({ authorization: request.headers.get("authorization") });
      return new HttpResponse(FILE, {
        headers: {
          "Content-Type": "application/octet-stream",
          "Content-Disposition": `attachment; filename="${BUILD.fileName}"`,
        },
      });
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

describe("firmware builds (issue 26 item 7)", () => {
  it("downloads a build from its row, with the bearer, without opening the row", async () => {
    await renderConsole("/firmware", { role: "SuperAdmin" });
    const download = await screen.findByRole("button", { name: "Download firmware 4.2.1 (Watson AI)" });
    fireEvent.click(download);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(downloads).toEqual([{ authorization: expect.stringMatching(/^Bearer \S+/) }]);
    expect(saved[0]!.name).toBe(BUILD.fileName);
    expect(await saved[0]!.blob.text()).toBe(FILE);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("offers Columns, its table standing inside the element that loads a build's dialog on approach", async () => {
    await renderConsole("/firmware", { role: "SuperAdmin" });
    await screen.findByRole("button", { name: "Download firmware 4.2.1 (Watson AI)" });
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    const panel = await screen.findByRole("dialog", { name: "Columns" });
    expect(within(panel).getByRole("checkbox", { name: "Version" })).toBeChecked();
  });

  it("offers the selected builds' export and deletion (after a confirmation), saying what was deleted", async () => {
    await renderConsole("/firmware", { role: "SuperAdmin" });
    const row = (await screen.findByRole("button", { name: "Download firmware 4.2.1 (Watson AI)" })).closest("tr")!;
    fireEvent.click(within(row).getByRole("checkbox", { name: "Select this row" }));
    expect(await screen.findByRole("button", { name: "Export selected" })).toBeInTheDocument();
    const deleted: string[] = [];
    server.use(
      http.delete("*/api/firmware/:id", ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json(BUILD);
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog");
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    // Said in the product's words, not react-admin's "Element deleted".
    expect(await screen.findByText("Firmware deleted")).toBeInTheDocument();
    expect(deleted).toEqual(["fw-1"]);
  });

  it("shows the build's SHA-256 in full in its dialog, copies it, and downloads the file there too", async () => {
    await renderConsole("/firmware", { role: "SuperAdmin" });
    fireEvent.click(await screen.findByText("4.2.1"));
    const dialog = await screen.findByRole("dialog", { name: "Firmware 4.2.1" });
    const sha = await within(dialog).findByRole("textbox", { name: "SHA-256" });
    expect(sha).toHaveValue(BUILD.sha256);
    expect(sha).toHaveAttribute("readonly");
    expect(within(dialog).getByText(/gemtest-6501-4\.2\.1\.bin/)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole("button", { name: "Copy SHA-256" }));
    expect(await screen.findByText("SHA-256 copied to clipboard")).toBeInTheDocument();
    expect(copied).toEqual([BUILD.sha256]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Download" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(BUILD.fileName);
    expect(downloads).toHaveLength(1);
  });
});
