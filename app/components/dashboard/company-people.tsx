// A company's People page: invite one person, import a CSV (with the rows to fix when it is refused), the
// invitations waiting (resend, revoke) and the members (role, remove).
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame, FormMessage } from "~/components/ui/field";
import { FileInput } from "~/components/ui/file-input";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { Select } from "~/components/ui/select";
import { formatDay } from "~/utils/dates";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";
import { ROLE_NAMES } from "./companies";

type Role = keyof typeof ROLE_NAMES;
interface PeopleData {
  members: { id: string; name: string; email: string; role: Role; joinedAt: Date | string }[];
  invitations: { id: string; email: string; name: string | null; role: Role; expiresAt: Date | string }[];
  memberCount: number;
  waitingCount: number;
  /** Counts above it are not made: the page says '{cap}+'. */
  countCap: number;
  next: string | null;
  after: string | null;
  you: string;
  yourRole: Role;
  slug: string;
}
type ActionData =
  | { result: SubmissionResult<string[]> }
  | { ok: false; error: string; refused?: { line: number; reason: string }[] }
  | undefined;

const panel = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";

export function CompanyPeople({ data, actionData }: { data: PeopleData; actionData: ActionData }) {
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const refused = actionData && "refused" in actionData ? actionData : undefined;
  return (
    <div className="max-w-4xl space-y-6">
      <InviteForm lastResult={lastResult} owner={data.yourRole === "owner"} />
      <section aria-labelledby="import-heading" className={panel}>
        <h2 id="import-heading" className="text-lg font-bold text-slate-900">
          Invite people from a CSV file
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          A CSV file (UTF-8, at most 500 rows) whose first row names the columns name, email, job_title,
          phone. Only email is required. The whole file is checked first: if any row needs fixing, nothing is
          imported.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
          <FieldFrame id="people-file" label="CSV file">
            <FileInput id="people-file" name="file" accept=".csv,text/csv" required />
          </FieldFrame>
          <Button type="submit" name="intent" value="import-csv">
            Import and send invitations
          </Button>
        </Form>
        {refused ? (
          <div className="mt-3 space-y-2">
            <FormMessage>{refused.error}</FormMessage>
            {refused.refused?.length ? (
              <ul aria-label="Rows to fix" className="list-disc space-y-0.5 pl-5 text-sm">
                {refused.refused.slice(0, 100).map((r) => (
                  <li key={`${r.line}-${r.reason}`}>
                    Line {r.line}: {r.reason}
                  </li>
                ))}
                {refused.refused.length > 100 ? <li>and {refused.refused.length - 100} more rows</li> : null}
              </ul>
            ) : null}
          </div>
        ) : null}
      </section>
      {data.invitations.length ? <Waiting data={data} /> : null}
      <Members data={data} />
    </div>
  );
}

function InviteForm({ lastResult, owner }: { lastResult?: SubmissionResult<string[]>; owner: boolean }) {
  const [form, fields] = useForm({ id: "invite-member", lastResult });
  return (
    <section aria-labelledby="invite-heading" className={panel}>
      <h2 id="invite-heading" className="text-lg font-bold text-slate-900">
        Invite someone
      </h2>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="invite" />
        <Field
          label="E-mail"
          maxLength={254}
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
        />
        <FieldFrame id="invite-role" label="Role">
          <Select id="invite-role" name="role" defaultValue="member">
            <option value="member">Member</option>
            <option value="admin">Admin</option>
            {owner ? <option value="owner">Owner</option> : null}
          </Select>
        </FieldFrame>
        <Field
          label="Name (optional)"
          maxLength={100}
          {...getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
        />
        <Field
          label="Job title (optional)"
          maxLength={100}
          {...getInputProps(fields.jobTitle, { type: "text" })}
          errors={fields.jobTitle.errors}
        />
        <Field
          label="Phone (optional)"
          maxLength={31}
          {...getInputProps(fields.phone, { type: "tel" })}
          errors={fields.phone.errors}
        />
        <div className="sm:col-span-2">
          <Button type="submit">Send invitation</Button>
        </div>
      </Form>
    </section>
  );
}

function Waiting({ data }: { data: PeopleData }) {
  const now = Date.now();
  return (
    <section aria-labelledby="waiting-heading" className={panel}>
      <h2 id="waiting-heading" className="text-lg font-bold text-slate-900">
        Invitations waiting ({upTo(data.waitingCount, data.countCap)})
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {data.invitations.map((i) => {
          const expires = new Date(i.expiresAt);
          return (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-all font-medium text-slate-900">
                  {i.name ? `${i.name} (${i.email})` : i.email}
                </p>
                <p className="text-sm text-slate-700">
                  {ROLE_NAMES[i.role]} ·{" "}
                  {expires.getTime() < now ? "Expired" : `Expires ${formatDay(expires.toISOString())}`}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="invitationId" value={i.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="resend"
                    variant="secondary"
                    aria-label={`Resend the invitation to ${i.email}`}
                  >
                    Resend
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="invitationId" value={i.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="revoke"
                    variant="ghost"
                    aria-label={`Revoke the invitation to ${i.email}`}
                  >
                    Revoke
                  </Button>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>
      {data.waitingCount > data.invitations.length ? (
        <p className="mt-2 text-sm text-slate-700">
          The {data.invitations.length} sent first are listed;{" "}
          {data.waitingCount > data.countCap ? "many" : data.waitingCount - data.invitations.length} more are
          waiting.
        </p>
      ) : null}
    </section>
  );
}

function Members({ data }: { data: PeopleData }) {
  return (
    <section aria-labelledby="members-heading" className={panel}>
      <h2 id="members-heading" className="text-lg font-bold text-slate-900">
        Members ({upTo(data.memberCount, data.countCap)})
      </h2>
      <ScrollRegion label="Members" className="mt-3">
        <table className="w-full min-w-[34rem] text-left text-sm">
          <caption className="sr-only">Members of the company</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Role
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.members.map((m) => (
              <tr key={m.id} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-3">
                  <span className="block font-medium text-slate-900">
                    {m.name}
                    {m.id === data.you ? " (you)" : ""}
                  </span>
                  <span className="block break-all text-slate-600">{m.email}</span>
                </td>
                <td className="py-2 pr-3">
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="set-role" />
                    <input type="hidden" name="memberId" value={m.id} />
                    <Select
                      name="role"
                      defaultValue={m.role}
                      aria-label={`Role of ${m.name}`}
                      className="w-32"
                    >
                      <option value="member">Member</option>
                      <option value="admin">Admin</option>
                      <option value="owner">Owner</option>
                    </Select>
                    <Button type="submit" variant="secondary" aria-label={`Save the role of ${m.name}`}>
                      Save
                    </Button>
                  </Form>
                </td>
                <td className="py-2">
                  {m.id === data.you ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="memberId" value={m.id} />
                      <Button type="submit" variant="ghost" aria-label={`Remove ${m.name}`}>
                        Remove
                      </Button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="mt-3 flex justify-between text-sm">
        {data.after ? (
          <Link
            to={`/dashboard/company/${data.slug}/people`}
            className="font-semibold text-brand-700 underline"
          >
            First page
          </Link>
        ) : (
          <span />
        )}
        {data.next ? (
          <Link to={`?after=${data.next}`} className="font-semibold text-brand-700 underline">
            Next page
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** A count made up to a cap: past it, '1,000+'. */
const upTo = (count: number, cap: number) =>
  count > cap ? `${cap.toLocaleString("en-GB")}+` : String(count);
