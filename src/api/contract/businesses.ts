/** Businesses: the locations of an account (docs/api-resources.md "Businesses"). */
import type { Static } from "typebox";
import { declareResource } from "./declare";
import { field, record } from "./fields";

export const businessRecord = record("business", {
  id: field.id(),
  version: field.version(),
  name: field.text(),
  accountId: field.id(),
  accountName: field.text(),
  ownerId: field.textOrNull(),
  ownerName: field.textOrNull(),
  address: field.text(),
  city: field.text(),
  country: field.text(),
  phone: field.text(),
  createdAt: field.date(),
});
export type Business = Static<typeof businessRecord>;

/** q searches name, address, city and owner name. */
export const businessesContract = declareResource<Business>()({
  name: "businesses",
  label: "business",
  sorts: ["name", "city", "country", "ownerName", "createdAt"],
  defaultSort: ["name", "ASC"],
  filters: { accountId: "exact", country: "exact", city: "exact" },
  search: true,
  representation: "name",
  references: { accountId: "accounts", ownerId: "users" },
});
