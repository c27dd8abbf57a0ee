/**
 * The API contract in every journey: each answer the console gets from the service's `/api` is held
 * against the OpenAPI document the service serves (`/api/docs/openapi.json`), and the journey fails
 * at its end (tests/e2e/journey.ts) listing every exchange that the document does not describe:
 *  - an operation (method and path) the document does not have;
 *  - a status the operation does not document (nor a `4XX`-style range, nor `default`);
 *  - a JSON body that does not validate against the documented schema of that status (ajv);
 *  - one of the headers of AUDITED_HEADERS that the documented response does not list.
 *
 * The rules are pure functions (matchOperation, documentedResponse, undocumentedHeaders,
 * checkExchange: tests/unit/apiContract.test.ts); ApiAuditor applies them to a browser context's
 * responses. A body that cannot be read (a redirect, a request the page aborted, a closed page) is
 * not judged; a body that was read and does not validate always is.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { BrowserContext, Response } from "playwright-core";

/**
 * Whether a response's AUDITED_HEADERS must be listed in the `headers` of its documented response.
 * On: the served document lists them (Content-Range, X-Total-Count, Location, Retry-After,
 * Content-Disposition) where the service sends them.
 */
export const CHECK_DOCUMENTED_HEADERS = true;

/** The response headers a documented response must list when the service sends them (lower case). */
export const AUDITED_HEADERS = ["content-range", "x-total-count", "location", "retry-after", "content-disposition"];

/** Where the document is served, and the id it gets in ajv (refs are `openapi#/paths/…`). */
export const DOCUMENT_PATH = "/api/docs/openapi.json";
const DOCUMENT_ID = "openapi";

type Method = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

export interface OpenApiResponse {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}

export interface OpenApiOperation {
  responses?: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<Method, OpenApiOperation>> & Record<string, unknown>>;
}

// Operations -----------------------------------------------------------------------------------

/** The API answers this auditor judges: the service's `/api/…`, not its documentation. */
export function isAuditedPath(pathname: string): boolean {
  return pathname.startsWith("/api/") && pathname !== "/api/docs" && !pathname.startsWith("/api/docs/");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * How a path template matches a request path: null when it does not, else one rank per segment
 * (2 literal, 1 literal with a parameter, 0 a parameter alone), compared left to right so that the
 * most literal template wins — as the service's router picks `/tests/facets` over `/tests/{id}`.
 */
export function templateMatch(template: string, pathname: string): number[] | null {
  const wanted = template.split("/");
  const given = pathname.split("/");
  if (wanted.length !== given.length) return null;
  const ranks: number[] = [];
  for (let at = 0; at < wanted.length; at += 1) {
    const pattern = wanted[at]!;
    const segment = given[at]!;
    if (!pattern.includes("{")) {
      if (pattern !== segment && pattern !== decodeSegment(segment)) return null;
      ranks.push(2);
      continue;
    }
    const parts = pattern.split(/\{[^}]+\}/);
    const regex = new RegExp(`^${parts.map(escapeRegExp).join("[^/]+")}$`);
    if (segment === "" || !regex.test(segment)) return null;
    ranks.push(parts.some((part) => part !== "") ? 1 : 0);
  }
  return ranks;
}

function moreLiteral(a: number[], b: number[]): boolean {
  for (let at = 0; at < a.length; at += 1) if (a[at] !== b[at]) return a[at]! > b[at]!;
  return false;
}

export interface MatchedOperation {
  /** The document's path template, e.g. `/api/users/{id}`. */
  template: string;
  /** Lower case, as the document's keys. */
  method: string;
  operation: OpenApiOperation;
}

/**
 * The documented operation that answers `method` on `pathname` (no query string): among the
 * templates that have this method, the most literal that matches; null when none does.
 */
export function matchOperation(document: OpenApiDocument, method: string, pathname: string): MatchedOperation | null {
  const key = method.toLowerCase();
  let best: { match: MatchedOperation; ranks: number[] } | null = null;
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const operation = item?.[key as Method];
    if (!operation || typeof operation !== "object") continue;
    const ranks = templateMatch(template, pathname);
    if (!ranks) continue;
    if (!best || moreLiteral(ranks, best.ranks)) best = { match: { template, method: key, operation }, ranks };
  }
  return best?.match ?? null;
}

