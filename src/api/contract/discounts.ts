/** Discount codes (docs/api-resources.md "Discounts"), super admins only. */
import { DISCOUNT_KINDS } from "../resources";
import { declareResource, everyRouteFor } from "./declare";
import * as field from "./fields";
import { DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_DESCRIPTION_MAX_LENGTH } from "../rules";

/** What a discount's create and update send (and its edit form saves). */
const editable = [
  "code",
  "description",
  "kind",
  "percentOff",
  "amountOff",
  "currency",
  "validFrom",
  "validTo",
  "redemptionLimit",
  "active",
] as const;
export type DiscountWrite = Pick<Discount, (typeof editable)[number]>;

/** q searches code and description; `valid_at` keeps the discounts redeemable at that instant. */
export const discountsContract = declareResource({
  name: "discounts",
  label: "discount",
  description: "Discount codes for new subscriptions.",
  fields: {
    id: field.id(),
    version: field.version(),
    /** Upper case letters, digits, - and _; unique. */
    code: field.text({ maxLength: DISCOUNT_CODE_MAX_LENGTH }),
    description: field.text({ maxLength: DISCOUNT_DESCRIPTION_MAX_LENGTH, optional: true }),
    kind: field.oneOf(DISCOUNT_KINDS, "resources.discounts.kinds"),
    /** 1–100 when kind is percent, else null. */
    percentOff: field.integerOrNull({ optional: true }),
    /** Minor units when kind is amount, else null. */
    amountOff: field.integerOrNull({ optional: true }),
    /** With amountOff. */
    currency: field.textOrNull({ maxLength: 3, optional: true }),
    validFrom: field.dateOrNull({ optional: true }),
    validTo: field.dateOrNull({ optional: true }),
    /** null: unlimited. */
    redemptionLimit: field.integerOrNull({ optional: true }),
    redemptionCount: field.integer(),
    active: field.boolean({ optional: true }),
    createdAt: field.date(),
  },
  columns: ["code", "description", "percentOff", "validFrom", "validTo", "redemptionCount", "active", "createdAt"],
  hiddenColumns: ["createdAt"],
  sorts: [
    "code",
    "description",
    "percentOff",
    "amountOff",
    "validFrom",
    "validTo",
    "redemptionCount",
    "active",
    "createdAt",
  ],
  editable,
  defaultSort: ["createdAt", "DESC"],
  filters: { active: "exact", kind: "exact", valid_at: "date" },
  search: true,
  representation: "code",
  money: { amountOff: "currency" },
  access: everyRouteFor(["SuperAdmin"]),
});
export type Discount = field.RecordOf<typeof discountsContract.fields>;
