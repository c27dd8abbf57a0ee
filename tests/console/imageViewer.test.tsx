import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";
import { makeTest } from "./harness/testFixture";

const currentImage = () =>
  screen
    .getAllByRole("img")
    .find((image) => image.closest(".yarl__slide_current") && image.getAttribute("draggable") === "false")!;

describe("lightbox (spec §2, §9)", () => {
  it("opens a photo full screen, zooms by 0.3, rotates by 90, resets, and wraps around", async () => {
    server.use(http.get("*/api/v3/tests/:id", () => HttpResponse.json(makeTest())));
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Result: res0.png" }));
    const zoomIn = await screen.findByRole("button", { name: "Zoom in" });
    await waitFor(() => expect(currentImage()).toHaveAttribute("alt", "res0.png"));

    fireEvent.click(zoomIn);
    fireEvent.click(screen.getByRole("button", { name: "Rotate" }));
    expect(currentImage().style.transform).toBe("translate(0px, 0px) scale(1.3) rotate(90deg)");
    fireEvent.doubleClick(currentImage());
    expect(currentImage().style.transform).toBe("translate(0px, 0px) scale(1) rotate(90deg)");
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(currentImage().style.transform).toBe("translate(0px, 0px) scale(1) rotate(0deg)");

    // Previous from the first image wraps to the last (the Other image).
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(currentImage()).toHaveAttribute("alt", "other.png"));
  });
});
