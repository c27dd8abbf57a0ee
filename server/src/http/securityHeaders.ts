/**
 * Security headers on every answer, the console's pages and the API's alike (docs/decisions.md
 * "Security headers"), with @fastify/helmet:
 *
 * - The console's pages run under CONSOLE_CSP: scripts only from the service's own files (no
 *   inline script, no eval), styles from its files and the style elements MUI's emotion writes at
 *   run time, images from the service (signed file links, avatars) and blob:/data: (the avatar
 *   preview of a chosen file, the AI overlay's drawn cursor), calls only to the service.
 * - The API's answers are data, never a page: API_CSP lets nothing load and nothing frame them
 *   (a file opened from a signed link included). A route that renders its own page (GET /api/docs)
 *   sets its own policy.
 * - Both: no framing (frame-ancestors 'none' and X-Frame-Options DENY), nosniff, no Referer.
 */
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * The console's policy. Files never come from another origin: with an S3 store too, a file's link
 * is the service's own `/api/files/…` and the service streams the object (files/routes.ts).
 */
export const CONSOLE_CSP_DIRECTIVES = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  // MUI's emotion inserts <style> elements as components first render; see docs/decisions.md.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/** The API's answers: nothing may load from them and nobody may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Registers the headers on `app` (every route and the not-found handler). `isApiPath` tells the
 * API's answers from the console's pages.
 */
export function securityHeaders(app: FastifyInstance, isApiPath: (url: string) => boolean): void {
  app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP_DIRECTIVES },
    // The public pages carry their token in the address (/forgot-password?token=…, a device's
    // unsubscribe link): no Referer, so no address ever leaves the page in a header.
    referrerPolicy: { policy: "no-referrer" },
    frameguard: { action: "deny" },
  });
  // Helmet writes its headers on the raw answer; a reply header is written over them.
  app.addHook("onRequest", async (request, reply) => {
    if (isApiPath(request.url)) reply.header("content-security-policy", API_CSP);
  });
}
