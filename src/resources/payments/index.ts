import { lazy } from "react";
import { lazyPage } from "../../custom/startup/lazyPage";
import { loadPaymentsPage } from "../../custom/startup/routeCode";
import PaymentsIcon from "@mui/icons-material/PaymentsOutlined";
import type { Payment } from "../../api/resources";
import type { ResourceConfig } from "../shared/resourceConfig";

/** Payments (spec §2: /payments and ?section=subscription; super admin, admin). */
export const payments = {
  icon: PaymentsIcon,
  recordRepresentation: (record: Payment) => record.invoiceNumber,
  list: lazyPage(loadPaymentsPage),
} satisfies ResourceConfig;

/** /payment/:paymentId: the spec's route for one payment. */
export const PaymentShowPage = lazy(() => import("./PaymentShow"));
