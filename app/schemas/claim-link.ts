// Creating an account from a guest order's claim link: the e-mail is the order's, so the form does not ask it.
import { RegisterSchema } from "./auth";

export const ClaimAccountSchema = RegisterSchema.omit({ email: true });
