import PersonIcon from "@mui/icons-material/PersonOutline";
import { USER_STATUSES } from "../../api/resources";
import { ROLES } from "../../api/types";
import { DateFacet, OptionsFacet, StatusFacet } from "../shared/facets";
import { ListAside } from "../shared/ResourceList";

/** The users' filter sidebar: search, saved filters, role, status, last sign-in. */
export function UserListAside() {
  return (
    <ListAside>
      <OptionsFacet
        label="resources.shared.facets.role"
        source="role"
        options={ROLES}
        optionLabel={(role) => `roles.${String(role)}`}
        icon={<PersonIcon />}
      />
      <StatusFacet options={USER_STATUSES} />
      <DateFacet label="resources.shared.facets.lastSignIn" source="lastSignInAt" />
    </ListAside>
  );
}
