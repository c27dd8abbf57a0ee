import CreditCardIcon from "@mui/icons-material/CreditCardOutlined";
import { ContractFacets } from "../shared/contractFacets";
import { ListAside } from "../shared/ResourceList";

/** The payments' filter sidebar: search, saved filters, status, method, date. */
export function PaymentListAside() {
  return (
    <ListAside>
      <ContractFacets resource="payments" icons={{ method: <CreditCardIcon /> }} />
    </ListAside>
  );
}
