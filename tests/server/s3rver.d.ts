/** The part of s3rver 3.7.1 (a Koa app, no types of its own) the tests use. */
declare module "s3rver" {
  import type { IncomingMessage } from "node:http";

  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }

  /** The bits of a Koa context the helper's extra routes touch. */
  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    type: string;
    req: IncomingMessage;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list; composed when the server starts listening. */
    middleware: ((ctx: S3rverContext, next: () => Promise<void>) => Promise<void>)[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<{ port: number; address: string }>;
    close(): Promise<void>;
  }
}
