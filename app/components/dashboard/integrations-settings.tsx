// Settings → Integrations (and a company's Integrations tab, for its people's contacts): add a webhook endpoint (its signing secret shown once, webhook-signing.tsx), send a test
// event, see the last deliveries and whether the endpoint is held off, turn it off or on, delete it (after a
// confirmation).
import { Form, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { WEBHOOK_URL_MAX_LENGTH } from "~/schemas/webhooks";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";
import { CheckingSignatures, SecretShownOnce } from "./webhook-signing";

interface Delivery {
  id: number;
  eventId: string;
  type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  createdAt: Date | string;
  lastAttemptAt: Date | string | null;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
}
interface Endpoint {
  id: string;
  url: string;
  enabled: boolean;
  /** Set while deliveries wait because the last attempts in a row got no answer. */
  pausedUntil: { until: Date | string; unanswered: number } | null;
  deliveries: Delivery[];
}
export interface IntegrationsData {
  endpoints: Endpoint[];
  limit: number;
  confirmDelete: { id: string; url: string } | null;
  /** Where the page is: the account's Settings, or a company's tab. */
  path: string;
  /** The company whose endpoints these are; absent for the account's own. */
  company?: string;
}
type ActionData =
  | { result: SubmissionResult<string[]>; created?: { id: string; url: string; secret: string } }
  | { ok: false; error: string }
  | undefined;

const panel = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});

export function IntegrationsSettings({
  data,
  actionData,
}: {
  data: IntegrationsData;
  actionData: ActionData;
}) {
  const created = actionData && "created" in actionData ? actionData.created : undefined;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <div className="max-w-3xl space-y-6">
      <section aria-labelledby="integrations-heading">
        <h2 id="integrations-heading" className="text-lg font-bold text-slate-900">
          Integrations
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {data.company
            ? `Webhooks send each contact shared with a ${data.company} card to your CRM, Zapier, Make or n8n as it arrives, with the member it was shared with: a signed JSON POST to a URL you choose.`
            : "Webhooks send each new contact to your CRM, Zapier, Make or n8n as it arrives: a signed JSON POST to a URL you choose."}{" "}
          Failed deliveries are retried for 24 hours.
        </p>
      </section>
      {created ? <SecretShownOnce created={created} /> : null}
      {data.confirmDelete ? <ConfirmDelete endpoint={data.confirmDelete} path={data.path} /> : null}
      {data.endpoints.map((endpoint) => (
        <EndpointPanel key={endpoint.id} endpoint={endpoint} />
      ))}
      <AddEndpointForm
        full={data.endpoints.length >= data.limit}
        limit={data.limit}
        owner={data.company ? "a company" : "an account"}
        lastResult={lastResult}
      />
      <CheckingSignatures />
    </div>
  );
}

function ConfirmDelete({ endpoint, path }: { endpoint: { id: string; url: string }; path: string }) {
  return (
    <section
      aria-labelledby="confirm-delete-heading"
      className="rounded-xl border border-red-300 bg-red-50 p-4 sm:p-6"
    >
      <h2 id="confirm-delete-heading" className="text-lg font-bold text-slate-900">
        Delete this endpoint?
      </h2>
      <p className="mt-1 break-all text-sm text-slate-800">
        {endpoint.url} will receive no more events, and its delivery history is deleted. This cannot be
        undone.
      </p>
      <Form method="post" action={path} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete-endpoint" />
        <input type="hidden" name="endpointId" value={endpoint.id} />
        <Button type="submit" variant="danger">
          Delete endpoint
        </Button>
        <ButtonLink to={path} variant="secondary">
          Cancel
        </ButtonLink>
      </Form>
    </section>
  );
}

const statusText: Record<Delivery["status"], string> = {
  pending: "Retrying",
  delivered: "Delivered",
  failed: "Failed",
};

