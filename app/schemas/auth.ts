// Account forms: one schema each, used by the browser for instant feedback and by the action for the truth.
import { z } from "zod";

export const requiredString = (message: string) => z.string({ error: message }).trim().min(1, message);

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Invalid email address")
  .pipe(z.email("Invalid email address"));

const newPassword = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters");

export const LoginSchema = z.object({
  email: emailField,
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
  redirectTo: z.string().optional(),
});

export const AdminLoginSchema = LoginSchema.omit({ redirectTo: true });

export const RegisterSchema = z.object({
  name: requiredString("Full name is required").pipe(z.string().max(100, "Full name is too long")),
  email: emailField,
  password: newPassword,
  terms: z.literal("on", { error: "You must accept the Terms of Service and Privacy Policy" }),
});

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetPasswordSchema = z
  .object({
    token: requiredString("The reset link is incomplete"),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm the new password" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

export const SocialProviderSchema = z.enum(["google", "apple"]);

/** The admin:create command's input. */
export const AdminAccountSchema = z.object({
  email: emailField,
  password: newPassword,
  name: z.string().trim().min(1).max(100).optional(),
});
