import PersonIcon from "@mui/icons-material/PersonOutline";
import { ContractFacets } from "../shared/contractFacets";
import { ListAside } from "../shared/ResourceList";

/** The users' filter sidebar: search, saved filters, role, status, last sign-in. */
export function UserListAside() {
  return (
    <ListAside>
      <ContractFacets resource="users" icons={{ role: <PersonIcon /> }} />
    </ListAside>
  );
}