// Responses ------------------------------------------------------------------------------------

/**
 * The documented response of a status: its own code, else its range (`4XX`, any case), else
 * `default`; with the key it is documented under. Null: the status is not documented.
 */
export function documentedResponse(
  operation: OpenApiOperation,
  status: number,
): { key: string; response: OpenApiResponse } | null {
  const responses = operation.responses ?? {};
  const code = String(status);
  if (responses[code]) return { key: code, response: responses[code] };
  const range = Object.keys(responses).find((key) => key.toUpperCase() === `${code[0]}XX`);
  if (range) return { key: range, response: responses[range]! };
  if (responses.default) return { key: "default", response: responses.default };
  return null;
}

/** The statuses an operation documents, for a report. */
export const documentedStatuses = (operation: OpenApiOperation): string[] => Object.keys(operation.responses ?? {});

/**
 * The AUDITED_HEADERS a response carries that its documented response does not list (headers
 * compared without case; `headers` as Playwright gives them, lower case).
 */
export function undocumentedHeaders(
  response: OpenApiResponse,
  headers: Record<string, string>,
  audited: readonly string[] = AUDITED_HEADERS,
): string[] {
  const listed = new Set(Object.keys(response.headers ?? {}).map((name) => name.toLowerCase()));
  const sent = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  return audited.filter((name) => sent.has(name) && !listed.has(name));
}

