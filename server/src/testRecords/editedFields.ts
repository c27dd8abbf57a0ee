import { createHash } from "node:crypto";

/** A test's fields an edit sends (PUT v2/tests/{id}) and its activity entry compares, before and after. */
export type EditedTestFields = {
  name: string;
  sku: string;
  customer: string;
  vendorName: string;
  description: string;
  notes: unknown;
};

/** Those fields of a test, for its edit's activity entry (the route's and the demo seed's alike). */
export const editedTestFields = (test: EditedTestFields): EditedTestFields => ({
  name: test.name,
  sku: test.sku,
  customer: test.customer,
  vendorName: test.vendorName,
  description: test.description,
  notes: test.notes,
});

/**
 * The test's validator (its `ETag`, a quoted strong entity tag): a digest of the fields PUT
 * v2/tests/{id} writes, as stored. It changes when an edit changes any of them and only then, so
 * an edit sent with `If-Match` of an older one would overwrite someone else's (412). The tests
 * table has no version column; a digest of the stored fields needs none, and is the same on every
 * instance. The row (route) and the answer (GET) give the same tag for the same stored values.
 */
export function testEntityTag(test: EditedTestFields): string {
  const { name, sku, customer, vendorName, description, notes } = test;
  const digest = createHash("sha256")
    .update(JSON.stringify([name, sku, customer, vendorName, description, notes ?? null]))
    .digest("base64url");
  return `"${digest.slice(0, 27)}"`;
}

/**
 * RFC 9110 §13.1.1: whether `If-Match` lets a write go ahead on a test whose tag is `current`.
 * Absent: yes (as before validators). `*`: the test exists, so yes. Otherwise one of the listed
 * tags must be `current` by strong comparison: a weak tag (`W/"…"`) never matches.
 */
export function ifMatchAllows(ifMatch: string | undefined, current: string): boolean {
  if (ifMatch === undefined) return true;
  const listed = ifMatch
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
  return listed.some((tag) => tag === "*" || tag === current);
}
