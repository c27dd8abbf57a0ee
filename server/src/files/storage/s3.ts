/**
 * The S3-compatible store (AWS S3, MinIO, Ceph, s3rver…) over @aws-sdk/client-s3: one object per
 * blob, the object key being the storage key, in one bucket.
 *
 * Uploads stream in parts: at most one part (partSize, 8 MiB by default) is held in memory,
 * whatever the size of the source. A source that ends within the first part is one PutObject;
 * a longer one is a multipart upload, sent part by part as the source produces them and completed
 * at its end. Any failure (the source errors or is destroyed, a part is refused) aborts the
 * multipart upload, so no object and no unfinished upload are left behind (an object only appears
 * at CompleteMultipartUpload).
 *
 * The SDK is loaded on first use: a service on the local directory never pays for it at start-up.
 */
import { randomUUID } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { CompletedPart, S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "../../config";
import { checkKey, missingBlobError, type FileStorage } from "./index";

/** S3 refuses parts under 5 MiB (except the last). */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
/** How long check() waits for the bucket to answer. */
const CHECK_TIMEOUT_MS = 5000;

export interface S3StorageOptions extends Omit<S3StorageConfig, "kind"> {
  /** Only for tests; the service uses the SDK's default credential chain (AWS_ACCESS_KEY_ID…). */
  credentials?: S3ClientConfig["credentials"];
}

type Sdk = typeof import("@aws-sdk/client-s3");

/** The SDK's "not there" answers: NoSuchKey (GetObject), NotFound (HeadObject), or a bare 404. */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Cuts a byte stream into parts of exactly `size` bytes and a last, shorter (or equal) one. A part
 * is emitted only once a byte beyond it has arrived, so `last` is known without reading further.
 */
async function* partsOf(source: AsyncIterable<Buffer | string>, size: number) {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    pending.push(bytes);
    length += bytes.length;
    while (length > size) {
      const joined = Buffer.concat(pending, length);
      yield { body: joined.subarray(0, size), last: false };
      // Copied so the part just sent can be released.
      pending = [Buffer.from(joined.subarray(size))];
      length -= size;
    }
  }
  yield { body: Buffer.concat(pending, length), last: true };
}

function readableOf(source: NodeJS.ReadableStream | Buffer): AsyncIterable<Buffer | string> {
  if (Buffer.isBuffer(source)) return Readable.from([source]);
  return source instanceof Readable ? source : new Readable().wrap(source);
}

export function s3Storage(options: S3StorageOptions): FileStorage {
  const { bucket } = options;
  const partSize = options.partSize ?? DEFAULT_PART_SIZE;
  if (!Number.isInteger(partSize) || partSize < MIN_PART_SIZE) {
    throw new Error(`The S3 part size must be an integer of at least ${MIN_PART_SIZE} bytes`);
  }

  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        // Flexible checksums (x-amz-checksum-*) only where S3 requires them: S3-compatible servers
        // differ in their support for them (every body sent here is a Buffer of known length).
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));

  async function putMultipart(key: string, source: AsyncIterable<Buffer | string>): Promise<number> {
    const { sdk, client } = await connect();
    let uploadId: string | undefined;
    try {
      const parts: CompletedPart[] = [];
      let size = 0;
      for await (const { body, last } of partsOf(source, partSize)) {
        if (uploadId === undefined && last) {
          // It all fit in one part: a plain PutObject, no multipart upload to clean up.
          await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
          return body.length;
        }
        uploadId ??= (await client.send(new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key: key }))).UploadId;
        if (uploadId === undefined) throw new Error("S3 CreateMultipartUpload answered no UploadId");
        const PartNumber = parts.length + 1;
        const { ETag } = await client.send(
          new sdk.UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }),
        );
        parts.push({ ETag, PartNumber });
        size += body.length;
      }
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return size;
    } catch (error) {
      if (uploadId !== undefined) {
        // Parts of an unfinished upload are kept (and billed) until aborted. The original error is
        // the one worth reporting; a failed abort is attached to it.
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
          .catch((abortError: unknown) => {
            if (error instanceof Error) Object.assign(error, { abortError });
          });
      }
      throw error;
    }
  }

  return {
    async put(source, putOptions = {}) {
      const key = checkKey(putOptions.key ?? randomUUID());
      const size = await putMultipart(key, readableOf(source));
      return { key, size };
    },

    get(key) {
      checkKey(key);
      const output = new PassThrough();
      const cancel = new AbortController();
      // The reader went away before the end (a closed connection): stop the download too.
      output.once("close", () => {
        if (!output.writableFinished) cancel.abort();
      });
      connect()
        .then(({ sdk, client }) =>
          client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }), { abortSignal: cancel.signal }),
        )
        .then(
          // pipeline destroys the body when the reader goes away, and the reader when the body fails.
          ({ Body }) => pipeline(Body as Readable, output).catch(() => undefined),
          (error: unknown) => output.destroy(isNotFound(error) ? missingBlobError(key, error) : (error as Error)),
        );
      return output;
    },

    async delete(key) {
      checkKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async size(key) {
      checkKey(key);
      const { sdk, client } = await connect();
      try {
        const { ContentLength } = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async *list() {
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key === undefined) continue;
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async removeUnfinished(before) {
      const { sdk, client } = await connect();
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListMultipartUploadsCommand({ Bucket: bucket, KeyMarker, UploadIdMarker }),
        );
        for (const upload of page.Uploads ?? []) {
          if (upload.Key === undefined || upload.UploadId === undefined) continue;
          if (upload.Initiated && upload.Initiated >= before) continue;
          await client.send(
            new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          removed++;
        }
        const more = page.IsTruncated === true;
        KeyMarker = more ? page.NextKeyMarker : undefined;
        UploadIdMarker = more ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker !== undefined);
      return removed;
    },

    async check() {
      try {
        const { sdk, client } = await connect();
        await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
        return true;
      } catch {
        return false;
      }
    },
  };
}
