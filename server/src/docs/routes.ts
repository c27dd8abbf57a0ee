/**
 * The API's documentation, generated from the routes' own schemas (@fastify/swagger collects them
 * as they are registered; see docs/openapi.ts): GET /api/docs/openapi.json, the OpenAPI document,
 * and GET /api/docs, the same as a readable page. Both public, and left out of the document.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { OpenAPIV3 } from "openapi-types";
import type { Services } from "../services";
import { renderDocsPage } from "./page";

/**
 * The page has no script; its only style is inline. Its own policy replaces the API's, so it
 * repeats the API's framing rule: nobody may frame it.
 */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const docsRoutes: FastifyPluginAsyncTypebox<Services> = async (app) => {
  // The routes are all registered once the app is ready: the document and the page never change.
  let page: string | undefined;
  const document = () => app.swagger() as OpenAPIV3.Document;

  app.get("/docs/openapi.json", { config: { access: "public" }, schema: { hide: true } }, async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(document()),
  );

  app.get("/docs", { config: { access: "public" }, schema: { hide: true } }, async (_request, reply) => {
    page ??= renderDocsPage(document());
    return reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", PAGE_CSP)
      .header("x-content-type-options", "nosniff")
      .send(page);
  });
};
