/**
 * A file's signed links (server/src/files/links.ts): the proof is remembered within its hour, so
 * it must still change with the hour and still be refused once expired.
 */
import { describe, expect, it } from "vitest";
import { fileLinks, FILE_LINK_TTL_SECONDS } from "../../server/src/files/links";

const links = fileLinks(new TextEncoder().encode("a secret of the service, long enough"));
const proofOf = (link: string) => new URL(link, "http://x").searchParams;

describe("file links", () => {
  it("give a photo and its thumbnails the same proof within the hour", () => {
    const now = 1_800_001_000;
    const photo = proofOf(links.link("file-1", now));
    const thumbnail = proofOf(links.thumbnailLink("file-1", 320, now + 60));
    expect(thumbnail.get("sig")).toBe(photo.get("sig"));
    expect(links.verify("file-1", photo.get("exp")!, photo.get("sig")!, now)).toBe(true);
    expect(links.verify("file-2", photo.get("exp")!, photo.get("sig")!, now)).toBe(false);
  });

  it("sign a later hour anew, and refuse each proof once it has expired", () => {
    const now = 1_800_001_000;
    const first = proofOf(links.link("file-1", now));
    const later = proofOf(links.link("file-1", now + 3 * 3600));
    expect(later.get("exp")).not.toBe(first.get("exp"));
    expect(later.get("sig")).not.toBe(first.get("sig"));
    expect(links.verify("file-1", later.get("exp")!, later.get("sig")!, now + 3 * 3600)).toBe(true);
    const expiry = Number(first.get("exp"));
    expect(expiry).toBeGreaterThanOrEqual(now + FILE_LINK_TTL_SECONDS);
    expect(links.verify("file-1", first.get("exp")!, first.get("sig")!, expiry)).toBe(false);
  });
});
