import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { renderConsole } from "./harness/renderConsole";
import { device, discount, user } from "./harness/resourceService";
import { server } from "./harness/server";

/**
 * A confirmation opens with Cancel focused (resources/shared/cancelFirst.ts): Enter pressed out
 * of habit closes the question and sends nothing, on the console's own confirmations and on
 * react-admin's delete button alike.
 */
let writes: string[];

function serveRecords() {
  writes = [];
  const records = { users: user("u-2", "User"), devices: device() };
  server.use(
    ...(["users", "devices"] as const).map((resource) =>
      http.get(`*/api/${resource}/:id`, () => HttpResponse.json(records[resource])),
    ),
    ...["users", "devices", "businesses", "accounts"].map((resource) =>
      http.get(`*/api/${resource}`, () => HttpResponse.json([], { headers: { "Content-Range": `${resource} */0` } })),
    ),
    http.get("*/api/discounts", () =>
      HttpResponse.json([discount(1)], { headers: { "Content-Range": "discounts 0-0/1" } }),
    ),
    http.get("*/api/saved-queries", () => HttpResponse.json([])),
    http.get("*/api/bookmarks", () => HttpResponse.json({ items: [] })),
    // Any write to the records: none is expected.
    ...(["users", "devices", "discounts"] as const).flatMap((resource) =>
      [http.delete, http.post, http.put].map((method) =>
        method(`*/api/${resource}/:id/*?`, ({ request }) => {
          writes.push(`${request.method} ${new URL(request.url).pathname}`);
          return HttpResponse.json({ message: "Not expected." }, { status: 500 });
        }),
      ),
    ),
  );
}

beforeAll(async () => {
  await Promise.all([import("../../src/Console"), import("../../src/resources/users/UserShow")]);
  serveRecords();
  await renderConsole("/users/u-2", { role: "SuperAdmin" });
  await screen.findByRole("button", { name: "Delete user" });
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
}, 60_000);

beforeEach(serveRecords);

/** Opens the confirmation, checks Cancel has the focus, presses Enter: the question goes, nothing is sent. */
async function enterOnOpenedConfirmation(button: string, question: string | RegExp) {
  fireEvent.click(await screen.findByRole("button", { name: button }));
  const dialog = await screen.findByRole("dialog", { name: question });
  await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" })));
  await userEvent.keyboard("{Enter}");
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(writes).toEqual([]);
}

describe("a confirmation opens with Cancel focused", () => {
  it("react-admin's delete button: Enter does not delete the user", async () => {
    await renderConsole("/users/u-2", { role: "SuperAdmin" });
    await enterOnOpenedConfirmation("Delete user", /^Delete/);
    expect(screen.getByRole("heading", { name: "Grace Hopper" })).toBeInTheDocument();
  });

  it("a record action's confirmation: Enter does not mark the device lost", async () => {
    await renderConsole("/devices/d-1", { role: "Admin" });
    await enterOnOpenedConfirmation("Mark lost", "Mark SN-0001 as lost?");
  });

  it("react-admin's bulk delete: Enter does not delete the selected discount", async () => {
    await renderConsole("/discounts", { role: "SuperAdmin" });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select this row" }));
    await enterOnOpenedConfirmation("Delete", /^Delete/);
    expect(screen.getByRole("cell", { name: "CODE1" })).toBeInTheDocument();
  });
});
