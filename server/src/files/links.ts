/**
 * Capability links to test files. Images are shown with <img src>, which cannot carry a bearer
 * token, so a file's link carries its own proof instead: an expiry and an HMAC-SHA256 over the
 * file id and that expiry, keyed with the service's JWT secret. Links are only put into answers
 * the caller may see (a test's detail, a shared test, a gallery thumbnail).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface FileLinks {
  /** `/api/files/{fileId}?exp=…&sig=…`, valid for at least `ttlSeconds` from `now`. */
  link(fileId: string, now?: number): string;
  /**
   * `/api/files/{fileId}/thumbnails/{width}?exp=…&sig=…`: the same proof as the file's own link
   * (whoever may see a photo may see its thumbnails, and nobody else).
   */
  thumbnailLink(fileId: string, width: number, now?: number): string;
  /** Whether exp/sig were issued by link() for this file and have not expired. */
  verify(fileId: string, exp: string | undefined, sig: string | undefined, now?: number): boolean;
  /** Seconds a link stays valid. */
  ttlSeconds: number;
}

/** Six hours: a page left open over lunch still shows its photos. */
export const FILE_LINK_TTL_SECONDS = 6 * 60 * 60;
/**
 * Expiries are rounded up to the hour, so a test opened twice within the hour gets the same
 * links and the browser's cache can serve its photos again.
 */
const EXPIRY_STEP_SECONDS = 60 * 60;

/** Bounds the memory of signed proofs: the photos a busy hour shows, and then some. */
const MAX_REMEMBERED_PROOFS = 20_000;

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function fileLinks(secret: Uint8Array, ttlSeconds = FILE_LINK_TTL_SECONDS): FileLinks {
  const key = Buffer.from(secret);
  const sign = (fileId: string, exp: number) =>
    createHmac("sha256", key).update(`file:${fileId}:${exp}`).digest("base64url");

  // Within the hour a file's proof is the same for its photo and its thumbnails, on every page
  // that shows it: signed once and remembered (a gallery page shows 25 photos, three links each).
  const proofs = new Map<string, string>();
  const proof = (fileId: string, now: number) => {
    const exp = Math.ceil((now + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const key = `${fileId}:${exp}`;
    let known = proofs.get(key);
    if (known === undefined) {
      if (proofs.size >= MAX_REMEMBERED_PROOFS) proofs.clear();
      known = `exp=${exp}&sig=${sign(fileId, exp)}`;
      proofs.set(key, known);
    }
    return known;
  };

  return {
    ttlSeconds,
    link(fileId, now = nowSeconds()) {
      return `/api/files/${encodeURIComponent(fileId)}?${proof(fileId, now)}`;
    },
    thumbnailLink(fileId, width, now = nowSeconds()) {
      return `/api/files/${encodeURIComponent(fileId)}/thumbnails/${width}?${proof(fileId, now)}`;
    },
    verify(fileId, exp, sig, now = nowSeconds()) {
      if (exp === undefined || sig === undefined || !/^\d{1,12}$/.test(exp)) return false;
      const expiry = Number(exp);
      if (expiry <= now) return false;
      const expected = Buffer.from(sign(fileId, expiry));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
