import { lazy } from "react";

/** /recover/tests (spec §2, everyone within their scope): the screens table's page, loaded on demand. */
export const RecoverTestsPage = lazy(() => import("./DeletedTestList"));
/** /recover/accounts (spec §2, super admins). */
export const RecoverAccountsPage = lazy(() => import("./DeletedAccountList"));
