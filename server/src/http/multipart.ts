/**
 * @fastify/multipart's own errors in our words and with 4xx statuses, for every multipart route
 * (the test-file upload, the firmware upload). Each route words its size and count refusals.
 */
import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { fieldError, HttpError } from "./errors";
import { ILL_FORMED_TEXT, isWellFormedText } from "./text";

export const MALFORMED_MULTIPART = "The multipart body is malformed.";
export const UNNAMED_PART = 'Every part of the form needs a name: Content-Disposition: form-data; name="…".';
export const NAMELESS_FILE = 'A file needs a file name: Content-Disposition: form-data; name="…"; filename="…".';

export interface MultipartWording {
  /** Over the route's file size limit (413). */
  tooLarge: () => HttpError;
  /** More files than the route takes (400). */
  tooManyFiles: () => HttpError;
  /** Too many parts or fields, or a field too long (400). */
  tooManyFields: string;
}

/**
 * Whether an error is the multipart reader's verdict on the body the client sent: @fastify/multipart's
 * own client errors (a prototype key as a field name, a premature close…) and busboy's parse errors
 * ("Multipart: Boundary not found", "Unexpected end of multipart data", a part "terminated early",
 * an empty or over-long boundary: "The needle…"). Anything else (a full disk, the object store
 * failing) stays a 500.
 */
function isMalformedBody(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === "string" && code.startsWith("FST_"))
    return typeof statusCode === "number" && statusCode >= 400 && statusCode < 500;
  const plain =
    Object.getPrototypeOf(error) === Error.prototype || Object.getPrototypeOf(error) === TypeError.prototype;
  return plain && code === undefined && /multipart|boundary|needle|unexpected end/i.test(error.message);
}

/** The error to answer for one thrown while reading a multipart body; our own pass through. */
export function translateMultipartError(error: unknown, wording: MultipartWording): unknown {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return wording.tooLarge();
    case "FST_FILES_LIMIT":
      return wording.tooManyFiles();
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
    case "FST_PART_FIELD_SIZE_LIMIT":
    case "FST_REQ_FIELD_SIZE_LIMIT":
      return new HttpError(400, wording.tooManyFields);
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new HttpError(400, "Content-Type must be multipart/form-data");
    default:
      return isMalformedBody(error) ? new HttpError(400, MALFORMED_MULTIPART) : error;
  }
}

/** Why a part of a form cannot be taken as it is, or undefined. */
function partRefusal(part: Multipart): HttpError | undefined {
  // Busboy hands on a part without a name (or with an empty one) with `fieldname` undefined, and
  // a part it takes for a file (its Content-Type is not text/plain) without a file name with
  // `filename` undefined: neither names anything a route could read.
  if (typeof part.fieldname !== "string" || part.fieldname === "") return new HttpError(400, UNNAMED_PART);
  if (!isWellFormedText(part.fieldname)) return new HttpError(400, `A field's name ${ILL_FORMED_TEXT}`);
  if (part.type === "field")
    return typeof part.value === "string" && !isWellFormedText(part.value)
      ? new HttpError(400, `${part.fieldname} ${ILL_FORMED_TEXT}`)
      : undefined;
  if (typeof part.filename !== "string") return fieldError(400, part.fieldname, NAMELESS_FILE);
  if (!isWellFormedText(part.filename)) return new HttpError(400, `The file's name ${ILL_FORMED_TEXT}`);
  return undefined;
}

/**
 * The form's parts, as `request.parts()`, once each has a name, each file a file name, and each
 * field's name and value and each file's name is well-formed text (http/text.ts): a form is not
 * validated by a route schema, so every upload route reads its parts through here instead.
 */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  for await (const part of request.parts()) {
    const refusal = partRefusal(part);
    if (refusal !== undefined) {
      if (part.type === "file") part.file.resume();
      throw refusal;
    }
    yield part;
  }
}
