/**
 * Test records (spec §3, §7): the shapes GET v3/tests/{id} answers and PUT v2/tests/{id} takes,
 * shared by the console, the reference service and the tests.
 */

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
export type FileKindName = keyof typeof FILE_KIND;
export type FileKind = (typeof FILE_KIND)[FileKindName];

export type TestFileType = "image" | "document";

/**
 * A test file. Its kind travels in a field named after the product, `{product}TestFileType`
 * (e.g. gemtestTestFileType), so it is read through fileKindField(productKey).
 */
export interface ApiTestFile {
  _id: string;
  name: string;
  link: string;
  group: number;
  type: TestFileType;
  [productKindField: `${string}TestFileType`]: number;
}

export const fileKindField = (productKey: string): `${string}TestFileType` => `${productKey}TestFileType`;

export interface RedFilterValue {
  name: string;
  redFilterValue: number;
}

/** Notes arrive as a list, or as a string wrapping one (spec §3). */
export type ApiNotes = string[] | string | null;

export interface ApiTest {
  id: string;
  name: string;
  device: { name: string; type: number };
  /** The business is the test's location; its owner is a user id. */
  business: { name: string; owner: string | null };
  account: { id: string; name: string };
  createdBy: string;
  createdByDetails: { name: string };
  date: string;
  description: string;
  notes: ApiNotes;
  sku: string;
  customer: string;
  vendorName: string;
  phoneType: string;
  redFilterValues: RedFilterValue[];
  isCopied: boolean;
  /** For a copied test: the account it was copied from. */
  originalTest: { account: { name: string } } | null;
  copiedAt: string | null;
  files: ApiTestFile[];
}

/** PUT v2/tests/{id} (spec §7). */
export interface TestUpdate {
  name: string;
  sku: string;
  customer: string;
  vendorName: string;
  description: string;
  notes: string;
}

/** POST tests/share/{id}: when the test was first shared (sharing again keeps it). */
export interface ShareResponse {
  sharedAt: string;
}

/** POST v2/tests/file (201): the file as the test now lists it. */
export interface UploadResponse {
  file: ApiTestFile;
}

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
}

/** The gallery's filters, as the `filter` query parameter carries them. */
export interface GalleryFilter {
  /** Free text over name, SKU, customer and vendor. */
  q?: string;
  deviceType?: number;
  accountId?: string;
  /** Inclusive dates, yyyy-MM-dd. */
  from?: string;
  to?: string;
}

export type BulkDownloadStatus = "pending" | "processing" | "ready" | "failed";

/**
 * A bulk download (spec §3 "Selected items list", §9): POST bulk-downloads {testIds} starts one;
 * GET bulk-downloads/{id} (public, by its unguessable id) reports it; its zip is at
 * GET bulk-downloads/{id}/file once ready. Only one runs at a time per user (409 otherwise).
 */
export interface BulkDownload {
  id: string;
  status: BulkDownloadStatus;
  testCount: number;
  /** 0 to 1. */
  progress: number;
  /** The service's estimate for the whole download, from the number of tests. */
  estimatedSeconds: number;
  createdAt: string;
  /** Set when status is ready. */
  fileUrl: string | null;
  /** Set when status is failed. */
  error: string | null;
}

export interface BulkDownloadRequest {
  testIds: string[];
}
