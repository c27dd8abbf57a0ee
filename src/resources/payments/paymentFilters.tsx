import CreditCardIcon from "@mui/icons-material/CreditCardOutlined";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "../../api/resources";
import { DateFacet, OptionsFacet, StatusFacet } from "../shared/facets";
import { ListAside } from "../shared/ResourceList";

/** The payments' filter sidebar: search, saved filters, status, method, date. */
export function PaymentListAside() {
  return (
    <ListAside>
      <StatusFacet options={PAYMENT_STATUSES} />
      <OptionsFacet
        label="resources.shared.facets.method"
        source="method"
        options={PAYMENT_METHODS}
        optionLabel={(method) => `resources.payments.methods.${String(method)}`}
        icon={<CreditCardIcon />}
      />
      <DateFacet label="resources.shared.facets.date" source="date" />
    </ListAside>
  );
}