function EndpointPanel({ endpoint }: { endpoint: Endpoint }) {
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <section aria-labelledby={headingId} className={panel}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="break-all font-mono text-base font-semibold text-slate-900">
          {endpoint.url}
        </h2>
        <span
          className={
            endpoint.enabled
              ? "rounded-full bg-green-100 px-2 py-0.5 text-sm font-medium text-green-900"
              : "rounded-full bg-slate-200 px-2 py-0.5 text-sm font-medium text-slate-800"
          }
        >
          {endpoint.enabled ? "On" : "Off"}
        </span>
      </div>
      {endpoint.enabled && endpoint.pausedUntil ? <Paused paused={endpoint.pausedUntil} /> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {endpoint.enabled ? (
          <Form method="post">
            <input type="hidden" name="intent" value="send-test" />
            <input type="hidden" name="endpointId" value={endpoint.id} />
            <Button type="submit" variant="secondary">
              Send test event
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="set-enabled" />
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <input type="hidden" name="enabled" value={endpoint.enabled ? "false" : "true"} />
          <Button type="submit" variant="secondary">
            {endpoint.enabled ? "Turn off" : "Turn on"}
          </Button>
        </Form>
        <ButtonLink to={`?delete=${endpoint.id}`} variant="ghost" aria-label={`Delete ${endpoint.url}`}>
          Delete
        </ButtonLink>
      </div>
      <h3 className="mt-6 font-semibold text-slate-900">Recent deliveries</h3>
      {endpoint.deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          No deliveries yet. Send a test event to try the endpoint.
        </p>
      ) : (
        <ScrollRegion label={`Recent deliveries to ${endpoint.url}`} className="mt-2">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Recent deliveries to {endpoint.url}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Time
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Event
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Code
                </th>
                <th scope="col" className="py-2 font-medium">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody>
              {endpoint.deliveries.map((d) => {
                const at = new Date(d.lastAttemptAt ?? d.createdAt);
                return (
                  <tr key={d.id} className="border-b border-slate-100 last:border-0">
                    <td className="py-2 pr-3">
                      <time dateTime={at.toISOString()}>{timeFormat.format(at)} UTC</time>
                    </td>
                    <td className="py-2 pr-3">
                      <span className="font-mono">{d.type}</span>
                      <span className="block font-mono text-xs text-slate-600">{d.eventId}</span>
                    </td>
                    <td className="py-2 pr-3">
                      {d.status === "pending" && d.attempts === 0 ? "Queued" : statusText[d.status]}
                      {d.attempts > 1 ? ` (${d.attempts} attempts)` : ""}
                      {d.lastError && d.status !== "delivered" ? (
                        <span className="block text-xs text-slate-600">{d.lastError}</span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3">{d.lastStatusCode ?? "—"}</td>
                    <td className="py-2">{d.lastDurationMs === null ? "—" : `${d.lastDurationMs} ms`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

function Paused({ paused }: { paused: NonNullable<Endpoint["pausedUntil"]> }) {
  const until = new Date(paused.until);
  return (
    <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      {paused.unanswered === 1 ? "The last attempt" : `The last ${paused.unanswered} attempts in a row`} got
      no answer, so deliveries to this endpoint wait until{" "}
      <time dateTime={until.toISOString()}>{timeFormat.format(until)} UTC</time>. A test event tries it again
      at once.
    </p>
  );
}

function AddEndpointForm({
  full,
  limit,
  owner,
  lastResult,
}: {
  full: boolean;
  limit: number;
  owner: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-endpoint";
  const [form, fields] = useForm({ id: "add-endpoint", lastResult });
  return (
    <section aria-labelledby="add-endpoint-heading" className={panel}>
      <h2 id="add-endpoint-heading" className="text-lg font-bold text-slate-900">
        Add a webhook endpoint
      </h2>
      {full ? (
        <p className="mt-2 text-sm text-slate-700">
          You have {limit} endpoints, the most {owner} can have. Delete one to add another.
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="add-endpoint" />
          <Field
            label="Endpoint URL"
            hint="An https address that accepts POST requests, e.g. from Zapier, Make or n8n."
            placeholder="https://"
            inputMode="url"
            autoComplete="off"
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            {...getInputProps(fields.url, { type: "url" })}
            errors={fields.url.errors}
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Adding..." : "Add endpoint"}
          </Button>
        </Form>
      )}
    </section>
  );
}
