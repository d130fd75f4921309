// A company's Sign-in tab: its e-mail domains (each with the TXT record that proves it, 'Check now', and 'Require
// single sign-on'), and its identity provider (OpenID Connect: issuer, client ID and secret; the redirect URI to
// register at the provider).
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { DOMAIN_MAX_LENGTH, ISSUER_MAX_LENGTH } from "~/schemas/company-sign-in";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";

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
  signInUrl: string;
}
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
        <ProviderPanel provider={data.provider} redirectUri={data.redirectUri} signInUrl={data.signInUrl} />
      ) : (
        <AddProviderForm redirectUri={data.redirectUri} enabled={hasVerified} lastResult={lastResult} />
      )}
    </div>
  );
}

function DomainRow({ domain: d, hasProvider }: { domain: Domain; hasProvider: boolean }) {
  const state = !d.verifiedAt
    ? "Not verified yet"
    : d.requireSso
      ? "Verified. Single sign-on is required: its people cannot sign in by password."
      : "Verified. Its people may sign in by password or through your identity provider.";
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

function AddProviderForm({
  redirectUri,
  enabled,
  lastResult,
}: {
  redirectUri: string;
  enabled: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({ id: "add-oidc-form", lastResult });
  return (
    <section aria-labelledby="provider-heading" className={panel}>
      <h2 id="provider-heading" className="text-lg font-bold text-slate-900">
        Identity provider
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Let your people sign in with your company's OpenID Connect provider (Entra ID, Okta, Google Workspace,
        Keycloak, Authelia). Register this redirect URI with it first:
      </p>
      <p className="mt-2">
        <code className="block break-all rounded bg-slate-50 p-2 text-sm">{redirectUri}</code>
      </p>
      {enabled ? null : <FormMessage>Verify one of your domains first.</FormMessage>}
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
    </section>
  );
}

function ProviderPanel({
  provider,
  redirectUri,
  signInUrl,
}: {
  provider: NonNullable<SignInSettingsData["provider"]>;
  redirectUri: string;
  signInUrl: string;
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
          ? `Your people sign in with it at ${signInUrl} ('Sign in with your company'); someone new becomes a member at their first sign-in.`
          : "Nobody can sign in with it until one of your domains is verified."}
      </p>
      <p className="mt-2 text-sm text-slate-600">Redirect URI registered with it:</p>
      <code className="block break-all rounded bg-slate-50 p-2 text-sm">{redirectUri}</code>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="remove-provider" />
        <Button type="submit" variant="danger">
          Remove identity provider
        </Button>
      </Form>
    </section>
  );
}
