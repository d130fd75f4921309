// A company's Sign-in settings: its e-mail domains and its identity provider. Shared by the forms and the actions;
// every text is capped before a pattern reads it.
import { z } from "~/schemas/zod";
import { oneLine } from "./fields";

export const DOMAIN_MAX_LENGTH = 253;
export const ISSUER_MAX_LENGTH = 2000;

const required = (label: string, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`)
    .pipe(oneLine(label));

export const AddDomainSchema = z.object({
  domain: required("The domain", DOMAIN_MAX_LENGTH, "Enter a domain such as example.com"),
});

/** OpenID Connect: the issuer (its discovery document is read from it) and the client the company made for us. */
export const OidcProviderSchema = z.object({
  issuer: required("The issuer URL", ISSUER_MAX_LENGTH, "Enter the issuer or discovery URL"),
  clientId: required("The client ID", 255, "Enter the client ID"),
  clientSecret: required("The client secret", 1000, "Enter the client secret"),
});
