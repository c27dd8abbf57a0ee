/**
 * @fastify/multipart's own errors in our words and with 4xx statuses, for every multipart route
 * (the test-file upload, the firmware upload). Each route words its size and count refusals.
 */
import { HttpError } from "./errors";

export interface MultipartWording {
  /** Over the route's file size limit (413). */
  tooLarge: () => HttpError;
  /** More files than the route takes (400). */
  tooManyFiles: () => HttpError;
  /** Too many parts or fields, or a field too long (400). */
  tooManyFields: string;
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
      return (error as { statusCode?: number }).statusCode === 400
        ? new HttpError(400, "The multipart body is malformed.")
        : error;
  }
}
