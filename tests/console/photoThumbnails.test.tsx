/**
 * Real photos (issue 13): the gallery and the test page's photos load the service's thumbnails
 * through srcset, and the photo itself when a service gives none (spec §7 names none) or one
 * fails; the lightbox shows a thumbnail at once and the photo when it has loaded.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { FILE_KIND, type GalleryItem } from "../../src/api/tests";
import { signedFileLink, signedThumbnailLink, TEST_PHOTO, thumbnailsOf } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";
import { makeTest } from "./harness/testFixture";

beforeAll(async () => {
  await import("../../src/App");
  await import("../../src/custom/gallery/GalleryPage");
}, 30_000);

const card = (n: number, withThumbnails: boolean): GalleryItem => ({
  id: `t-${n}`,
  name: `Test ${n}`,
  device: { name: "Box 1", type: 6501 },
  account: { id: "acc-1", name: "Brilliant Gems Ltd" },
  business: { name: "Main Street Store" },
  date: new Date(Date.UTC(2026, 10, 20 - n, 10)).toISOString(),
  sku: `SKU-${n}`,
  customer: "Jane",
  vendorName: "Vendor",
  isCopied: false,
  thumbnail: signedFileLink(`photo-${n}`),
  ...(withThumbnails ? { thumbnails: thumbnailsOf(`photo-${n}`) } : {}),
});

function serveGallery(items: GalleryItem[]) {
  server.use(
    http.get("*/api/tests", () =>
      HttpResponse.json(items, { headers: { "Content-Range": `tests 0-${items.length - 1}/${items.length}` } }),
    ),
  );
}

/** A card's photo: decorative (its heading names the test), so an image with no name of its own. */
const imageIn = async (name: string) =>
  within(await screen.findByRole("article", { name })).getByRole("presentation", { name: "" });

describe("the gallery's photos", () => {
  it("load the thumbnails through srcset; a card without thumbnails shows the photo; a failing thumbnail falls back to it", async () => {
    serveGallery([card(1, true), card(2, false)]);
    await renderConsole("/gallery", { role: "User" });

    const withThumbnails = await imageIn("Test 1");
    expect(withThumbnails).toHaveAttribute(
      "srcset",
      `${signedThumbnailLink("photo-1", 320)} 320w, ${signedThumbnailLink("photo-1", 640)} 640w`,
    );
    expect(withThumbnails).toHaveAttribute("sizes", "(min-width: 900px) 17vw, 50vw");
    expect(withThumbnails).toHaveAttribute("src", signedThumbnailLink("photo-1", 640));

    const without = await imageIn("Test 2");
    expect(without).toHaveAttribute("src", signedFileLink("photo-2"));
    expect(without).not.toHaveAttribute("srcset");

    // The thumbnail cannot be had (an older service, a photo it cannot shrink): the photo itself.
    fireEvent.error(withThumbnails);
    await waitFor(() => expect(withThumbnails).toHaveAttribute("src", signedFileLink("photo-1")));
    expect(withThumbnails).not.toHaveAttribute("srcset");
  });
});

describe("the test page's photos", () => {
  const photo = {
    ...TEST_PHOTO,
    _id: "res0",
    name: "res0.jpg",
    link: signedFileLink("res0"),
    thumbnails: thumbnailsOf("res0"),
  };

  it("load the thumbnails in the grid, and the photo where the service gives none", async () => {
    const test = makeTest();
    test.files = [photo, ...test.files.filter((file) => file._id !== "res0")];
    server.use(http.get("*/api/v3/tests/:id", () => HttpResponse.json(test)));
    await renderConsole("/gallery/item/t-100", { role: "Admin" });

    const result = within(await screen.findByRole("button", { name: "Result: res0.jpg" })).getByRole("img");
    expect(result.getAttribute("srcset")).toBe(
      `${signedThumbnailLink("res0", 320)} 320w, ${signedThumbnailLink("res0", 640)} 640w`,
    );
    const luv = within(screen.getByRole("button", { name: "LUV: luv0.png" })).getByRole("img");
    expect(luv).toHaveAttribute("src", signedFileLink("luv0"));
    expect(luv).not.toHaveAttribute("srcset");
  });

  it("the lightbox shows the thumbnail at once, then the photo itself once it has loaded", async () => {
    const test = makeTest();
    test.files = [photo, ...test.files.filter((file) => file._id !== "res0")];
    expect(test.files[0]!.gemtestTestFileType).toBe(FILE_KIND.Result);
    server.use(http.get("*/api/v3/tests/:id", () => HttpResponse.json(test)));
    await renderConsole("/gallery/item/t-100", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Result: res0.jpg" }));

    const slide = await waitFor(() => {
      const current = document.querySelector<HTMLElement>(".yarl__slide_current");
      if (!current) throw new Error("no lightbox yet");
      return current;
    });
    const shown = () => [...slide.querySelectorAll("img")].find((image) => image.getAttribute("alt") === "res0.jpg")!;
    await waitFor(() => expect(shown()).toHaveAttribute("src", signedThumbnailLink("res0", 640)));
    // The photo itself loads out of sight meanwhile.
    const original = [...slide.querySelectorAll("img")].find(
      (image) => image.getAttribute("src") === signedFileLink("res0"),
    )!;
    expect(original).toHaveAttribute("alt", "");
    fireEvent.load(original);
    await waitFor(() => expect(shown()).toHaveAttribute("src", signedFileLink("res0")));
    expect(slide.querySelectorAll("img")).toHaveLength(1);
    // The zoom still applies to what is shown.
    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(shown().style.transform).toBe("translate(0px, 0px) scale(1.3) rotate(0deg)");
  });
});
