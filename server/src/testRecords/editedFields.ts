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
