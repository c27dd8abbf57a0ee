import { describe, expect, it } from "vitest";
import { photoSources, previewOf } from "../../src/custom/photos/photoSources";

describe("photoSources", () => {
  it("is the photo alone without thumbnails (a service following spec §7 to the letter)", () => {
    expect(photoSources("/p.jpg", undefined, "50vw")).toEqual({ src: "/p.jpg" });
    expect(photoSources("/p.jpg", [], "50vw")).toEqual({ src: "/p.jpg" });
  });

  it("lists thumbnails narrowest first as srcset, src the widest", () => {
    const sources = photoSources(
      "/p.jpg",
      [
        { width: 640, link: "/t640" },
        { width: 320, link: "/t320" },
      ],
      "50vw",
    );
    expect(sources).toEqual({ src: "/t640", srcSet: "/t320 320w, /t640 640w", sizes: "50vw" });
  });

  it("skips entries a browser could not use, and escapes commas", () => {
    const sources = photoSources(
      "/p.jpg",
      [
        { width: 0, link: "/zero" },
        { width: 1.5, link: "/half" },
        { width: 320, link: "" },
        { width: 320, link: "/a,b" },
      ],
      "50vw",
    );
    expect(sources.srcSet).toBe("/a%2Cb 320w");
    expect(photoSources("/p.jpg", [{ width: -1, link: "/x" }], "50vw")).toEqual({ src: "/p.jpg" });
  });

  it("previews with the widest thumbnail, or none", () => {
    expect(previewOf(undefined)).toBeUndefined();
    expect(
      previewOf([
        { width: 640, link: "/t640" },
        { width: 320, link: "/t320" },
      ]),
    ).toBe("/t640");
  });
});
