/** GET /api/accounts/{id}/storage (src/api/storage.ts; docs/api.md "Storage quota"). */
import Type from "typebox";

const bytes = (description: string) => Type.Integer({ minimum: 0, description });

export const accountStorageSchema = Type.Object({
  used: bytes("Bytes the account holds: tests + downloads + avatars."),
  quota: bytes("The most it may hold (ACCOUNT_STORAGE_QUOTA_MB)."),
  tests: bytes("Its tests' files, deleted tests' included until they are purged."),
  downloads: bytes("Its users' bulk downloads: ready zips, and the estimate of those being built."),
  avatars: bytes("Its users' avatars."),
});
