import { lazy } from "react";
import PaymentsIcon from "@mui/icons-material/PaymentsOutlined";
import type { Payment } from "../../api/resources";
import type { ResourceConfig } from "../shared/resourceConfig";

/** Payments (spec §2: /payments and ?section=subscription; super admin, admin). */
export const payments = {
  icon: PaymentsIcon,
  recordRepresentation: (record: Payment) => record.invoiceNumber,
  list: lazy(() => import("./PaymentsPage")),
} satisfies ResourceConfig;

/** /payment/:paymentId: the spec's route for one payment. */
export const PaymentShowPage = lazy(() => import("./PaymentShow"));
