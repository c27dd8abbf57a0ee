import { lazyPage } from "../../custom/startup/lazyPage";
import { loadDiscountList } from "../../custom/startup/routeCode";
import DiscountsIcon from "@mui/icons-material/LocalOfferOutlined";
import type { Discount } from "../../api/resources";
import type { ResourceConfig } from "../shared/resourceConfig";

/** Discounts (spec §2: /discounts, super admin); created and edited in dialogs on the list. */
export const discounts = {
  icon: DiscountsIcon,
  recordRepresentation: (record: Discount) => record.code,
  list: lazyPage(loadDiscountList),
} satisfies ResourceConfig;
