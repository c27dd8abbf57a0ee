import DiscountsIcon from "@mui/icons-material/LocalOfferOutlined";
import type { Discount } from "../../api/resources";

/** Discounts (spec §2: /discounts, super admin); created and edited in dialogs on the list. */
export const discounts = {
  name: "discounts",
  icon: DiscountsIcon,
  recordRepresentation: (record: Discount) => record.code,
  list: () => import("./DiscountList"),
};
