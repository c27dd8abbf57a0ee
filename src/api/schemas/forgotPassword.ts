/** Forgot password shapes (src/api/forgotPassword.ts; docs/api.md "Public flows"). */
import Type from "typebox";
import { emailSchema } from "./auth";
import { linkTokenSchema, newPasswordSchema } from "./register";

/** POST forgot-password: where to send the reset link (if an account has this email). */
export const forgotPasswordRequestSchema = Type.Object({ email: emailSchema }, { additionalProperties: false });

/** POST forgot-password/reset: the link's token and the new password. */
export const resetPasswordRequestSchema = Type.Object(
  { token: linkTokenSchema, password: newPasswordSchema },
  { additionalProperties: false },
);
