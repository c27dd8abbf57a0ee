/**
 * The device unsubscribe page (spec §2 /devices/unsubscribe/:deviceId, guests only) and the owner
 * emails switch on the device page, against msw answering from the shared contract
 * (tests/fixtures/ownerFlowsContract.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { Device } from "../../src/api/resources";
import type { JsonAnswer } from "../fixtures/contract";
import { OWNER_FLOWS_CONTRACT, UNSUBSCRIBE_DEVICE } from "../fixtures/ownerFlowsContract";
import { device } from "./harness/resourceService";
import { renderConsole } from "./harness/renderConsole";
import { server, state } from "./harness/server";

const TOKEN = "good-token_1";
/** A token whose recipient no longer receives the device's emails. */
const FORMER_OWNERS_TOKEN = "former-owner_1";
const LINK = `/devices/unsubscribe/${UNSUBSCRIBE_DEVICE.deviceId}?token=${TOKEN}`;
const C = OWNER_FLOWS_CONTRACT.unsubscribe;
const json = (answer: JsonAnswer<unknown>) => HttpResponse.json(answer.body as object, { status: answer.status });

/** The link's two calls as the service answers them; `posts` counts the confirmations. */
function serveLink(initiallyOff = false) {
  let off = initiallyOff;
  const posts: unknown[] = [];
  server.use(
    http.get("*/api/devices/:id/unsubscribe", ({ params, request }) => {
      state.calls.push(`GET devices/${String(params.id)}/unsubscribe`);
      expect(request.headers.get("authorization")).toBeNull();
      const token = new URL(request.url).searchParams.get("token");
      if (token === FORMER_OWNERS_TOKEN) return json(C.notValid);
      if (params.id !== UNSUBSCRIBE_DEVICE.deviceId || token !== TOKEN) return json(C.linkNotValid);
      return json(off ? C.done : C.read);
    }),
    http.post("*/api/devices/:id/unsubscribe", async ({ params, request }) => {
      const body = (await request.json()) as { token: string };
      posts.push(body);
      if (params.id !== UNSUBSCRIBE_DEVICE.deviceId || body.token !== TOKEN) return json(C.linkNotValid);
      off = true;
      return json(C.done);
    }),
  );
  return posts;
}

beforeAll(async () => {
  await Promise.all([
    import("../../src/Console"),
    import("../../src/custom/deviceUnsubscribe/DeviceUnsubscribePage"),
    import("../../src/resources/devices/DeviceShow"),
  ]);
}, 60_000);

describe("the unsubscribe link (guests)", () => {
  it("says which device and account, asks to confirm, and confirms once", async () => {
    const posts = serveLink();
    await renderConsole(LINK);
    expect(await screen.findByRole("heading", { name: "Stop emails about a device" })).toBeInTheDocument();
    expect(await screen.findByTestId("unsubscribe-device")).toHaveTextContent("Antwerp bench");
    expect(screen.getByTestId("unsubscribe-account")).toHaveTextContent("Brilliant Gems Ltd");
    expect(screen.getByText("Big Sherlock")).toBeInTheDocument();
    expect(screen.getByText("GT-4005-0006")).toBeInTheDocument();
    expect(screen.getByTestId("app-title")).toHaveTextContent("Gemtest Guest");
    expect(document.title).toBe("Unsubscribe Device · Gemtest Guest");

    fireEvent.click(screen.getByRole("button", { name: "Stop these emails" }));
    expect(await screen.findByText("You will no longer get emails about Antwerp bench.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stop these emails" })).not.toBeInTheDocument();
    expect(posts).toEqual([{ token: TOKEN }]);
  });

  it("a link used before says so without asking again (idempotent)", async () => {
    const posts = serveLink(true);
    await renderConsole(LINK);
    expect(await screen.findByText("You will no longer get emails about Antwerp bench.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stop these emails" })).not.toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it("a wrong, expired or used-up token shows the service's message and nothing to confirm", async () => {
    serveLink();
    await renderConsole(`/devices/unsubscribe/${UNSUBSCRIBE_DEVICE.deviceId}?token=tampered`);
    expect(await screen.findByRole("alert")).toHaveTextContent("This link has expired or was already used.");
    expect(screen.queryByRole("button", { name: "Stop these emails" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
  });

  it("a token longer than any the service makes reads as a tampered one, not in the schema's words", async () => {
    server.use(http.get("*/api/devices/:id/unsubscribe", () => json(C.tokenTooLong)));
    await renderConsole(`/devices/unsubscribe/${UNSUBSCRIBE_DEVICE.deviceId}?token=${"t".repeat(240)}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(C.linkNotValid.body.message);
    expect(screen.queryByText(/at most 200/)).not.toBeInTheDocument();
  });

  it("a former owner's link says to use the latest email, with nothing to confirm", async () => {
    serveLink();
    await renderConsole(`/devices/unsubscribe/${UNSUBSCRIBE_DEVICE.deviceId}?token=${FORMER_OWNERS_TOKEN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(C.notValid.body.message);
    expect(screen.queryByRole("button", { name: "Stop these emails" })).not.toBeInTheDocument();
  });

  it("without a token it asks the service nothing", async () => {
    serveLink();
    await renderConsole(`/devices/unsubscribe/${UNSUBSCRIBE_DEVICE.deviceId}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(C.notValid.body.message);
    expect(state.calls.filter((call) => call.includes("unsubscribe"))).toEqual([]);
  });

  it("is for guests: a signed-in visitor is sent home", async () => {
    serveLink();
    await renderConsole(LINK, { role: "Admin" });
    await waitFor(() => expect(window.location.pathname).toBe("/"));
  });
});

describe("the owner emails on the device page", () => {
  function serveDevice(initial: Device) {
    const stored = { ...initial };
    const bodies: unknown[] = [];
    server.use(
      http.get("*/api/devices/:id", () => HttpResponse.json(stored)),
      http.get("*/api/bookmarks", () => HttpResponse.json({ items: [] })),
      ...["devices", "businesses", "accounts"].map((resource) =>
        http.get(`*/api/${resource}`, () => HttpResponse.json([], { headers: { "Content-Range": `${resource} */0` } })),
      ),
      http.post("*/api/devices/:id/notify-owner", async ({ request }) => {
        const body = (await request.json()) as { notifyOwner: boolean; version: number };
        bodies.push(body);
        Object.assign(stored, { notifyOwner: body.notifyOwner, version: stored.version + 1 });
        return HttpResponse.json(stored);
      }),
    );
    return bodies;
  }

  it("an admin of the account turns them back on with the switch", async () => {
    const bodies = serveDevice(device({ notifyOwner: false }));
    await renderConsole("/devices/d-1", { role: "Admin" });
    const toggle = await screen.findByRole("switch", {
      name: "Email the owner when this device is marked lost or new firmware is out",
    });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText("Owner emails")).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(await screen.findByText("Owner emails: On")).toBeInTheDocument();
    expect(bodies).toEqual([{ notifyOwner: true, version: 1 }]);
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it("a user sees the state without a switch", async () => {
    serveDevice(device({ notifyOwner: false }));
    await renderConsole("/devices/d-1", { role: "User" });
    expect(await screen.findByText("Owner emails")).toBeInTheDocument();
    expect(screen.getByText("Off")).toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
  });
});
