import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { focusManager } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { MAX_TEXT_LENGTH, type ApiTest, type GalleryItem } from "../../src/api/tests";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from "../../src/api/uploadLimit";
import { renderConsole } from "./harness/renderConsole";
import { reply, server } from "./harness/server";
import { CONTRACT, type JsonAnswer } from "../fixtures/contract";
import { makeTest } from "./harness/testFixture";

// A cold test worker's first render loads the whole console and this page's chunk: once, here,
// rather than inside whichever test comes first.
beforeAll(async () => {
  await Promise.all([import("../../src/App"), import("../../src/custom/testDetail/TestDetailPage")]);
}, 30_000);

interface Recorded {
  method: string;
  path: string;
  body?: unknown;
}

/** GET/PUT/DELETE/POST of spec §7 for one test, recording what the console sends. */
function serveTest(
  test: ApiTest,
  options: {
    deleteStatus?: number;
    passwordOk?: boolean;
    putStatus?: number;
    putAnswer?: JsonAnswer<{ message: string }>;
  } = {},
) {
  const calls: Recorded[] = [];
  let current = test;
  server.use(
    http.get("*/api/v3/tests/public/:id", ({ params }) =>
      params.id === current.id
        ? HttpResponse.json(current)
        : HttpResponse.json({ message: "Test not found" }, { status: 404 }),
    ),
    http.get("*/api/v3/tests/:id", ({ params }) =>
      params.id === current.id
        ? HttpResponse.json(current)
        : HttpResponse.json({ message: "Test not found" }, { status: 404 }),
    ),
    http.put("*/api/v2/tests/:id", async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.push({ method: "PUT", path: new URL(request.url).pathname, body });
      if (options.putStatus) return HttpResponse.json({ message: "Name is too short" }, { status: options.putStatus });
      if (options.putAnswer) return reply(options.putAnswer);
      current = { ...current, ...body, notes: body.notes.split("\n") };
      return HttpResponse.json(current);
    }),
    http.delete("*/api/tests/:id/:fileId", ({ request, params }) => {
      calls.push({ method: "DELETE", path: new URL(request.url).pathname });
      current = { ...current, files: current.files.filter((file) => file._id !== params.fileId) };
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete("*/api/tests/:id", ({ request }) => {
      calls.push({ method: "DELETE", path: new URL(request.url).pathname });
      if (options.deleteStatus === 401) return reply(CONTRACT.deleteTest.refused);
      if (options.deleteStatus)
        return HttpResponse.json({ message: "Internal error" }, { status: options.deleteStatus });
      return reply(CONTRACT.deleteTest.ok);
    }),
    http.post("*/api/users/password/check", async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      calls.push({ method: "POST", path: "/api/users/password/check" });
      return HttpResponse.json({ isCorrect: options.passwordOk ?? password === "demo1234" });
    }),
    http.post("*/api/tests/share/:id", ({ request }) => {
      calls.push({ method: "POST", path: new URL(request.url).pathname });
      return reply(CONTRACT.share.ok);
    }),
    http.post("*/api/v2/tests/file", async ({ request }) => {
      const form = await request.formData();
      calls.push({
        method: "POST",
        path: "/api/v2/tests/file",
        // jsdom's File loses its name and bytes crossing into Node's FormData; the Chromium journey checks them.
        body: {
          testId: form.get("testId"),
          kind: form.get("gemtestTestFileType"),
          hasFile: form.has("files"),
        },
      });
      return reply(CONTRACT.upload.ok);
    }),
  );
  return calls;
}

/**
 * GET and PUT of one test as the reference service answers them with validators: each version's
 * `ETag` ("v1", "v2"…), and a PUT whose If-Match is not the current one refused with 412.
 * `saveElsewhere` is another tab's save.
 */
