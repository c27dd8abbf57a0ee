import englishMessages from "ra-language-english";
import type { TranslationMessages } from "react-admin";

/**
 * Every user-visible string of the console. The spec's words (§2, §8) are kept verbatim.
 * Areas add their keys under their own prefix.
 */
export const appMessages = {
  app: {
    admin: "%{product} Admin",
    guest: "%{product} Guest",
    version: "Version %{version}",
    errors: {
      generic: "An error occurred",
    },
    loading: "Loading…",
    profile: {
      myProfile: "My Profile",
      settings: "Settings",
      logout: "Logout",
    },
    sidebar: {
      toggle: "Toggle the menu",
    },
  },
  screens: {
    home: "Home",
    activityFeed: "Activity Feed",
    payments: "Payments",
    accounts: "Accounts",
    account: "Account",
    users: "Users",
    gallery: "Gallery",
    settings: "Settings",
    devices: "Devices",
    firmware: "Firmware",
    advancedSettings: "Advanced Settings",
    discounts: "Discounts",
    recover: "Recover",
    testDetail: "Test",
    user: "User",
    accountInfo: "Account Info",
    business: "Business",
    device: "Device",
    subscription: "Subscription",
    payment: "Payment",
    firmwareUpload: "Upload Firmware",
    lostDevices: "Lost Devices",
    topPhonesUsed: "Top Phones Used",
    topPhoneModel: "Phone Model",
    userSettings: "User Settings",
    addNewLocation: "Add New Location",
    recoverAccounts: "Recover Accounts",
    scheduledActions: "Scheduled Actions",
    accountDeletions: "Account Deletions",
    subscriptionCancelations: "Subscription Cancelations",
    newSubscription: "New Subscription",
    register: "Register",
    forgotPassword: "Forgot Password",
    invitation: "Invitation",
    deviceUnsubscribe: "Unsubscribe Device",
    bulkDownload: "Bulk Download",
    deleteRequest: "Delete Request",
    deleteRequestConfirmation: "Delete Request Confirmation",
    publicTest: "Shared Test",
  },
  placeholder: {
    comingSoon: "This screen arrives with a coming release of the console.",
  },
  home: {
    greeting: "Welcome back, %{name}",
    subtitle: "Signed in as %{role}. Here is where you can go.",
  },
  notFound: {
    code: "404",
    title: "Page not found.",
    body: "The page you are looking for might have been removed.",
    home: "Return to home",
  },
  errorScreen: {
    title: "Ooops!",
    subtitle: "Looks like there was a problem",
    body: "If the error continues, contact support.",
    tryAgain: "Try again",
    showDetails: "Show details",
    hideDetails: "Hide details",
    home: "Return to home",
  },
  maintenance: {
    title: "We'll be back soon",
    fallback: "The service is under maintenance.",
  },
  subscription: {
    warningTitle: "Subscription Warning",
    ok: "Ok",
    goToPayments: "Go To Payments",
    newTitle: "Your subscription is inactive",
    newBody:
      "Your account has no active subscription. Start a new subscription to get full access to the console again.",
    newAdminHint: "An admin of your account can start a new subscription from Payments.",
  },
  changeLog: {
    open: "What's new",
    title: "What's new",
    new: "(New)",
    takeMeThere: "Take Me there",
    empty: "Nothing new yet.",
  },
  login: {
    title: "Sign in to %{product} Admin",
    email: "Email",
    password: "Password",
    submit: "Sign in",
    forgotPassword: "Forgot password?",
    register: "Create an account",
    emailRequired: "Enter your email address.",
    emailInvalid: "Enter a valid email address.",
    passwordRequired: "Enter your password.",
  },
  roles: {
    SuperAdmin: "Super Admin",
    Admin: "Admin",
    Manager: "Manager",
    User: "User",
  },
};

export const en: TranslationMessages = { ...englishMessages, ...appMessages } as TranslationMessages;
