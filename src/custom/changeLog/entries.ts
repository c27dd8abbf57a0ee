import type { ChangeLogEntry } from "./changeLog";

/**
 * The change log shipped with the console (spec §2, §3): newest first. Dates are MM-DD-YYYY; an
 * entry without hasAccess is for everyone. The roles named here follow spec §6's change-log notes.
 */
export const CHANGE_LOG: ChangeLogEntry[] = [
  {
    title: "AI analysis drawn over test photos",
    date: "11-12-2026",
    content:
      "Switch on AI on a test to see each stone outlined in its type's colour (N, CVD, HPHT, CZ, M) with its confidence. Regenerate a result made by an older model in one click.",
    featurePath: "/gallery",
  },
  {
    title: "Scheduled actions",
    date: "11-03-2026",
    content:
      "See every scheduled account deletion and subscription cancelation in one place, and step in before it happens.",
    featurePath: "/scheduled-actions",
    hasAccess: ["SuperAdmin"],
  },
  {
    title: "Advanced settings per box type",
    date: "10-27-2026",
    content: "Edit settings for a whole box type at once, and force a settings reset per user, phone, model or OS.",
    featurePath: "/advanced-settings",
    hasAccess: ["SuperAdmin"],
  },
  {
    title: "Saved account filters and bookmarks",
    date: "10-14-2026",
    content:
      "Save the account filters you use every day and bookmark the accounts you follow. They follow you to any browser.",
    featurePath: "/accounts",
    hasAccess: ["SuperAdmin"],
  },
  {
    title: "Payments and subscription management",
    date: "09-30-2026",
    content:
      "Review payments, refund a payment after confirming your password, and manage your subscription from Payments.",
    featurePath: "/payments",
    hasAccess: ["SuperAdmin", "Admin"],
  },
  {
    title: "Custom box names, user roles and business owners",
    date: "09-16-2026",
    content: "Admins can now give each device a custom box name, change a user's role and change a business owner.",
    featurePath: "/devices",
    hasAccess: ["Admin"],
  },
  {
    title: "Change your account's owner and name",
    date: "09-02-2026",
    content: "The owner of an account can now rename it and hand its ownership to another user of the account.",
    featurePath: "/account",
    hasAccess: ["User", "Admin", "Manager"],
  },
  {
    title: "Subscription lifecycle: Past Due and Grace Period",
    date: "08-19-2026",
    content:
      "When a payment is unpaid after the period ends, the subscription is Past Due for 7 days with full access. It is then canceled with a 21-day Grace Period with restricted access. After that the account and its data are deleted unless a new subscription is started.",
    featurePath: "/payments?section=subscription",
    hasAccess: ["SuperAdmin", "Admin"],
  },
  {
    title: "Users download",
    date: "08-05-2026",
    content: "Download the users list, with every filter applied, as a CSV file.",
    featurePath: "/users",
    hasAccess: ["SuperAdmin"],
  },
  {
    title: "Recover deleted tests",
    date: "07-22-2026",
    content: "A deleted test can be recovered for 15 days from Recover.",
    featurePath: "/recover/tests",
  },
];
