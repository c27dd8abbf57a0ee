/** Discount codes (docs/api-resources.md "Discounts"), super admins only. */
import type { Static } from "typebox";
import { DISCOUNT_KINDS } from "../resources";
import { declareResource, everyRouteFor } from "./declare";
import * as fieldSchema from "./fields";

export const discountRecord = fieldSchema.record("discount", {
  id: fieldSchema.id(),
  version: fieldSchema.version(),
  /** Upper case letters, digits, - and _; unique. */
  code: fieldSchema.text(),
  description: fieldSchema.text(),
  kind: fieldSchema.oneOf(DISCOUNT_KINDS),
  /** 1–100 when kind is percent, else null. */
  percentOff: fieldSchema.integerOrNull(),
  /** Minor units when kind is amount, else null. */
  amountOff: fieldSchema.integerOrNull(),
  /** With amountOff. */
  currency: fieldSchema.textOrNull(),
  validFrom: fieldSchema.dateOrNull(),
  validTo: fieldSchema.dateOrNull(),
  /** null: unlimited. */
  redemptionLimit: fieldSchema.integerOrNull(),
  redemptionCount: fieldSchema.integer(),
  active: fieldSchema.boolean(),
  createdAt: fieldSchema.date(),
});
export type Discount = Static<typeof discountRecord>;

/** q searches code and description; `valid_at` keeps the discounts redeemable at that instant. */
export const discountsContract = declareResource<Discount>()({
  name: "discounts",
  label: "discount",
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
  editable: [
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
  ],
  defaultSort: ["createdAt", "DESC"],
  filters: { active: "exact", kind: "exact", valid_at: "date" },
  search: true,
  representation: "code",
  access: everyRouteFor(["SuperAdmin"]),
});