function serveVersionedTest(test: ApiTest) {
  let current = test;
  let version = 1;
  let gets = 0;
  const puts: { ifMatch: string | null; body: Record<string, string> }[] = [];
  const etag = () => `"v${version}"`;
  server.use(
    http.get("*/api/v3/tests/:id", () => {
      gets += 1;
      return HttpResponse.json(current, { headers: { ETag: etag() } });
    }),
    http.put("*/api/v2/tests/:id", async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      const ifMatch = request.headers.get("if-match");
      puts.push({ ifMatch, body });
      if (ifMatch !== null && ifMatch !== etag()) return reply(CONTRACT.updateTest.changed);
      current = { ...current, ...body, notes: body.notes!.split("\n") };
      version += 1;
      return HttpResponse.json(current, { headers: { ETag: etag() } });
    }),
  );
  return {
    puts,
    gets: () => gets,
    current: () => current,
    saveElsewhere(changes: Partial<ApiTest>) {
      current = { ...current, ...changes };
      version += 1;
    },
  };
}

/**
 * Waits for the test page with a cheap query: a role query re-run on every DOM change while the
 * whole console renders costs seconds in jsdom. Role queries follow on the rendered page.
 */
const testPageShown = () => screen.findByTestId("test-id");

/**
 * Clicks a form's submit button once its validators have passed: react-admin forms validate
 * asynchronously, and a disabled button takes no click.
 */
