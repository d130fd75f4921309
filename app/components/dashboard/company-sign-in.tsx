// A company's Sign-in tab: its e-mail domains (each with the TXT record that proves it, 'Check now', and 'Require
// single sign-on'), and its identity provider: OpenID Connect (issuer, client ID and secret; the redirect URI to
// register at the provider) or SAML 2.0 (its metadata, pasted or by URL; the ACS URL and entity ID to register).
import { Form } from "react-router";
import { CompanyDirectory, type DirectoryData } from "~/components/dashboard/company-directory";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame, FormMessage } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import {
  DOMAIN_MAX_LENGTH,
  ISSUER_MAX_LENGTH,
  METADATA_URL_MAX_LENGTH,
  METADATA_XML_MAX_LENGTH,
} from "~/schemas/company-sign-in";
import { domainStatus } from "~/utils/domain-status";
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "~/utils/form";

interface Domain {
  id: string;
  domain: string;
  verifiedAt: string | null;
  requireSso: boolean;
  record: { name: string; value: string };
}
export interface SignInSettingsData {
  domains: Domain[];
  provider: { issuer: string; protocol: string; active: boolean } | null;
  redirectUri: string;
  /** What a SAML provider registers: the shop's entity ID and assertion consumer service. */
  saml: { entityId: string; acsUrl: string };
  signInUrl: string;
  directory: DirectoryData;
}
type Result = SubmissionResult<string[]> | undefined;
type ActionData = { result: SubmissionResult<string[]> } | { ok: false; error: string } | undefined;

const panel = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

export function CompanySignIn({ data, actionData }: { data: SignInSettingsData; actionData: ActionData }) {
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const hasVerified = data.domains.some((d) => d.verifiedAt);
  return (
    <div className="max-w-3xl space-y-6">
      <section aria-labelledby="domains-heading" className={panel}>
        <h2 id="domains-heading" className="text-lg font-bold text-slate-900">
          Your e-mail domains
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Prove your company holds a domain by adding a TXT record at your DNS host. Only a verified domain is
          tied to your identity provider, and a public mail domain (such as gmail.com) cannot be added.
        </p>
        <ul className="mt-4 space-y-4">
          {data.domains.map((d) => (
            <DomainRow key={d.id} domain={d} hasProvider={Boolean(data.provider)} />
          ))}
        </ul>
        <AddDomainForm lastResult={lastResult} />
      </section>
      {data.provider ? (
        <ProviderPanel data={data} provider={data.provider} />
      ) : (
        <section aria-labelledby="provider-heading" className={panel}>
          <h2 id="provider-heading" className="text-lg font-bold text-slate-900">
            Identity provider
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Let your people sign in with your company's identity provider, by OpenID Connect or SAML 2.0.
          </p>
          {hasVerified ? null : <FormMessage>Verify one of your domains first.</FormMessage>}
          <AddOidcForm data={data} enabled={hasVerified} lastResult={resultOf(lastResult, "add-oidc")} />
          <AddSamlForm data={data} enabled={hasVerified} lastResult={resultOf(lastResult, "add-saml")} />
        </section>
      )}
      <CompanyDirectory directory={data.directory} />
    </div>
  );
}

function DomainRow({ domain: d, hasProvider }: { domain: Domain; hasProvider: boolean }) {
  const state = domainStatus({ verified: Boolean(d.verifiedAt), requireSso: d.requireSso }, hasProvider);
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <p className="break-all font-semibold text-slate-900">{d.domain}</p>
      <p className="text-sm text-slate-700">{state}</p>
      {d.verifiedAt ? null : (
        <dl className="mt-2 grid gap-1 text-sm">
          <dt className="font-medium text-slate-700">TXT record name</dt>
          <dd>
            <code className="break-all">{d.record.name}</code>
          </dd>
          <dt className="font-medium text-slate-700">Value</dt>
          <dd>
            <code className="break-all">{d.record.value}</code>
          </dd>
        </dl>
      )}
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="domainId" value={d.id} />
        {d.verifiedAt ? null : (
          <Button type="submit" name="intent" value="check-domain" aria-label={`Check ${d.domain} now`}>
            Check now
          </Button>
        )}
        {d.verifiedAt && hasProvider && !d.requireSso ? (
          <Button type="submit" name="intent" value="require-sso" variant="secondary">
            Require single sign-on for @{d.domain}
          </Button>
        ) : null}
        {d.requireSso ? (
          <Button type="submit" name="intent" value="allow-passwords" variant="secondary">
            Allow passwords for @{d.domain}
          </Button>
        ) : null}
        <Button
          type="submit"
          name="intent"
          value="remove-domain"
          variant="danger"
          aria-label={`Remove ${d.domain}`}
        >
          Remove
        </Button>
      </Form>
    </li>
  );
}

function AddDomainForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({ id: "add-domain-form", lastResult });
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="add-domain" />
      <Field
        label="Domain"
        className="min-w-0 flex-1"
        placeholder="example.com"
        maxLength={DOMAIN_MAX_LENGTH}
        {...getInputProps(fields.domain, { type: "text" })}
        errors={fields.domain.errors}
      />
      <Button type="submit">Add domain</Button>
    </Form>
  );
}

/** The action's reply for this form only: both provider forms show the errors of the whole form. */
const resultOf = (result: Result, intent: string) =>
  result?.initialValue?.intent === intent ? result : undefined;

type ProviderFormProps = { data: SignInSettingsData; enabled: boolean; lastResult: Result };
const subheading = "mt-6 font-semibold text-slate-900";
const codeBlock = "block break-all rounded bg-slate-50 p-2 text-sm";

function AddOidcForm({ data, enabled, lastResult }: ProviderFormProps) {
  const [form, fields] = useForm({ id: "add-oidc-form", lastResult });
  return (
    <>
      <h3 className={subheading}>OpenID Connect</h3>
      <p className="mt-1 text-sm text-slate-600">
        Entra ID, Okta, Google Workspace, Keycloak, Authelia. Register this redirect URI with it first:
      </p>
      <code className={`mt-2 ${codeBlock}`}>{data.redirectUri}</code>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="add-oidc" />
        <Field
          label="Issuer or discovery URL"
          placeholder="https://login.example.com/realms/staff"
          maxLength={ISSUER_MAX_LENGTH}
          {...getInputProps(fields.issuer, { type: "url" })}
          errors={fields.issuer.errors}
        />
        <Field
          label="Client ID"
          {...getInputProps(fields.clientId, { type: "text" })}
          errors={fields.clientId.errors}
        />
        <Field
          label="Client secret"
          autoComplete="off"
          hint="Stored encrypted; it is never shown again."
          {...getInputProps(fields.clientSecret, { type: "password" })}
          errors={fields.clientSecret.errors}
        />
        <Button type="submit" disabled={!enabled}>
          Add identity provider
        </Button>
      </Form>
    </>
  );
}

function SamlRegistration({ saml }: { saml: SignInSettingsData["saml"] }) {
  return (
    <dl className="mt-2 grid gap-1 text-sm">
      <dt className="font-medium text-slate-700">Assertion consumer service (ACS) URL</dt>
      <dd>
        <code className={codeBlock}>{saml.acsUrl}</code>
      </dd>
      <dt className="font-medium text-slate-700">
        Entity ID (audience), also the address of the shop's metadata
      </dt>
      <dd>
        <code className={codeBlock}>{saml.entityId}</code>
      </dd>
    </dl>
  );
}

function AddSamlForm({ data, enabled, lastResult }: ProviderFormProps) {
  const [form, fields] = useForm({ id: "add-saml-form", lastResult });
  return (
    <>
      <h3 className={subheading}>SAML 2.0</h3>
      <p className="mt-1 text-sm text-slate-600">
        Register the shop at your identity provider with these, have it sign its assertions and send the
        e-mail address as the NameID (or an attribute named email) and the name as displayName:
      </p>
      <SamlRegistration saml={data.saml} />
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="add-saml" />
        <Field
          label="Metadata URL"
          placeholder="https://login.example.com/saml/metadata"
          maxLength={METADATA_URL_MAX_LENGTH}
          {...getInputProps(fields.metadataUrl, { type: "url" })}
          errors={fields.metadataUrl.errors}
        />
        <FieldFrame id={fields.metadataXml.id} label="Or its metadata XML" errors={fields.metadataXml.errors}>
          <Textarea
            rows={6}
            maxLength={METADATA_XML_MAX_LENGTH}
            spellCheck={false}
            {...getTextareaProps(fields.metadataXml)}
            key={fields.metadataXml.key}
          />
        </FieldFrame>
        <Button type="submit" disabled={!enabled}>
          Add SAML provider
        </Button>
      </Form>
    </>
  );
}

function ProviderPanel({
  data,
  provider,
}: {
  data: SignInSettingsData;
  provider: NonNullable<SignInSettingsData["provider"]>;
}) {
  return (
    <section aria-labelledby="provider-heading" className={panel}>
      <h2 id="provider-heading" className="text-lg font-bold text-slate-900">
        Identity provider
      </h2>
      <p className="mt-1 break-all text-sm text-slate-700">
        {provider.protocol}: {provider.issuer}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {provider.active
          ? `Your people sign in with it at ${data.signInUrl} ('Sign in with your company'); someone new becomes a member at their first sign-in.`
          : "Nobody can sign in with it until one of your domains is verified."}
      </p>
      {provider.protocol === "SAML" ? (
        <>
          <p className="mt-2 text-sm text-slate-600">Registered with it:</p>
          <SamlRegistration saml={data.saml} />
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">Redirect URI registered with it:</p>
          <code className={codeBlock}>{data.redirectUri}</code>
        </>
      )}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="remove-provider" />
        <Button type="submit" variant="danger">
          Remove identity provider
        </Button>
      </Form>
    </section>
  );
}
