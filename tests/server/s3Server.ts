/**
 * An S3-protocol object store for tests: s3rver (3.7.1) on a random local port, storing in a fresh
 * temporary directory, with one bucket. Clients talk to it through the real AWS SDK over HTTP
 * (path-style, us-east-1, credentials S3RVER/S3RVER).
 *
 * s3rver does not implement two calls the storage relies on, so this helper adds them on top of
 * s3rver's own upload directory (`<bucket>/._S3rver_uploads/<uploadId>/`, where its
 * CreateMultipartUpload and UploadPart put an unfinished upload's parts):
 *   - AbortMultipartUpload (DELETE /bucket/key?uploadId=…): removes that upload's directory
 *     (404 NoSuchUpload when there is none), as S3 does;
 *   - ListMultipartUploads (GET /bucket?uploads): lists the unfinished uploads (with when each
 *     started), so a test can check that a failed upload left none behind, and the leftover
 *     sweep can remove old ones.
 * Like s3rver's other calls they answer in S3's XML; unlike them they skip the signature check.
 */
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver, { type S3rverContext } from "s3rver";

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** What a service process needs to use this store (S3_* and AWS_* variables, the SDK's warning off). */
  env: Record<string, string>;
  close(): Promise<void>;
}

// The SDK warns once per process, on Node 20, that its releases after January 2027 need Node 22
// (NodeVersionSupportWarning, @aws-sdk/core): nothing a test can act on, so tests switch it off
// with the SDK's own switch, in this process and in the service processes they start.
const QUIET_SDK = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??=
  QUIET_SDK.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;

const BUCKET = "gemtest";
const ACCESS_KEY = "S3RVER";

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[c]};`);

function xmlAnswer(ctx: S3rverContext, status: number, xml: string) {
  ctx.status = status;
  ctx.type = "application/xml";
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

/** The two multipart calls s3rver 3.7.1 lacks, answered from its upload directory. */
function multipartExtras(server: S3rver) {
  const uploadsDir = (bucket: string) => server.store.getResourcePath(bucket, undefined, "uploads");
  const uploadIdPattern = /^[0-9a-f]{32}$/;

  return async (ctx: S3rverContext, next: () => Promise<void>) => {
    // Path-style: /bucket (the SDK may add a trailing slash) or /bucket/key.
    const [bucket, ...keyParts] = ctx.path.split("/").filter((part) => part !== "");
    const uploadId = ctx.query.uploadId;

    if (ctx.method === "DELETE" && bucket && keyParts.length > 0 && typeof uploadId === "string") {
      const dir = join(uploadsDir(bucket), uploadId);
      const exists =
        uploadIdPattern.test(uploadId) &&
        (await readdir(dir).then(
          () => true,
          () => false,
        ));
      if (!exists) {
        xmlAnswer(
          ctx,
          404,
          `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`,
        );
        return;
      }
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }

    if (ctx.method === "GET" && bucket && keyParts.length === 0 && "uploads" in ctx.query) {
      const ids = await readdir(uploadsDir(bucket)).catch(() => [] as string[]);
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const key = await readFile(join(uploadsDir(bucket), id, "key"), "utf8").catch(() => "");
          // When the upload started, as S3 says it: the leftover sweep removes only old ones.
          const initiated = await stat(join(uploadsDir(bucket), id)).then(
            (stats) => (stats.birthtime.getTime() > 0 ? stats.birthtime : stats.mtime),
            () => new Date(),
          );
          return `<Upload><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId><Initiated>${initiated.toISOString()}</Initiated></Upload>`;
        }),
      );
      xmlAnswer(
        ctx,
        200,
        `<ListMultipartUploadsResult><Bucket>${escapeXml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join("")}</ListMultipartUploadsResult>`,
      );
      return;
    }

    await next();
  };
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), "gemtest-s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  // Koa composes its middleware when it starts listening: these run before s3rver's router.
  server.middleware.unshift(multipartExtras(server));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    endpoint,
    bucket: BUCKET,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
      ...QUIET_SDK,
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
