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

export const METADATA_XML_MAX_LENGTH = 100_000;
export const METADATA_URL_MAX_LENGTH = 2000;
export const SAML_METADATA_MESSAGE = "Paste the metadata XML or give its URL";

/** SAML 2.0: the identity provider's metadata, pasted (XML) or where the shop fetches it (URL); exactly one. */
export const SamlProviderSchema = z
  .object({
    metadataXml: z
      .string()
      .max(METADATA_XML_MAX_LENGTH, `The metadata XML must be at most ${METADATA_XML_MAX_LENGTH} characters`)
      .pipe(z.string().trim())
      .optional(),
    metadataUrl: z
      .string()
      .max(METADATA_URL_MAX_LENGTH, `The metadata URL must be at most ${METADATA_URL_MAX_LENGTH} characters`)
      .pipe(z.string().trim().pipe(oneLine("The metadata URL")))
      .optional(),
  })
  .refine((v) => Boolean(v.metadataXml) !== Boolean(v.metadataUrl), { message: SAML_METADATA_MESSAGE });
