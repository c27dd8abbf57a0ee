import PaymentsIcon from "@mui/icons-material/PaymentsOutlined";
import type { Payment } from "../../api/resources";

/** Payments (spec §2: /payments, ?section=subscription, /payment/:paymentId; super admin, admin). */
export const payments = {
  name: "payments",
  icon: PaymentsIcon,
  recordRepresentation: (record: Payment) => record.invoiceNumber,
  list: () => import("./PaymentsPage"),
  show: () => import("./PaymentShow"),
};
export { PaymentTable } from "./PaymentTable";
