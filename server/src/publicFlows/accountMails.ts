/**
 * The emails of registering and of resetting a password, in the product's words (mail/templates.ts
 * renders them). Links point at the console (PUBLIC_URL): `/register?token=…`,
 * `/forgot-password?token=…`.
 */
import { FORGOT_PASSWORD_PAGE, RESET_LINK_MINUTES } from "../../../src/api/forgotPassword";
import { REGISTER_LINK_HOURS, REGISTER_PAGE } from "../../../src/api/register";
import type { MailConfig } from "../mail/mailer";
import { renderMail, type RenderedMail } from "../mail/templates";

type Site = Pick<MailConfig, "publicUrl" | "productName">;

const link = (site: Site, page: string, token: string) =>
  `${site.publicUrl}${page}?${new URLSearchParams({ token }).toString()}`;

const hello = (firstName: string | null | undefined) => (firstName?.trim() ? `Hello ${firstName.trim()},` : "Hello,");

/** The confirmation link of a new registration. */
export function confirmRegistrationMail(
  site: Site,
  details: { firstName: string; accountName: string },
  token: string,
): RenderedMail {
  return renderMail(site.productName, {
    subject: "Confirm your email address",
    greeting: hello(details.firstName),
    paragraphs: [
      `Thank you for registering ${details.accountName} with ${site.productName}.`,
      `Confirm your email address to create your account and sign in. The link works once, for ${REGISTER_LINK_HOURS} hours.`,
    ],
    action: { label: "Confirm and create my account", url: link(site, REGISTER_PAGE, token) },
    footer: "If you did not register, ignore this email: no account is created without this confirmation.",
  });
}

/**
 * Sent instead of a confirmation when the email is already in use: the one who registered learns
 * it only by reading this address's mail, which sign-in would tell them as much.
 */
export function alreadyRegisteredMail(site: Site, firstName: string | null): RenderedMail {
  return renderMail(site.productName, {
    subject: "You already have an account",
    greeting: hello(firstName),
    paragraphs: [
      `Someone asked to register a new ${site.productName} account with this email address, but it is already in use.`,
      `If it was you, sign in with your password. Forgot it? Choose a new one here: ${site.publicUrl}${FORGOT_PASSWORD_PAGE}`,
    ],
    action: { label: "Sign in", url: `${site.publicUrl}/login` },
    footer: "If it was not you, ignore this email: nothing has changed.",
  });
}

/** The reset link of a forgotten password. */
export function resetPasswordMail(site: Site, firstName: string, token: string): RenderedMail {
  return renderMail(site.productName, {
    subject: "Reset your password",
    greeting: hello(firstName),
    paragraphs: [
      `Someone asked to reset the password of your ${site.productName} account.`,
      `Choose a new password with the link below. It works once, for ${RESET_LINK_MINUTES === 60 ? "1 hour" : `${RESET_LINK_MINUTES} minutes`}. Once it is changed, you are signed out everywhere and sign in again with the new one.`,
    ],
    action: { label: "Choose a new password", url: link(site, FORGOT_PASSWORD_PAGE, token) },
    footer: "If it was not you, ignore this email: your password stays as it is.",
  });
}
