/**
 * What the service reads as a request body: JSON (multipart on the upload routes, registered by
 * them), sent uncompressed and in UTF-8, whose every string is well-formed text at any depth.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors";
import { findIllFormedText, ILL_FORMED_TEXT, type IllFormedText } from "./text";

/** The charsets a body may declare: Fastify reads every body as UTF-8. */
const UTF8 = new Set(["utf-8", "utf8"]);

/** A header's value as a message may quote it: short, whatever a client sent. */
const quoted = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** The methods whose body the service reads (Fastify ignores a GET's): those that may answer 415. */
export const METHODS_WITH_BODY: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The 415's meaning, for the document. */
export const UNDECODABLE_BODY = "The body is compressed (Content-Encoding) or declares a charset other than UTF-8.";

const hasBody = (request: FastifyRequest) => {
  // A path no route takes answers 404 or 405 (http/unrouted.ts) whatever its body.
  if (!METHODS_WITH_BODY.has(request.method) || request.is404) return false;
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
};

/** The `charset` parameter of a Content-Type header, lower-cased and unquoted; undefined without one. */
export function charsetOf(contentType: string): string | undefined {
  for (const parameter of contentType.split(";").slice(1)) {
    const [name, ...value] = parameter.split("=");
    if (name?.trim().toLowerCase() === "charset")
      return value
        .join("=")
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .toLowerCase();
  }
  return undefined;
}

/**
 * Why the service cannot read a request's body as sent (415), or undefined. Fastify decodes no
 * Content-Encoding and reads every body as UTF-8: a gzip body would reach the JSON parser as bytes
 * and a UTF-16 one as text full of NULs, each refused for the wrong reason or, worse, misread.
 */
export function undecodableBody(request: FastifyRequest): string | undefined {
  if (!hasBody(request)) return undefined;
  const encoding = request.headers["content-encoding"]?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== "" && encoding !== "identity")
    return `Content-Encoding ${quoted(encoding)} is not supported: send the body uncompressed.`;
  const charset = charsetOf(request.headers["content-type"] ?? "");
  if (charset !== undefined && !UTF8.has(charset))
    return `charset=${quoted(charset)} is not supported: send the body in UTF-8.`;
  return undefined;
}

/** Where a message puts an ill-formed string of the body: "value.filter.q", or the body itself. */
function describeIllFormed({ path, isKey }: IllFormedText): string {
  const where = path.join(".");
  if (isKey) return `A field name in ${where === "" ? "the request body" : where} ${ILL_FORMED_TEXT}`;
  return `${where === "" ? "Request body" : where} ${ILL_FORMED_TEXT}`;
}

/**
 * The API speaks JSON only. An empty JSON body is passed on as "no body" so that routes which
 * take none (verify-token) accept it, while routes which need one answer "Request body must be
 * a JSON object" through validation.
 *
 * Every string of a parsed body, keys included and at any depth, must be well-formed text
 * (http/text.ts). Route schemas check the strings they declare; this also reaches what a schema
 * leaves open (a saved query's `filter`, an object of any keys) and the bodies a handler reads
 * itself, where a NUL would otherwise reach PostgreSQL and fail there (a 500).
 */
export function acceptOnlyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  // Before any parser runs (and after the guard): a body the service would misread is refused unread.
  app.addHook("preParsing", async (request) => {
    const problem = undecodableBody(request);
    if (problem !== undefined) throw new HttpError(415, problem);
  });
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const illFormed = findIllFormedText(value);
      if (illFormed !== undefined) {
        const message = describeIllFormed(illFormed);
        // Named in `errors` too, as a schema's refusal is, so a form marks the field it came from.
        const field = illFormed.isKey || illFormed.path.length === 0 ? undefined : illFormed.path.join(".");
        return done(new HttpError(400, message, field ? { errors: { [field]: message } } : undefined), undefined);
      }
      done(null, value);
    });
  });
}
