/**
 * The device page's Delete: offered to super admins on a device no test record names, never on one
 * that test records name (the service refuses it: such a device is marked lost instead).
 */
import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { Device } from "../../src/api/resources";
import { device } from "./harness/resourceService";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";

function serveDevice(stored: Device) {
  server.use(
    http.get("*/api/devices/:id", () => HttpResponse.json(stored)),
    http.get("*/api/bookmarks", () => HttpResponse.json({ items: [] })),
    ...["devices", "businesses", "accounts"].map((resource) =>
      http.get(`*/api/${resource}`, () => HttpResponse.json([], { headers: { "Content-Range": `${resource} */0` } })),
    ),
  );
}

describe("the device page's Delete", () => {
  it.each([
    { hasTests: false, name: "is offered on a device no test record names" },
    { hasTests: true, name: "is not offered on a device that test records name" },
  ])("$name", async ({ hasTests }) => {
    serveDevice(device({ hasTests }));
    await renderConsole("/devices/d-1", { role: "SuperAdmin" });
    // The page's other actions are drawn, so their access has been answered.
    expect(await screen.findByRole("button", { name: "Mark lost" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete device" }) !== null).toBe(!hasTests);
  });
});