/** A content type without its parameters, lower case (`application/json; charset=utf-8` → `application/json`). */
export const mediaTypeOf = (contentType: string | undefined): string =>
  (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/** A JSON answer: `application/json`, or a `+json` type. */
export const isJson = (contentType: string | undefined): boolean => {
  const type = mediaTypeOf(contentType);
  return type === "application/json" || type.endsWith("+json");
};

/** The documented content key for a media type: the same type, else `type/*`, else `*∕*`. */
export function documentedContentKey(response: OpenApiResponse, mediaType: string): string | null {
  const keys = Object.keys(response.content ?? {});
  const exact = keys.find((key) => mediaTypeOf(key) === mediaType);
  if (exact) return exact;
  const wildcard = keys.find((key) => mediaTypeOf(key) === `${mediaType.split("/")[0]}/*`);
  if (wildcard) return wildcard;
  return keys.find((key) => mediaTypeOf(key) === "*/*") ?? null;
}

/** A JSON pointer's token (RFC 6901), then as a URI fragment's part. */
const pointerToken = (token: string) => encodeURIComponent(token.replace(/~/g, "~0").replace(/\//g, "~1"));

/** The `$ref` of a documented response body's schema, into the document as ajv holds it. */
export function schemaRef(template: string, method: string, statusKey: string, contentKey: string): string {
  return `${DOCUMENT_ID}#/${["paths", template, method, "responses", statusKey, "content", contentKey, "schema"]
    .map(pointerToken)
    .join("/")}`;
}

// Validation -----------------------------------------------------------------------------------

export interface ApiContract {
  document: OpenApiDocument;
  /** The schema errors of `body` against the schema at `ref` (empty: it validates). Throws when the schema cannot be compiled. */
  validate(ref: string, body: unknown): string[];
}

/** One line per distinct error; array indexes as `*` so a list's rows with one fault read as one. */
function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  const lines = new Set<string>();
  for (const error of errors ?? []) {
    const where = error.instancePath.replace(/\/\d+(?=\/|$)/g, "/*") || "(body)";
    const params = error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : "";
    const example =
      error.keyword === "additionalProperties" ? "" : ` [schema ${error.schemaPath.replace(/^.*#/, "#")}]`;
    lines.add(`${where} ${error.message ?? error.keyword}${params}${example}`);
  }
  return [...lines];
}

/**
 * The document in ajv: OpenAPI 3.0's schemas read as draft-07 (with its `nullable`), 3.1's as JSON
 * Schema 2020-12; unknown keywords (`example`, `x-…`) allowed; every `$ref` resolved within it.
 */
export function contractOf(document: OpenApiDocument): ApiContract {
  const options = { strict: false, allErrors: true, validateSchema: false } as const;
  const ajv = document.openapi?.startsWith("3.1") ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv as unknown as Ajv);
  ajv.addSchema(document as object, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  return {
    document,
    validate(ref, body) {
      let validate = compiled.get(ref);
      if (!validate) {
        validate = ajv.compile({ $ref: ref });
        compiled.set(ref, validate);
      }
      return validate(body) ? [] : describeErrors(validate.errors);
    },
  };
}

/** One answer as the auditor sees it. `body`: the text, or null when it could not be read. */
export interface Exchange {
  method: string;
  pathname: string;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string | null;
}

/**
 * What is wrong with an exchange according to the document: nothing (an empty list), or one line
 * per fault. `checkHeaders`: CHECK_DOCUMENTED_HEADERS.
 */
export function checkExchange(contract: ApiContract, exchange: Exchange, checkHeaders = CHECK_DOCUMENTED_HEADERS) {
  const problems: { template: string | null; problem: string }[] = [];
  const matched = matchOperation(contract.document, exchange.method, exchange.pathname);
  if (!matched) return [{ template: null, problem: "operation not documented (no path template has this method)" }];
  const add = (problem: string) => problems.push({ template: matched.template, problem });
  const documented = documentedResponse(matched.operation, exchange.status);
  if (!documented) {
    add(`status ${exchange.status} not documented (documented: ${documentedStatuses(matched.operation).join(", ")})`);
    return problems;
  }
  if (checkHeaders) {
    for (const header of undocumentedHeaders(documented.response, exchange.headers)) {
      add(`header ${header} not documented for ${documented.key}`);
    }
  }
  const contentType = exchange.headers["content-type"];
  if (!isJson(contentType) || exchange.status === 204 || exchange.status === 304) return problems;
  const contentKey = documentedContentKey(documented.response, mediaTypeOf(contentType));
  const documentedTypes = Object.keys(documented.response.content ?? {});
  if (!contentKey || documented.response.content?.[contentKey]?.schema === undefined) {
    add(
      `a ${mediaTypeOf(contentType)} body, but ${documented.key} documents ${documentedTypes.length > 0 ? `no schema for it (only ${documentedTypes.join(", ")})` : "no body"}`,
    );
    return problems;
  }
  if (exchange.body === null) return problems; // Could not be read: not judged.
  let body: unknown;
  try {
    body = JSON.parse(exchange.body);
  } catch (error) {
    add(`the ${mediaTypeOf(contentType)} body is not JSON (${(error as Error).message})`);
    return problems;
  }
  const ref = schemaRef(matched.template, matched.method, documented.key, contentKey);
  let errors: string[];
  try {
    errors = contract.validate(ref, body);
  } catch (error) {
    add(`the documented schema of ${documented.key} cannot be compiled: ${(error as Error).message}`);
    return problems;
  }
  for (const error of errors) add(`body does not match the schema of ${documented.key}: ${error}`);
  return problems;
}

// The browser side -----------------------------------------------------------------------------

/** The document of one service, fetched once per test file's process and kept. */
const contracts = new Map<string, Promise<ApiContract>>();

export function servedContract(baseURL: string): Promise<ApiContract> {
  const origin = new URL(baseURL).origin;
  let contract = contracts.get(origin);
  if (!contract) {
    contract = (async () => {
      const response = await fetch(`${origin}${DOCUMENT_PATH}`, { signal: AbortSignal.timeout(60000) });
      if (!response.ok) throw new Error(`GET ${DOCUMENT_PATH}: ${response.status}`);
      return contractOf((await response.json()) as OpenApiDocument);
    })();
    contracts.set(origin, contract);
    // A failed fetch is reported, and tried again by the next journey.
    contract.catch(() => contracts.delete(origin));
  }
  return contract;
}

/**
 * How long a body or headers may take to arrive before they count as "could not read" (skipped,
 * never a violation): a body the page moved on from never arrives, and each such wait held the
 * journey back at its end (30 s cost resources.e2e.ts 27 s).
 */
const READ_TIMEOUT_MS = 5000;
const BODY_EXCERPT = 200;

async function readOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      read(),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** A body that ends: text to quote (an event stream, the live changes, ends only with its page). */
const isText = (contentType: string | undefined) => {
  const type = mediaTypeOf(contentType);
  return isJson(contentType) || (type.startsWith("text/") && type !== "text/event-stream") || type === "";
};

export interface ApiViolation {
  method: string;
  /** The path and query of the first exchange found with this fault. */
  path: string;
  template: string | null;
  status: number;
  problem: string;
  /** The first 200 characters of its body (or what it was, when not text). */
  body: string;
  count: number;
}

/**
 * Every `/api` answer of one browser context, held against the served document. Checks run as the
 * answers arrive; `settled()` waits for those under way (the context's close does too, so a
 * journey that closes its context is judged in full).
 */
export class ApiAuditor {
  private readonly origin: string;
  private readonly pending = new Set<Promise<void>>();
  private readonly violations = new Map<string, ApiViolation>();
  private readonly failures = new Set<string>();

  constructor(private readonly baseURL: string) {
    this.origin = new URL(baseURL).origin;
  }

  onResponse(response: Response): void {
    let url: URL;
    try {
      url = new URL(response.url());
    } catch {
      return;
    }
    if (url.origin !== this.origin || !isAuditedPath(url.pathname)) return;
    const check = this.inspect(response, url).catch((error: unknown) => {
      this.failures.add(`could not check ${response.request().method()} ${url.pathname}: ${(error as Error).message}`);
    });
    this.pending.add(check);
    void check.finally(() => this.pending.delete(check));
  }

  private async inspect(response: Response, url: URL): Promise<void> {
    const method = response.request().method();
    const status = response.status();
    // Read at once, before the page moves on: the headers as sent (all of them), and a JSON body.
    const headers = (await readOrNull(() => response.allHeaders())) ?? response.headers();
    const contentType = headers["content-type"];
    const json = isJson(contentType) ? readOrNull(() => response.text()) : Promise.resolve(null);
    const contract = await servedContract(this.baseURL);
    const problems = checkExchange(contract, { method, pathname: url.pathname, status, headers, body: await json });
    if (problems.length === 0) return;
    // Other text (a CSV export, a download) is read only to quote it.
    const text = isJson(contentType)
      ? await json
      : isText(contentType)
        ? await readOrNull(() => response.text())
        : null;
    for (const { template, problem } of problems) {
      const key = `${method} ${template ?? url.pathname} ${status} ${problem}`;
      const known = this.violations.get(key);
      if (known) {
        known.count += 1;
        continue;
      }
      this.violations.set(key, {
        method,
        path: url.pathname + url.search,
        template,
        status,
        problem,
        body:
          text === null
            ? isText(contentType)
              ? "(could not be read)"
              : `(${contentType ?? "no content type"})`
            : text.slice(0, BODY_EXCERPT),
        count: 1,
      });
    }
  }

  /** Waits for the checks under way (each read is bounded). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  get found(): ApiViolation[] {
    return [...this.violations.values()];
  }

  /** What the journey must answer for, or null. */
  report(): string | null {
    if (this.violations.size === 0 && this.failures.size === 0) return null;
    const lines = this.found.map(
      (v) =>
        `  - ${v.method} ${v.path} → ${v.status}${v.template ? ` (${v.template})` : ""}${v.count > 1 ? ` ×${v.count}` : ""}\n` +
        `      ${v.problem}\n      body: ${JSON.stringify(v.body)}`,
    );
    return [...lines, ...[...this.failures].map((failure) => `  - ${failure}`)].join("\n");
  }
}

/**
 * Audits every `/api` answer of this context against the served OpenAPI document; closing the
 * context first waits for the checks under way. Its report is read by the journey's afterEach.
 */
export function auditApi(context: BrowserContext, baseURL: string): ApiAuditor {
  const auditor = new ApiAuditor(baseURL);
  // Fetched as the journey starts, not on its first answer.
  void servedContract(baseURL).catch(() => undefined);
  context.on("response", (response) => auditor.onResponse(response));
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext["close"]>) => {
    await auditor.settled();
    return close(...args);
  };
  return auditor;
}
