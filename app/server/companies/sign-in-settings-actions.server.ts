// A company's Sign-in tab (owners and admins): its e-mail domains (verified by a DNS TXT record), its identity
// provider, and 'Require single sign-on' per domain. One intent per form; every id named must be the company's.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AddDomainSchema, OidcProviderSchema, SamlProviderSchema } from "~/schemas/company-sign-in";
import { isUuid } from "~/utils/ids";
import type { Auth } from "../accounts/auth.server";
import type { Database } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import type { CompanyAccess } from "./companies.server";
import {
  addCompanyDomain,
  checkCompanyDomain,
  companyDomainsOf,
  DOMAIN_MESSAGES,
  removeCompanyDomain,
  setRequireSso,
} from "./company-domains.server";
import { addSamlProvider, samlServiceProvider } from "./saml-providers.server";
import { handleScimSettingsAction, loadDirectorySettings } from "./scim-settings-actions.server";
import {
  addOidcProvider,
  companyProvider,
  oidcRedirectUri,
  ProviderRefusal,
  removeProvider,
} from "./sso-providers.server";

interface SignInContext {
  db: Database;
  auth: Auth;
  config: Config;
}

const pathOf = (access: CompanyAccess) => `/dashboard/company/${access.company.slug}/sign-in`;

export async function loadSignInSettings(context: SignInContext, access: CompanyAccess) {
  const organizationId = access.company.id;
  const domains = await companyDomainsOf(context.db, organizationId);
  return {
    domains: domains.map((d) => ({ ...d, verifiedAt: d.verifiedAt?.toISOString() ?? null })),
    provider: await companyProvider(context.db, organizationId),
    redirectUri: oidcRedirectUri(context.config.publicUrl, organizationId),
    saml: samlServiceProvider(context.config.publicUrl, organizationId),
    signInUrl: `${context.config.publicUrl}/login/company`,
    directory: await loadDirectorySettings(context, organizationId),
  };
}

export async function handleSignInSettingsAction(
  context: SignInContext,
  access: CompanyAccess,
  request: Request,
  form: FormData,
) {
  const base = { organizationId: access.company.id, actor: access.user };
  const path = pathOf(access);
  const domainId = String(form.get("domainId") ?? "");
  switch (form.get("intent")) {
    case "add-domain": {
      const submission = parseWithZod(form, { schema: AddDomainSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const added = await addCompanyDomain(context.db, { ...base, raw: submission.value.domain });
      if ("error" in added)
        return data(
          { result: submission.reply({ fieldErrors: { domain: [added.error] } }) },
          { status: added.status },
        );
      return redirectWithToast(path, {
        type: "success",
        title: `${added.domain} added`,
        description: "Add its TXT record at your DNS host, then press 'Check now'.",
      });
    }
    case "check-domain": {
      if (!isUuid(domainId)) return refuseWithToast(DOMAIN_MESSAGES.notFound, 404);
      const checked = await checkCompanyDomain(context.db, {
        ...base,
        domainId,
        dnsServers: context.config.dnsServers,
      });
      if ("error" in checked) return refuseWithToast(checked.error, checked.status);
      return redirectWithToast(path, { type: "success", title: "Domain verified" });
    }
    case "remove-domain": {
      if (!isUuid(domainId)) return refuseWithToast(DOMAIN_MESSAGES.notFound, 404);
      const removed = await removeCompanyDomain(context.db, { ...base, domainId });
      if ("error" in removed) return refuseWithToast(removed.error, removed.status);
      return redirectWithToast(path, { type: "success", title: `${removed.domain} removed` });
    }
    case "require-sso":
    case "allow-passwords": {
      if (!isUuid(domainId)) return refuseWithToast(DOMAIN_MESSAGES.notFound, 404);
      const required = form.get("intent") === "require-sso";
      const set = await setRequireSso(context.db, { ...base, domainId, required });
      if ("error" in set) return refuseWithToast(set.error, set.status);
      return redirectWithToast(path, {
        type: "success",
        title: required ? "Single sign-on required" : "Passwords allowed again",
      });
    }
    case "add-oidc": {
      const submission = parseWithZod(form, { schema: OidcProviderSchema });
      if (submission.status !== "success")
        return data({ result: submission.reply({ hideFields: ["clientSecret"] }) }, { status: 400 });
      try {
        await addOidcProvider(context, access, request, submission.value);
      } catch (error) {
        if (!(error instanceof ProviderRefusal)) throw error;
        return data(
          { result: submission.reply({ formErrors: [error.message], hideFields: ["clientSecret"] }) },
          { status: error.status },
        );
      }
      return redirectWithToast(path, { type: "success", title: "Identity provider added" });
    }
    case "add-saml": {
      const submission = parseWithZod(form, { schema: SamlProviderSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      try {
        await addSamlProvider(context, access, request, submission.value);
      } catch (error) {
        if (!(error instanceof ProviderRefusal)) throw error;
        return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
      }
      return redirectWithToast(path, { type: "success", title: "Identity provider added" });
    }
    case "remove-provider":
      if (!(await removeProvider(context.db, access)))
        return refuseWithToast("No identity provider to remove", 404);
      return redirectWithToast(path, { type: "success", title: "Identity provider removed" });
    case "create-scim-token":
    case "revoke-scim-token":
      return handleScimSettingsAction(context, access, form.get("intent"));
    default:
      return unknownIntent();
  }
}
