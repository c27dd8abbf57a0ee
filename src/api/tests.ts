/**
 * Test records (spec §3, §7): the shapes GET v3/tests/{id} answers and PUT v2/tests/{id} takes,
 * shared by the console, the reference service and the tests: the static types of the TypeBox
 * schemas in ./schemas/tests.ts (type-only imports: the console bundle never loads TypeBox).
 */
import type { Static } from "typebox";
import type {
  apiNotesSchema,
  apiTestFileSchema,
  apiTestSchema,
  bulkDownloadRequestSchema,
  bulkDownloadSchema,
  shareResponseSchema,
  testUpdateSchema,
  uploadResponseSchema,
} from "./schemas/tests";

/**
 * Spec §5 leaves a test's texts unbounded; the reference service caps each edited field at this
 * many characters (code points) only to keep a runaway paste out of the database, and the Edit
 * dialog counts against it (docs/decisions.md). A plain value here, so the console reads it
 * without the schemas.
 */
export const MAX_TEXT_LENGTH = 10_000;

/** Test file kinds by number (spec §3). */
export const FILE_KIND = {
  Other: -1,
  Result: 1,
  Luv: 2,
  Glowing: 3,
  Coloured: 4,
  Original: 5,
  OriginalResult: 6,
  OriginalColoured: 7,
  Simulants: 8,
  AiResult: 9,
  OriginalAi: 55,
} as const;

/**
 * A test file. Its kind travels in a field named after the product, `{product}TestFileType`
 * (e.g. gemtestTestFileType), so it is read through fileKindField(productKey).
 */
export type ApiTestFile = Static<typeof apiTestFileSchema>;
export type TestFileType = ApiTestFile["type"];

export const fileKindField = (productKey: string): `${string}TestFileType` => `${productKey}TestFileType`;

/** Notes arrive as a list, or as a string wrapping one (spec §3). */
export type ApiNotes = Static<typeof apiNotesSchema>;

export type ApiTest = Static<typeof apiTestSchema>;

/**
 * A test as the console holds it: GET v3/tests/{id}'s answer and, when the service gave one, its
 * validator (the answer's `ETag`), which an edit of that version sends back as `If-Match` (PUT
 * v2/tests/{id} answers 412 when the test was saved since). Not a field of any answer: a service
 * that gives no `ETag` gets no `If-Match`, and the edit goes as spec §7 has it.
 */
export type HeldTest = ApiTest & { etag?: string };

/** PUT v2/tests/{id} (spec §7). */
export type TestUpdate = Static<typeof testUpdateSchema>;

/** POST tests/share/{id}: when the test was first shared (sharing again keeps it). */
export type ShareResponse = Static<typeof shareResponseSchema>;

/** POST v2/tests/file (201): the file as the test now lists it. */
export type UploadResponse = Static<typeof uploadResponseSchema>;

/** Device type codes (spec §3); any other code is Unknown. */
export const DEVICE_TYPES: Record<number, string> = {
  5001: "Dr. Watson",
  4100: "Sherlock Holmes 4.0",
  4005: "Big Sherlock",
  6501: "Watson AI",
  5501: "Sherlock AI",
  8501: "Big Sherlock AI",
};

export const deviceTypeName = (code: number): string => DEVICE_TYPES[code] ?? "Unknown";

/** Upload accepts these extensions, one file at a time (spec §5). */
export const UPLOAD_EXTENSIONS = [".jpg", ".jpeg", ".png", ".pdf", ".docx", ".doc"] as const;
/**
 * What the reference service accepts: spec §5's extensions and WebP photos (issue 13: phones save
 * WebP too). The console's picker keeps to spec §5's list.
 */
export const SERVICE_UPLOAD_EXTENSIONS = [...UPLOAD_EXTENSIONS, ".webp"] as const;

/**
 * One card of the gallery: GET tests (ra-data-simple-rest convention: ?sort=["date","DESC"]
 * &range=[0,9]&filter={...}, total in Content-Range). docs/api.md has the filters.
 */
export interface GalleryItem {
  id: string;
  name: string;
  device: { name: string; type: number };
  account: { id: string; name: string };
  business: { name: string };
  date: string;
  sku: string;
  customer: string;
  vendorName: string;
  isCopied: boolean;
  /** A link to the test's first result photo, or null when it has none. */
  thumbnail: string | null;
  /** Smaller copies of that photo for srcset (optional: without them the console shows `thumbnail`). */
  thumbnails?: { width: number; link: string }[];
}

/** The gallery's filters, as the `filter` query parameter carries them. */
export interface GalleryFilter {
  /** Free text over name, SKU, customer and vendor. */
  q?: string;
  deviceType?: number;
  accountId?: string;
  /**
   * Inclusive bounds: a day, yyyy-MM-dd (a whole UTC day), or an instant (ISO 8601 with its zone).
   * The console holds days (the reader's) and asks with instants (src/dataProvider/galleryDays.ts).
   */
  from?: string;
  to?: string;
}

/**
 * A bulk download (spec §3 "Selected items list", §9): POST bulk-downloads {testIds} starts one;
 * GET bulk-downloads/{id} (public, by its unguessable id) reports it; its zip is at
 * GET bulk-downloads/{id}/file once ready. Only one runs at a time per user (409 otherwise).
 */
export type BulkDownload = Static<typeof bulkDownloadSchema>;

export type BulkDownloadRequest = Static<typeof bulkDownloadRequestSchema>;
