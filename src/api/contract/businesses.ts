/** Businesses: the locations of an account (docs/api-resources.md "Businesses"). */
import { declareResource } from "./declare";
import * as field from "./fields";
import { COUNTRY, ID, OPTIONAL_ID, PHONE, RECORD_NAME } from "./limits";
import { ADDRESS_MAX_LENGTH, CITY_MAX_LENGTH } from "../rules";

/** q searches name, address, city and owner name. */
export const businessesContract = declareResource({
  name: "businesses",
  label: "business",
  description: "The businesses (sites) of an account.",
  fields: {
    id: field.id(),
    version: field.version(),
    name: field.text(RECORD_NAME),
    accountId: field.id(ID),
    accountName: field.text(),
    ownerId: field.textOrNull(OPTIONAL_ID),
    ownerName: field.textOrNull(),
    address: field.text({ minLength: 1, maxLength: ADDRESS_MAX_LENGTH }),
    city: field.text({ minLength: 1, maxLength: CITY_MAX_LENGTH }),
    country: field.text(COUNTRY),
    phone: field.text(PHONE),
    createdAt: field.date(),
  },
  columns: ["name", "city", "country", "ownerName", "phone", "accountName", "address", "createdAt"],
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
export type Business = field.RecordOf<typeof businessesContract.fields>;
