/**
 * Reading test records and turning rows into the shapes of src/api/tests.ts, plus who may see a
 * test (who may delete one is src/api/rules.ts mayDeleteTest, shared with the console).
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { fileKindField, type ApiTest, type ApiTestFile } from "../../../src/api/tests";
import type { Role } from "../../../src/api/types";
import type { Database } from "../db/client";
import { accounts, businesses, devices, testFiles, tests, users } from "../db/schema";
import type { FileLinks } from "../files/links";
import { hasThumbnails, THUMBNAIL_WIDTHS, thumbnailKeysOf } from "../files/thumbnails";
import type { Caller } from "../resources/definition";
import type { Tx } from "../resources/sql";
import { actorOf, logActivity } from "../resources/writes";

export type TestRow = typeof tests.$inferSelect;
export type TestFileRow = typeof testFiles.$inferSelect;

export interface Viewer {
  id: string;
  role: Role;
  accountId: string;
}

export const TEST_NOT_FOUND = "Test not found";
export const DELETE_REFUSED = "You don't have permission to delete this test.";

/** Who may see a test: users of its account, and super admins any. Deleted tests nobody. */
export const canSeeTest = (viewer: Viewer, test: Pick<TestRow, "accountId" | "deletedAt">): boolean =>
  test.deletedAt === null && (viewer.role === "SuperAdmin" || viewer.accountId === test.accountId);

/** An activity entry about a test (its edit, deletion, sharing, a file's upload or deletion), by the caller. */
export const logTestActivity = (
  tx: Tx,
  caller: Caller,
  action: string,
  testId: string,
  changes: Record<string, unknown>,
) => logActivity(tx, { ...actorOf(caller), action, resource: "tests", recordId: testId, changes });

/** A live (not deleted) test by id, whoever may see it. */
export async function findLiveTest(db: Database, id: string): Promise<TestRow | undefined> {
  const [row] = await db
    .select()
    .from(tests)
    .where(and(eq(tests.id, id), isNull(tests.deletedAt)));
  return row;
}

export function toApiFile(file: TestFileRow, links: FileLinks, productKey: string): ApiTestFile {
  const answer: ApiTestFile = {
    _id: file.id,
    name: file.name,
    link: links.link(file.id),
    group: file.group,
    type: file.type,
  };
  if (file.type === "image" && hasThumbnails(file.contentType) && thumbnailKeysOf(file.storageKey).length > 0) {
    answer.thumbnails = thumbnailsOf(file.id, links);
  }
  answer[fileKindField(productKey)] = file.kind;
  return answer;
}

/** The thumbnails' links of a photo (files/thumbnails.ts), smallest first. */
export const thumbnailsOf = (fileId: string, links: FileLinks) =>
  THUMBNAIL_WIDTHS.map((width) => ({ width, link: links.thumbnailLink(fileId, width) }));

const originalAccounts = alias(accounts, "original_accounts");

/** The whole test as GET v3/tests/{id} answers it; undefined when there is no such test. */
export async function loadApiTest(
  db: Database,
  id: string,
  links: FileLinks,
  productKey: string,
): Promise<ApiTest | undefined> {
  const [row] = await db
    .select({
      test: tests,
      device: { name: devices.name, type: devices.typeCode },
      business: { name: businesses.name, owner: businesses.ownerId },
      account: { id: accounts.id, name: accounts.name },
      creator: { firstName: users.firstName, lastName: users.lastName },
      originalAccountName: originalAccounts.name,
    })
    .from(tests)
    .innerJoin(devices, eq(devices.id, tests.deviceId))
    .innerJoin(businesses, eq(businesses.id, tests.businessId))
    .innerJoin(accounts, eq(accounts.id, tests.accountId))
    .innerJoin(users, eq(users.id, tests.createdBy))
    .leftJoin(originalAccounts, eq(originalAccounts.id, tests.originalAccountId))
    .where(eq(tests.id, id));
  if (!row) return undefined;
  const files = await db
    .select()
    .from(testFiles)
    .where(eq(testFiles.testId, id))
    .orderBy(asc(testFiles.group), asc(testFiles.kind), asc(testFiles.createdAt), asc(testFiles.id));
  const { test } = row;
  return {
    id: test.id,
    name: test.name,
    device: row.device,
    business: row.business,
    account: row.account,
    createdBy: test.createdBy,
    createdByDetails: { name: `${row.creator.firstName} ${row.creator.lastName}` },
    date: test.date.toISOString(),
    description: test.description,
    notes: test.notes ?? null,
    sku: test.sku,
    customer: test.customer,
    vendorName: test.vendorName,
    phoneType: test.phoneType,
    redFilterValues: test.redFilterValues,
    isCopied: test.isCopied,
    originalTest:
      test.isCopied && row.originalAccountName !== null ? { account: { name: row.originalAccountName } } : null,
    copiedAt: test.copiedAt?.toISOString() ?? null,
    files: files.map((file) => toApiFile(file, links, productKey)),
  };
}
