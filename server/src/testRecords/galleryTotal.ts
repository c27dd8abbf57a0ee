/**
 * How many tests the gallery holds, up to `upTo` (LIST_EXACT_TOTAL past the page, so a long
 * gallery answers "*"). Unfiltered, the gallery is an account's live tests, or every account's for
 * a super admin, and the database keeps those counts as tests change (account_counts, migration
 * 0019): the total is read, instead of counting ten thousand tests for each page of a gallery of a
 * million. Filtered (a device type, dates, a search), the matching tests are counted.
 */
import { sql, type SQL } from "drizzle-orm";
import type { GalleryFilter } from "../../../src/api/tests";
import { accountCounts, tests } from "../db/schema";
import { wholeNumber } from "../resources/sql";
import type { Viewer } from "./queries";

/**
 * The accounts with the most tests that a super admin's whole gallery is first read from: holding
 * `upTo` between them, the gallery holds at least that many (a test is one account's); otherwise
 * the tests are counted.
 */
const LARGEST_ACCOUNTS = 10;

/** A statement answering one row, `count`: the gallery's total up to `upTo`. */
export function galleryCounting(viewer: Viewer, filter: GalleryFilter, where: SQL | undefined, upTo: number): SQL {
  const limit = wholeNumber(upTo);
  const counted = sql`select count(*)::int from (select 1 from ${tests} where ${where} limit ${limit}) c`;
  const { accountId: asked, ...others } = filter;
  // Any filter but the account (a device type, dates, a search): the kept counts do not say.
  if (Object.values(others).some((value) => value !== undefined)) return counted;
  const own = viewer.role === "SuperAdmin" ? undefined : viewer.accountId;
  // Another account asked by someone who sees only their own: nothing matches, as counted.
  if (own !== undefined && asked !== undefined && asked !== own) return counted;
  const account = own ?? asked;
  if (account !== undefined) {
    return sql`select least(coalesce((select ${accountCounts.tests} from ${accountCounts}
      where ${accountCounts.accountId} = ${account}), 0), ${limit})::int as count`;
  }
  return sql`select case when (select coalesce(sum(largest.tests), 0) from (select ${accountCounts.tests} from ${accountCounts}
      order by ${accountCounts.tests} desc limit ${wholeNumber(LARGEST_ACCOUNTS)}) largest) >= ${limit}
    then ${limit} else (${counted}) end as count`;
}
