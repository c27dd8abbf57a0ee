/** User Settings shapes (src/api/userSettings.ts; docs/api.md "User settings"). */
import Type from "typebox";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../rules";
import { EMAIL_NOTIFICATION_KINDS, ROWS_PER_PAGE_OPTIONS, THEMES, type EmailNotificationKind } from "../userSettings";
import { passwordSchema, refreshTokenSchema } from "./auth";
import { stringEnum, TRIMMED_MIN_LENGTH } from "./common";

const themeSchema = stringEnum(THEMES, { description: "The console's colours: light or dark." });
const sidebarOpenSchema = Type.Boolean({ description: "Whether the sidebar is open when the user signs in." });
const rowsPerPageSchema = Type.Integer({
  enum: [...ROWS_PER_PAGE_OPTIONS],
  description: "The lists' page size: 10, 25 or 50.",
});

/** Each email the product sends: on (true) or off; every kind, or (an update) some of them. */
function emailSwitches<Partial extends boolean>(partial: Partial) {
  const properties = Object.fromEntries(
    EMAIL_NOTIFICATION_KINDS.map((kind) => [kind, partial ? Type.Optional(Type.Boolean()) : Type.Boolean()]),
  );
  type Switches = Record<EmailNotificationKind, boolean>;
  return Type.Unsafe<Partial extends true ? { [K in EmailNotificationKind]?: boolean } : Switches>(
    Type.Object(properties, { additionalProperties: false, description: "Each email: on (true) or off." }),
  );
}

const preferenceVersion = Type.Integer({
  minimum: 0,
  description: "Increases with each change; 0 while the user has saved nothing (the defaults).",
});

/** GET and PUT users/me/preferences. */
export const userPreferencesSchema = Type.Object({
  theme: themeSchema,
  sidebarOpen: sidebarOpenSchema,
  rowsPerPage: rowsPerPageSchema,
  emailNotifications: emailSwitches(false),
  version: preferenceVersion,
});

/** PUT users/me/preferences: the version it is based on, and the fields to change (others stay). */
export const preferencesUpdateSchema = Type.Object(
  {
    version: preferenceVersion,
    theme: Type.Optional(themeSchema),
    sidebarOpen: Type.Optional(sidebarOpenSchema),
    rowsPerPage: Type.Optional(rowsPerPageSchema),
    emailNotifications: Type.Optional(emailSwitches(true)),
  },
  { additionalProperties: false },
);

/** POST users/me/password. */
export const passwordChangeSchema = Type.Object(
  {
    currentPassword: passwordSchema,
    newPassword: Type.String({
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      [TRIMMED_MIN_LENGTH]: 1,
      description: `At least ${PASSWORD_MIN_LENGTH} characters, not only spaces, and not the current password.`,
    }),
    refreshToken: {
      ...refreshTokenSchema,
      description: "The caller's own refresh token: its sign-in stays; every other one is signed out.",
    },
  },
  { additionalProperties: false },
);
