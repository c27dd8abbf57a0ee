import StarIcon from "@mui/icons-material/StarBorder";
import CreditCardIcon from "@mui/icons-material/CreditCardOutlined";
import { FilterList, FilterListItem, useCanAccess } from "react-admin";
import { ContractListAside } from "../shared/contractFacets";

/** The accounts' filter sidebar: search, saved filters, status, subscription, created, bookmarks. */
export function AccountListAside() {
  const { canAccess: mayBookmark } = useCanAccess({ resource: "accounts", action: "bookmark" });
  return (
    <ContractListAside
      resource="accounts"
      icons={{ subscriptionStatus: <CreditCardIcon /> }}
      own={{
        bookmarked: mayBookmark && (
          <FilterList label="resources.shared.bookmarks.facet" icon={<StarIcon />}>
            <FilterListItem label="resources.shared.bookmarks.only" value={{ bookmarked: true }} />
          </FilterList>
        ),
      }}
    />
  );
}