async function submitWith(button: HTMLElement) {
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

/** Delete Test → confirm → the password re-check with the right password. */
async function deleteTestWithPassword() {
  fireEvent.click(await screen.findByRole("button", { name: "Delete Test" }));
  fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
  const password = await screen.findByRole("dialog", { name: "Confirm your password" });
  fireEvent.change(within(password).getByLabelText("Password"), { target: { value: "demo1234" } });
  await submitWith(within(password).getByRole("button", { name: "Continue" }));
}

describe("test detail, private view (spec §2)", () => {
  it("shows the title, Test Id, toolbar, details, notes, RFSV, runs in order, other images and files", async () => {
    serveTest(makeTest());
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    expect(await screen.findByRole("heading", { name: "Solitaire ring" })).toBeInTheDocument();
    expect(screen.getByText(/Test Id/)).toHaveTextContent("Test Id: t-100");
    for (const name of ["Back to Gallery", "Edit", "Add file", "Share test", "Delete Test"]) {
      expect(screen.getByRole(name === "Back to Gallery" ? "link" : "button", { name })).toBeInTheDocument();
    }
    const details = screen.getByRole("region", { name: "Details" });
    for (const label of [
      "Device",
      "Device Type",
      "Phone",
      "Tested on",
      "Location",
      "SKU",
      "Vendor",
      "Customer",
      "Tested by",
    ]) {
      expect(within(details).getByText(label)).toBeInTheDocument();
    }
    // Spec §9: the date and the time it was tested (the fixture's 2026-03-05T14:07Z, in local time).
    expect(within(details).getByText("Tested on").nextElementSibling?.textContent).toMatch(
      /^03\/0[456]\/2026, \d\d:07 (AM|PM)$/,
    );
    expect(within(details).getByText("Watson AI")).toBeInTheDocument();
    expect(within(details).getByText("Main Street Store")).toBeInTheDocument();
    expect(within(details).queryByText("Sender Account")).not.toBeInTheDocument();
    expect(within(details).getByRole("link", { name: "Ada User" })).toHaveAttribute("href", "/users/user-User");

    expect(screen.getByText("Client asked for a rush")).toBeInTheDocument();
    expect(screen.getByText("Check the girdle")).toBeInTheDocument();
    expect(screen.getByText("0.87")).toBeInTheDocument();

    const run1 = screen.getByRole("region", { name: "Test Run #1" });
    expect(
      within(run1)
        .getAllByRole("figure")
        .map((figure) => figure.querySelector("figcaption")?.textContent),
    ).toEqual(["Result", "LUV", "Original"]);
    expect(screen.getByRole("region", { name: "Test Run #2" })).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Other Images" })).getByRole("img")).toHaveAttribute(
      "alt",
      "other.png",
    );
    expect(
      within(screen.getByRole("region", { name: "Files" })).getByRole("link", { name: "report.pdf" }),
    ).toBeInTheDocument();
  });

  it("marks a copied test and shows its sender account; Tested by is not a link", async () => {
    serveTest(
      makeTest({
        isCopied: true,
        originalTest: { account: { name: "Lapis Traders" } },
        copiedAt: "2026-04-01T09:30:00.000Z",
      }),
    );
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    expect(await screen.findByRole("heading", { name: "Solitaire ring (Copied)" })).toBeInTheDocument();
    const details = screen.getByRole("region", { name: "Details" });
    expect(within(details).getByText("Lapis Traders")).toBeInTheDocument();
    expect(within(details).getByText("Copied at")).toBeInTheDocument();
    expect(within(details).queryByRole("link", { name: "Ada User" })).not.toBeInTheDocument();
  });

  it("shows an empty notes wrapper as empty", async () => {
    serveTest(makeTest({ notes: "[]" }));
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    expect(await screen.findByTestId("notes-empty")).toBeInTheDocument();
  });

  it("shows a failed load's message in an error alert", async () => {
    serveTest(makeTest());
    await renderConsole("/gallery/item/missing", { role: "Admin" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Test not found");
    // The page's heading says what could not be shown (axe: a page has an h1).
    expect(screen.getByRole("heading", { level: 1, name: "Test not found" })).toBeInTheDocument();
    // And the way back, as the page itself has it.
    expect(within(screen.getByRole("alert")).getByRole("link", { name: "Back to Gallery" })).toHaveAttribute(
      "href",
      "/gallery",
    );
  });

  it("edits: Update is disabled under 3 trimmed characters, and a save sends the §7 fields", async () => {
    const calls = serveTest(makeTest());
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Test" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    const update = within(dialog).getByRole("button", { name: "Update" });
    fireEvent.change(name, { target: { value: "  ab  " } });
    await waitFor(() => expect(update).toBeDisabled());
    expect(await within(dialog).findByText("The name needs at least 3 characters.")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    fireEvent.change(name, { target: { value: "Emerald pendant" } });
    await submitWith(update);
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")!.body).toEqual({
      name: "Emerald pendant",
      sku: "SKU-1",
      customer: "Jane Doe",
      vendorName: "Gem Vendors",
      description: "Round brilliant, 1.2 ct",
      notes: "Client asked for a rush\nCheck the girdle",
    });
    // The page's title (a heading, h1) shows the saved name.
    expect(await screen.findByText("Emerald pendant", { selector: "h1" })).toBeInTheDocument();
  });

  it("keeps what was typed in Edit Test when Escape is pressed, unless the person says to discard it", async () => {
    serveTest(makeTest());
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Test" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "SKU" }), { target: { value: "SKU-TYPED" } });
    fireEvent.keyDown(dialog, { key: "Escape" });
    const question = await screen.findByRole("dialog", { name: "Discard your changes?" });
    fireEvent.click(within(question).getByRole("button", { name: "Keep editing" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByRole("textbox", { name: "SKU" })).toHaveValue("SKU-TYPED");
    fireEvent.keyDown(dialog, { key: "Escape" });
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Discard your changes?" })).getByRole("button", {
        name: "Discard",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit Test" })).not.toBeInTheDocument());
  });

  it("keeps the typed values when the service refuses a save", async () => {
    serveTest(makeTest(), { putStatus: 400 });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Test" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "SKU" }), { target: { value: "SKU-NEW" } });
    await submitWith(within(dialog).getByRole("button", { name: "Update" }));
    expect(await within(dialog).findByText("Name is too short")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "SKU" })).toHaveValue("SKU-NEW");
  });

  it("a stale tab: the service's 412 says someone else changed the test, keeps the typed edits, and Reload lays them over the latest version", async () => {
    const versions = serveVersionedTest(makeTest());
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Test" });
    // Another tab saves a new SKU after this dialog opened.
    versions.saveElsewhere({ sku: "SKU-FROM-A" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Customer" }), { target: { value: "Tab B" } });
    await submitWith(within(dialog).getByRole("button", { name: "Update" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("This record was changed by someone else.");
    expect(alert).toHaveTextContent("Reload it to see the changes; your edits are kept.");
    expect(versions.puts).toEqual([
      { ifMatch: '"v1"', body: expect.objectContaining({ customer: "Tab B", sku: "SKU-1" }) },
    ]);
    // Still open, with what was typed.
    expect(within(dialog).getByRole("textbox", { name: "Customer" })).toHaveValue("Tab B");
    expect(within(dialog).getByRole("textbox", { name: "SKU" })).toHaveValue("SKU-1");

    fireEvent.click(within(alert).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "SKU" })).toHaveValue("SKU-FROM-A"));
    expect(within(dialog).getByRole("textbox", { name: "Customer" })).toHaveValue("Tab B");
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    await submitWith(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit Test" })).not.toBeInTheDocument());
    expect(versions.puts[1]).toEqual({
      ifMatch: '"v2"',
      body: expect.objectContaining({ sku: "SKU-FROM-A", customer: "Tab B" }),
    });
    expect(versions.current()).toMatchObject({ sku: "SKU-FROM-A", customer: "Tab B" });
  });

  it("a refetch behind the open dialog keeps the typed edits and the version they were made to", async () => {
    const versions = serveVersionedTest(makeTest());
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Test" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Customer" }), { target: { value: "Tab B" } });
    versions.saveElsewhere({ sku: "SKU-FROM-A" });
    // Back to this tab: react-query asks for the test again (refetchOnWindowFocus).
    const before = versions.gets();
    try {
      act(() => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
      });
      await waitFor(() => expect(versions.gets()).toBeGreaterThan(before));
    } finally {
      focusManager.setFocused(undefined);
    }
    expect(await screen.findByText("SKU-FROM-A")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Customer" })).toHaveValue("Tab B");
    await submitWith(within(dialog).getByRole("button", { name: "Update" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This record was changed by someone else.");
    expect(versions.puts[0]?.ifMatch).toBe('"v1"');
  });

  it("shows the notes' length against the service's bound, and puts the field in error before Update once over it", async () => {
    const calls = serveTest(makeTest());
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Test" });
    const notes = within(dialog).getByRole("textbox", { name: "Notes" });
    const update = within(dialog).getByRole("button", { name: "Update" });
    expect(within(dialog).getByTestId("notes-length")).toHaveTextContent("40 / 10,000");
    fireEvent.change(notes, { target: { value: "x".repeat(MAX_TEXT_LENGTH + 1) } });
    await waitFor(() => expect(update).toBeDisabled());
    expect(notes).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByText("Must be 10,000 characters or less")).toBeInTheDocument();
    expect(within(dialog).getByTestId("notes-length")).toHaveTextContent("10,001 / 10,000");
    fireEvent.change(notes, { target: { value: "x".repeat(MAX_TEXT_LENGTH) } });
    await submitWith(update);
    await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1));
  });

  it("puts a refusal that names a field under that field, with the typed values kept", async () => {
    const calls = serveTest(makeTest(), { putAnswer: CONTRACT.updateTest.notesTooLong });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Test" });
    const notes = within(dialog).getByRole("textbox", { name: "Notes" });
    fireEvent.change(notes, { target: { value: "A longer note" } });
    await submitWith(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    await waitFor(() => expect(notes).toHaveAttribute("aria-invalid", "true"));
    // The schema's refusal in the field's words, never the schema's ("notes must be at most 10000 characters long").
    expect(notes).toHaveAccessibleDescription(
      "Not accepted as typed: at most 10,000 characters, with no control characters.",
    );
    expect(notes).toHaveFocus();
    expect(notes).toHaveValue("A longer note");
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  /** An admin's test page, its Upload additional files dialog open; the calls it makes. */
  async function openUploadDialog() {
    const calls = serveTest(makeTest());
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Add file" }));
    return { calls, dialog: await screen.findByRole("dialog", { name: "Upload additional files" }) };
  }

  it("refuses a file of another type without sending it, and uploads an allowed one as Other", async () => {
    const { calls, dialog } = await openUploadDialog();
    const input = within(dialog).getByTestId("upload-input");
    fireEvent.change(input, { target: { files: [new File(["MZ"], "tool.exe")] } });
    expect(await within(dialog).findByText(/tool\.exe cannot be uploaded/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Upload" })).toBeDisabled();

    fireEvent.change(input, { target: { files: [new File(["%PDF-1.4"], "report.pdf", { type: "application/pdf" })] } });
    await submitWith(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("File uploaded successfully")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/v2/tests/file")).toEqual([
      { method: "POST", path: "/api/v2/tests/file", body: { testId: "t-100", kind: "-1", hasFile: true } },
    ]);
  });

  it("refuses a file over the service's limit without sending it, in the service's words", async () => {
    const { calls, dialog } = await openUploadDialog();
    const upload = within(dialog).getByRole("button", { name: "Upload" });
    // A 21 MB file without 21 MB of bytes in jsdom: the size is all the check reads.
    const pdfOf = (name: string, size: number) => {
      const file = new File(["%PDF-1.4"], name, { type: "application/pdf" });
      Object.defineProperty(file, "size", { value: size });
      return file;
    };

    fireEvent.change(within(dialog).getByTestId("upload-input"), {
      target: { files: [pdfOf("scan.pdf", 21 * 1000 * 1000)] },
    });
    expect(await within(dialog).findByText(UPLOAD_TOO_LARGE)).toBeInTheDocument();
    expect(UPLOAD_TOO_LARGE).toBe("The file is too large: the limit is 20 MiB.");
    expect(upload).toBeDisabled();
    fireEvent.click(upload);
    expect(calls.filter((call) => call.path === "/api/v2/tests/file")).toEqual([]);

    // At the limit exactly, it goes.
    fireEvent.change(within(dialog).getByTestId("upload-input"), {
      target: { files: [pdfOf("scan.pdf", MAX_UPLOAD_BYTES)] },
    });
    await waitFor(() => expect(within(dialog).queryByText(UPLOAD_TOO_LARGE)).not.toBeInTheDocument());
    await submitWith(upload);
    expect(await screen.findByText("File uploaded successfully")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/v2/tests/file")).toHaveLength(1);
  });

  it("takes one file at a time: a drop or a pick of several is refused and nothing is sent", async () => {
    const { calls, dialog } = await openUploadDialog();
    const upload = within(dialog).getByRole("button", { name: "Upload" });
    const pdf = (name: string) => new File(["%PDF-1.4"], name, { type: "application/pdf" });

    // Dropped together, two allowed files are refused as a whole: no one of them is kept.
    fireEvent.drop(within(dialog).getByTestId("upload-dropzone"), {
      dataTransfer: { files: [pdf("first.pdf"), pdf("second.pdf")] },
    });
    expect(await within(dialog).findByText("Choose one file at a time.")).toBeInTheDocument();
    expect(upload).toBeDisabled();
    expect(within(dialog).queryByTestId("upload-chosen")).not.toBeInTheDocument();
    fireEvent.click(upload);

    // Picked together (a chooser that allows several), the same.
    fireEvent.change(within(dialog).getByTestId("upload-input"), {
      target: { files: [pdf("third.pdf"), pdf("fourth.pdf")] },
    });
    await waitFor(() => expect(within(dialog).getByText("Choose one file at a time.")).toBeInTheDocument());
    expect(upload).toBeDisabled();
    fireEvent.click(upload);
    expect(calls.filter((call) => call.path === "/api/v2/tests/file")).toEqual([]);

    // One file, dropped alone, goes up once.
    fireEvent.drop(within(dialog).getByTestId("upload-dropzone"), { dataTransfer: { files: [pdf("only.pdf")] } });
    expect(await within(dialog).findByTestId("upload-chosen")).toHaveTextContent("only.pdf");
    await waitFor(() => expect(within(dialog).queryByText("Choose one file at a time.")).not.toBeInTheDocument());
    await submitWith(upload);
    expect(await screen.findByText("File uploaded successfully")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/v2/tests/file")).toHaveLength(1);
  });

  it("holds Browser Back while Add file has a chosen file, with Escape's question, and one blocker beside Edit", async () => {
    // react-router keeps one blocker per router: a second one (a closed dialog's) said so and took Back over.
    const warn = vi.spyOn(console, "warn");
    onTestFinished(() => warn.mockRestore());
    const test = makeTest();
    serveTest(test);
    // The gallery with this one test, in the service's shape, so its card leads to the page (a page
    // Back returns from).
    const card: GalleryItem = {
      id: test.id,
      name: test.name,
      device: test.device,
      account: test.account,
      business: { name: test.business.name },
      date: test.date,
      sku: test.sku,
      customer: test.customer,
      vendorName: test.vendorName,
      isCopied: false,
      thumbnail: null,
    };
    server.use(
      http.get("*/api/tests", () => HttpResponse.json([card], { headers: { "Content-Range": "tests 0-0/1" } })),
    );
    await renderConsole("/gallery", { role: "Admin" });
    fireEvent.click(within(await screen.findByRole("article", { name: test.name })).getByRole("link"));
    await testPageShown();
    // Edit opened and left first: the page's dialogs one after the other.
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const edit = await screen.findByRole("dialog", { name: "Edit Test" });
    fireEvent.click(within(edit).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit Test" })).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole("button", { name: "Add file" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload additional files" });
    fireEvent.change(within(dialog).getByTestId("upload-input"), {
      target: { files: [new File(["%PDF-1.4"], "report.pdf", { type: "application/pdf" })] },
    });
    expect(await within(dialog).findByTestId("upload-chosen")).toHaveTextContent("report.pdf");

    act(() => window.history.back());
    const question = await screen.findByRole("dialog", { name: "Discard your changes?" });
    fireEvent.click(within(question).getByRole("button", { name: "Keep editing" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Discard your changes?" })).not.toBeInTheDocument(),
    );
    expect(window.location.pathname).toBe("/gallery/item/t-100");
    expect(within(dialog).getByTestId("upload-chosen")).toHaveTextContent("report.pdf");

    act(() => window.history.back());
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Discard your changes?" })).getByRole("button", {
        name: "Discard",
      }),
    );
    await waitFor(() => expect(window.location.pathname).toBe("/gallery"));
    expect(screen.queryByRole("dialog", { name: "Upload additional files" })).not.toBeInTheDocument();
    expect(warn.mock.calls.filter(([message]) => String(message).includes("blocker"))).toEqual([]);
  });

  it("shares and builds the public link", async () => {
    const calls = serveTest(makeTest());
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Share test" }));
    const dialog = await screen.findByRole("dialog", { name: "Share your test" });
    expect(
      await within(dialog).findByDisplayValue(`${window.location.origin}/public/gallery/item/t-100`),
    ).toBeInTheDocument();
    expect(calls).toContainEqual({ method: "POST", path: "/api/tests/share/t-100" });
  });

  it("deletes selected photos after the confirmation and the password check, one DELETE each", async () => {
    const calls = serveTest(makeTest());
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Result res0.png" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select LUV luv0.png" }));
    expect(screen.getByRole("toolbar", { name: "2 photos selected" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Delete selected" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const password = await screen.findByRole("dialog", { name: "Confirm your password" });
    // Photos deleted are gone for good; a deleted test is not (below).
    expect(within(password).getByText(/^This action cannot be undone\./)).toBeInTheDocument();
    expect(within(password).getByRole("button", { name: "Continue" })).toBeDisabled();
    fireEvent.change(within(password).getByLabelText("Password"), { target: { value: "wrong" } });
    await submitWith(within(password).getByRole("button", { name: "Continue" }));
    expect(await within(password).findByText("Incorrect password. Please try again.")).toBeInTheDocument();
    fireEvent.change(within(password).getByLabelText("Password"), { target: { value: "demo1234" } });
    await submitWith(within(password).getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Files deleted successfully")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      "/api/tests/t-100/res0",
      "/api/tests/t-100/luv0",
    ]);
    await waitFor(() =>
      expect(screen.queryByRole("checkbox", { name: "Select Result res0.png" })).not.toBeInTheDocument(),
    );
  });

  it("deletes the test after confirmation and password, then returns to the gallery", async () => {
    const calls = serveTest(makeTest());
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Test" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    // The password step does not contradict the step before it: the test goes to Recover.
    const password = await screen.findByRole("dialog", { name: "Confirm your password" });
    expect(within(password).getByText(/^The test can be restored from Recover for 15 days\./)).toBeInTheDocument();
    fireEvent.change(within(password).getByLabelText("Password"), { target: { value: "demo1234" } });
    await submitWith(within(password).getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(window.location.pathname).toBe("/gallery"));
    expect(calls).toContainEqual({ method: "DELETE", path: "/api/tests/t-100" });
  });

  it("says the service refused with 401 as insufficient permission", async () => {
    serveTest(makeTest(), { deleteStatus: 401 });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    await deleteTestWithPassword();
    expect(await screen.findByText("Insufficient permission to delete the test.")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/gallery/item/t-100");
  });

  it("says other failures as an error while deleting", async () => {
    serveTest(makeTest(), { deleteStatus: 500 });
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    await testPageShown();
    await deleteTestWithPassword();
    expect(await screen.findByText("Error while deleting the test.")).toBeInTheDocument();
  });

  it("tells a user without permission and does nothing", async () => {
    const calls = serveTest(makeTest({ createdBy: "someone-else" }));
    await renderConsole("/gallery/item/t-100", { role: "User" });
    await testPageShown();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Test" }));
    expect(await screen.findByText("You can't delete this test without the necessary permission.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === "DELETE")).toEqual([]);
  });
});

describe("test detail, public view (spec §2)", () => {
  it("has no toolbar, no selection, the guest header, and Tested by is not a link", async () => {
    serveTest(makeTest());
    await renderConsole("/public/gallery/item/t-100");
    await testPageShown();
    expect(await screen.findByRole("heading", { name: "Solitaire ring" })).toBeInTheDocument();
    expect(screen.getByTestId("app-title")).toHaveTextContent("Gemtest Guest");
    expect(screen.queryByRole("navigation", { name: "Main menu" })).not.toBeInTheDocument();
    for (const name of ["Edit", "Add file", "Share test", "Delete Test"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
    expect(screen.queryAllByRole("checkbox")).toEqual([]);
    expect(screen.queryByRole("link", { name: "Ada User" })).not.toBeInTheDocument();
  });

  it("a dead shared link says so as the page's heading, with the way to sign in", async () => {
    serveTest(makeTest());
    await renderConsole("/public/gallery/item/missing");
    expect(await screen.findByRole("heading", { level: 1, name: "Test not found" })).toBeInTheDocument();
    expect(within(screen.getByRole("alert")).getByRole("link", { name: "Go to sign in" })).toHaveAttribute(
      "href",
      "/login",
    );
  });
});
