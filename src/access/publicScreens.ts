import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export interface PublicScreen {
  path: string;
  /** i18n key of the page's title. */
  title: string;
  /** Spec §6 "Guest only": a signed-in visitor is sent home instead. */
  guestOnly: boolean;
  page: LazyExoticComponent<ComponentType>;
}

/**
 * The public shell's pages (spec §2), each loaded on demand. /login is react-admin's login page
 * (App.tsx) and is not listed here.
 */
export const PUBLIC_SCREENS: PublicScreen[] = [
  {
    path: "/register",
    title: "screens.register",
    guestOnly: true,
    page: lazy(() => import("../custom/register/RegisterPage")),
  },
  {
    path: "/forgot-password",
    title: "screens.forgotPassword",
    guestOnly: true,
    page: lazy(() => import("../custom/forgotPassword/ForgotPasswordPage")),
  },
  {
    path: "/invitation/:inviteCode",
    title: "screens.invitation",
    guestOnly: true,
    page: lazy(() => import("../custom/invitation/InvitationPage")),
  },
  {
    path: "/devices/unsubscribe/:deviceId",
    title: "screens.deviceUnsubscribe",
    guestOnly: true,
    page: lazy(() => import("../custom/deviceUnsubscribe/DeviceUnsubscribePage")),
  },
  {
    path: "/bulk-downloads/:bulkDownloadId",
    title: "screens.bulkDownload",
    guestOnly: false,
    page: lazy(() => import("../custom/gallery/BulkDownloadPage")),
  },
  {
    path: "/delete-request",
    title: "screens.deleteRequest",
    guestOnly: false,
    page: lazy(() => import("../custom/deleteRequest/DeleteRequestPage")),
  },
  {
    path: "/delete-request-confirmation",
    title: "screens.deleteRequestConfirmation",
    guestOnly: false,
    page: lazy(() => import("../custom/deleteRequest/DeleteRequestConfirmationPage")),
  },
  {
    path: "/public/gallery/item/:id",
    title: "screens.publicTest",
    guestOnly: false,
    page: lazy(() => import("../custom/testDetail/PublicTestDetailPage")),
  },
];
