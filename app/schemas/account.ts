// Settings → Account forms and the sign-in code step: one schema each, checked by the action.
import { z } from "~/schemas/zod";

const PASSWORD_MAX_LENGTH = 128;

export const currentPassword = z
  .string({ error: "Please enter your current password" })
  .min(1, "Please enter your current password")
  .max(PASSWORD_MAX_LENGTH, "Current password is incorrect");

/** An authenticator code (6 digits) or a backup code (xxxxx-xxxxx); spaces are ignored. */
export const twoFactorCode = z
  .string({ error: "Please enter the code" })
  .max(32, "Please enter the 6-digit code from your app or a backup code")
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Please enter the code")
      .regex(
        /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/,
        "Please enter the 6-digit code from your app or a backup code",
      ),
  );

export const ChangePasswordSchema = z
  .object({
    currentPassword,
    newPassword: z
      .string({ error: "Please enter a new password" })
      .min(8, "Password must be at least 8 characters")
      .max(PASSWORD_MAX_LENGTH, "Password must be at most 128 characters"),
    confirmPassword: z
      .string({ error: "Please confirm the new password" })
      .max(PASSWORD_MAX_LENGTH, "The passwords do not match"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

export const EnableTwoFactorSchema = z.object({ password: currentPassword });

export const ConfirmTwoFactorSchema = z.object({
  code: z
    .string({ error: "Please enter the 6-digit code from your app" })
    .max(32, "Please enter the 6-digit code from your app")
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Please enter the 6-digit code from your app")),
});

export const DisableTwoFactorSchema = z.object({ password: currentPassword, code: twoFactorCode });

export const DeleteAccountSchema = z.object({
  password: currentPassword,
  confirm: z.literal("on", { error: "Please confirm that you want to delete your account" }),
});

/** The second step of signing in. */
export const SignInCodeSchema = z.object({
  code: twoFactorCode,
  // A hidden field: an over-long one is dropped (the sign-in then goes to the default page).
  redirectTo: z.string().max(2000).optional().catch(undefined),
});
