/**
 * What a list screen asks for first when this browser remembers nothing of it (a new browser, a
 * first sign-in; pagePrefetch.ts remembers the rest): its resource's default query, the very call
 * react-admin's list makes then — the first page at the default page size, the contract's default
 * sort, no filter. Start-up asks for it as soon as the session is known, while the page's code is
 * still loading (issue 23), instead of after it. Given to the dataProvider by providers.ts, so the
 * data layer does not import the screens (and, through their loaders, every page).
 */
import type { GetListParams } from "react-admin";
import { SCREEN_TABLE } from "./screenTable";
import { actorOf, canAccess } from "./accessRules";
import { CONTRACTS } from "../api/contract";
import { DEFAULT_PREFERENCES } from "../api/userSettings";

export interface ListCall {
  resource: string;
  params: GetListParams;
}

/**
 * The list call a screen's page makes first on a first visit, for the screens that are a resource's
 * list and that `user` may open: a screen it may not open shows its not-found view and asks nothing.
 */
export function declaredFirstCall(path: string, user: Parameters<typeof actorOf>[0]): ListCall | undefined {
  const screen = SCREEN_TABLE.find((entry) => entry.path === path && entry.view?.as === "list");
  const contract = screen?.view && CONTRACTS[screen.view.resource];
  if (!screen?.view || !contract || !canAccess(actorOf(user), screen.access)) return undefined;
  const [field, order] = contract.defaultSort;
  return {
    resource: screen.view.resource,
    // react-admin's order of keys: the call is recognised by its JSON (pagePrefetch's callKey).
    params: { pagination: { page: 1, perPage: DEFAULT_PREFERENCES.rowsPerPage }, sort: { field, order }, filter: {} },
  };
}
