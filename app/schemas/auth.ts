// Account forms: one schema each, checked by the action.
import { z } from "~/schemas/zod";
import { emailAddress, oneLine } from "./fields";

export const requiredString = (message: string) => z.string({ error: message }).trim().min(1, message);

export const emailField = emailAddress(
  { required: "Email is required", invalid: "Invalid email address" },
  { lowerCase: true },
);

/** No account can have a longer password (better-auth's limit too). */
const PASSWORD_MAX_LENGTH = 128;

const newPassword = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(PASSWORD_MAX_LENGTH, "Password must be at most 128 characters");

export const LoginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, "Invalid email or password"),
  // A hidden field: an over-long one is dropped (the sign-in then goes to the default page).
  redirectTo: z.string().max(2000).optional().catch(undefined),
});

export const AdminLoginSchema = LoginSchema.omit({ redirectTo: true });

export const RegisterSchema = z.object({
  name: requiredString("Full name is required").pipe(
    z.string().max(100, "Full name is too long").pipe(oneLine("Full name")),
  ),
  email: emailField,
  password: newPassword,
  terms: z.literal("on", { error: "You must accept the Terms of Service and Privacy Policy" }),
});

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetPasswordSchema = z
  .object({
    token: requiredString("The reset link is incomplete").pipe(
      z.string().max(512, "The reset link is incomplete"),
    ),
    password: newPassword,
    confirmPassword: z
      .string({ error: "Please confirm the new password" })
      .max(PASSWORD_MAX_LENGTH, "The passwords do not match"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

export const SocialProviderSchema = z.enum(["google", "apple"]);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

/** The admin:create command's input. */
export const AdminAccountSchema = z.object({
  email: emailField,
  password: newPassword,
  name: z.string().trim().min(1).max(100).pipe(oneLine("Name")).optional(),
});

/** 'Sign in with your company': the e-mail address says which company's identity provider to go to. */
export const CompanyLoginSchema = z.object({ email: emailField });
