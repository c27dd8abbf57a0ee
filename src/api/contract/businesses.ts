/** Businesses: the locations of an account (docs/api-resources.md "Businesses"). */
import type { Static } from "typebox";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

export const businessRecord = fieldSchema.record("business", {
  id: fieldSchema.id(),
  version: fieldSchema.version(),
  name: fieldSchema.text(),
  accountId: fieldSchema.id(),
  accountName: fieldSchema.text(),
  ownerId: fieldSchema.textOrNull(),
  ownerName: fieldSchema.textOrNull(),
  address: fieldSchema.text(),
  city: fieldSchema.text(),
  country: fieldSchema.text(),
  phone: fieldSchema.text(),
  createdAt: fieldSchema.date(),
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
  editable: ["name", "ownerId", "address", "city", "country", "phone"],
  access: {
    // Everyone's pickers read their account's businesses (the console has no businesses page).
    list: "signedIn",
    get: "signedIn",
    export: ["SuperAdmin", "Admin"],
    // Admins within their own account (the service's checks).
    create: ["SuperAdmin", "Admin"],
    update: ["SuperAdmin", "Admin"],
    delete: ["SuperAdmin"],
  },
});
