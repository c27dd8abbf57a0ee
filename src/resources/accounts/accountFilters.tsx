import StarIcon from "@mui/icons-material/StarBorder";
import CreditCardIcon from "@mui/icons-material/CreditCardOutlined";
import { FilterList, FilterListItem, useCanAccess } from "react-admin";
import { ACCOUNT_STATUSES, SUBSCRIPTION_STATES } from "../../api/resources";
import { DateFacet, OptionsFacet, StatusFacet } from "../shared/facets";
import { ListAside } from "../shared/ResourceList";

/** The accounts' filter sidebar: search, saved filters, bookmarks, status, subscription, created. */
export function AccountListAside() {
  const { canAccess: mayBookmark } = useCanAccess({ resource: "accounts", action: "bookmark" });
  return (
    <ListAside>
      {mayBookmark && (
        <FilterList label="resources.shared.bookmarks.facet" icon={<StarIcon />}>
          <FilterListItem label="resources.shared.bookmarks.only" value={{ bookmarked: true }} />
        </FilterList>
      )}
      <StatusFacet options={ACCOUNT_STATUSES} />
      <OptionsFacet
        label="resources.shared.facets.subscription"
        source="subscriptionStatus"
        options={SUBSCRIPTION_STATES}
        icon={<CreditCardIcon />}
      />
      <DateFacet label="resources.shared.facets.created" source="createdAt" />
    </ListAside>
  );
}
