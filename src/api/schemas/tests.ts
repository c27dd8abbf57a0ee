/** Test record shapes (spec §3, §7): a test, its files, the edit, sharing, upload, bulk downloads. */
import Type from "typebox";
import { MAX_TEXT_LENGTH } from "../tests";
import { nullable, stringEnum } from "./common";

export { MAX_TEXT_LENGTH };
/** One bulk download holds at most this many tests. */
export const MAX_BULK_TESTS = 500;
/** A ready bulk download's zip is deleted this long after it is ready (docs/api.md "Bulk downloads"). */
export const BULK_DOWNLOAD_EXPIRY_HOURS = 24;
/** The ready (not yet expired) zips one user may hold: at most this many… */
export const MAX_READY_BULK_DOWNLOADS = 5;
/** …and at most this many bytes in all (2 GiB); a new request beyond either is refused (409). */
export const MAX_READY_BULK_BYTES = 2 * 1024 ** 3;
/** One zip download of a test holds at most this many files. */
export const MAX_DOWNLOAD_FILES = 1_000;

export const TEST_FILE_TYPES = ["image", "document"] as const;

/**
 * Smaller copies of a photo (WebP), for srcset: optional, so a console also works with a service
 * that has none (it then shows the photo itself). Each is `{width, link}`, the link signed like
 * the file's own.
 */
export const thumbnailsSchema = Type.Array(
  Type.Object({
    width: Type.Integer({ description: "The thumbnail's width in pixels (a narrower photo is not enlarged)." }),
    link: Type.String({ description: "A signed link (GET /api/files/{fileId}/thumbnails/{width}?exp=…&sig=…)." }),
  }),
);

/**
 * A test file. Its kind travels in a field named after the product, `{product}TestFileType`
 * (e.g. gemtestTestFileType): `patternProperties` keeps it when the answer is serialised.
 */
export const apiTestFileSchema = Type.Unsafe<{
  _id: string;
  name: string;
  link: string;
  group: number;
  type: (typeof TEST_FILE_TYPES)[number];
  thumbnails?: { width: number; link: string }[];
  [productKindField: `${string}TestFileType`]: number;
}>(
  Type.Object(
    {
      _id: Type.String(),
      name: Type.String(),
      link: Type.String({ description: "A signed link (GET /api/files/{fileId}?exp=…&sig=…)." }),
      group: Type.Integer({ description: "The test run, from 0." }),
      type: stringEnum(TEST_FILE_TYPES),
      thumbnails: Type.Optional(thumbnailsSchema),
    },
    {
      patternProperties: {
        TestFileType$: Type.Integer({ description: "`{product}TestFileType`: the file's kind (spec §3)." }),
      },
    },
  ),
);

export const redFilterValueSchema = Type.Object({ name: Type.String(), redFilterValue: Type.Number() });

/** Notes arrive as a list, or as a string wrapping one (spec §3). */
export const apiNotesSchema = Type.Union([Type.Array(Type.String()), Type.String(), Type.Null()]);

const namedSchema = Type.Object({ name: Type.String() });

export const apiTestSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  device: Type.Object({ name: Type.String(), type: Type.Integer() }),
  /** The business is the test's location; its owner is a user id. */
  business: Type.Object({ name: Type.String(), owner: nullable("string") }),
  account: Type.Object({ id: Type.String(), name: Type.String() }),
  createdBy: Type.String(),
  createdByDetails: namedSchema,
  date: Type.String({ format: "date-time" }),
  description: Type.String(),
  notes: apiNotesSchema,
  sku: Type.String(),
  customer: Type.String(),
  vendorName: Type.String(),
  phoneType: Type.String(),
  redFilterValues: Type.Array(redFilterValueSchema),
  isCopied: Type.Boolean(),
  /** For a copied test: the account it was copied from. */
  originalTest: Type.Union([Type.Object({ account: namedSchema }), Type.Null()]),
  copiedAt: nullable("string", { format: "date-time" }),
  files: Type.Array(apiTestFileSchema),
});

const text = Type.String({ maxLength: MAX_TEXT_LENGTH });

/** PUT v2/tests/{id} (spec §7). `notes` is the edit box's text, one note per line. */
export const testUpdateSchema = Type.Object(
  { name: text, sku: text, customer: text, vendorName: text, description: text, notes: text },
  { additionalProperties: false },
);

/** POST tests/share/{id}: when the test was first shared (sharing again keeps it). */
export const shareResponseSchema = Type.Object({ sharedAt: Type.String({ format: "date-time" }) });

/** POST v2/tests/file (201): the file as the test now lists it. */
export const uploadResponseSchema = Type.Object({ file: apiTestFileSchema });

/** POST tests/download/{id}: the files to zip, in this order. */
export const testDownloadRequestSchema = Type.Object(
  {
    fileIds: Type.Array(Type.String({ maxLength: 100 }), {
      minItems: 1,
      maxItems: MAX_DOWNLOAD_FILES,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);

export const BULK_DOWNLOAD_STATUSES = ["pending", "processing", "ready", "failed"] as const;

export const bulkDownloadSchema = Type.Object({
  id: Type.String(),
  status: stringEnum(BULK_DOWNLOAD_STATUSES),
  testCount: Type.Integer(),
  progress: Type.Number({ minimum: 0, maximum: 1, description: "0 to 1." }),
  estimatedSeconds: Type.Integer({ description: "The estimate for the whole download, from the number of tests." }),
  createdAt: Type.String({ format: "date-time" }),
  fileUrl: nullable("string", { description: "Set when status is ready." }),
  error: nullable("string", { description: "Set when status is failed." }),
  expiresAt: nullable("string", {
    format: "date-time",
    description: "Set when status is ready: when the zip is deleted (24 hours after it was ready).",
  }),
});

export const bulkDownloadRequestSchema = Type.Object(
  {
    testIds: Type.Array(Type.String({ maxLength: 100 }), {
      minItems: 1,
      maxItems: MAX_BULK_TESTS,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
