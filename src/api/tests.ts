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
