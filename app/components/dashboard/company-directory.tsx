// A company's Sign-in tab, 'Directory (SCIM)': the base URL and token its directory (Entra ID, Okta) provisions
// people with. A new token is shown once, right after 'Create SCIM token'; only its digest is kept.
import { Form, useActionData } from "react-router";
import { Button } from "~/components/ui/button";

export interface DirectoryData {
  baseUrl: string;
  token: { createdAt: string; lastUsedAt: string | null } | null;
}

const day = (iso: string) => iso.slice(0, 10);

export function CompanyDirectory({ directory }: { directory: DirectoryData }) {
  const actionData = useActionData() as { scimToken?: string } | undefined;
  const shown = actionData?.scimToken;
  return (
    <section
      aria-labelledby="directory-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="directory-heading" className="text-lg font-bold text-slate-900">
        Directory (SCIM)
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Let your directory add your people to the company and remove them when they leave, by SCIM 2.0. A
        person it deactivates or deletes leaves the company: their company cards show your company's notice,
        and their contacts stay with the company.
      </p>
      <dl className="mt-3 grid gap-1 text-sm">
        <dt className="font-medium text-slate-700">SCIM base URL (tenant URL)</dt>
        <dd>
          <code className="block break-all rounded bg-slate-50 p-2">{directory.baseUrl}</code>
        </dd>
        <dt className="font-medium text-slate-700">Token</dt>
        <dd className="text-slate-700">
          {directory.token
            ? `In use, created ${day(directory.token.createdAt)}${
                directory.token.lastUsedAt
                  ? `, last used ${day(directory.token.lastUsedAt)}`
                  : ", not used yet"
              }.`
            : "None yet."}
        </dd>
      </dl>
      {shown ? (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3" role="status">
          <p className="text-sm text-slate-800">
            Copy this token into your directory now: it is shown only this once. It replaces any token before
            it.
          </p>
          <code className="mt-2 block break-all rounded bg-white p-3 font-mono text-sm">{shown}</code>
        </div>
      ) : null}
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="create-scim-token">
          Create SCIM token
        </Button>
        {directory.token ? (
          <Button type="submit" name="intent" value="revoke-scim-token" variant="danger">
            Revoke token
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
