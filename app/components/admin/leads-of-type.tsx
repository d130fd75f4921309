// One business type's leads in the admin Leads section: chosen by type, paged, each with a remove button.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldFrame } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { Select } from "~/components/ui/select";
import type { LeadsData } from "~/server/cold-calling/lead-pool-actions.server";
import { confirmSubmit } from "./confirm-submit";

const th = "px-3 py-2";
const td = "px-3 py-2";

export function LeadsOfType({ data }: { data: LeadsData }) {
  const type = data.type!;
  const leads = data.leads!;
  return (
    <section aria-labelledby="type-leads-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="type-leads-heading" className="text-lg font-semibold">
          {type.label} leads ({leads.total})
        </h2>
        <Form method="get" className="flex items-end gap-2">
          <FieldFrame id="show-type" label="Show type">
            <Select id="show-type" name="type" defaultValue={type.id} variant="toolbar">
              {data.stock.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </Select>
          </FieldFrame>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </Form>
      </div>
      {leads.rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No {type.label} leads in the pool.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{type.label} leads</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={th}>
                  Business
                </th>
                <th scope="col" className={th}>
                  Contact
                </th>
                <th scope="col" className={th}>
                  Phone
                </th>
                <th scope="col" className={th}>
                  Email
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {leads.rows.map((l) => (
                <tr key={l.id} className="border-t border-slate-200">
                  <td className={`${td} break-words`}>{l.businessName}</td>
                  <td className={td}>{l.contactName}</td>
                  <td className={`${td} whitespace-nowrap`}>{l.phone}</td>
                  <td className={`${td} break-all`}>{l.email}</td>
                  <td className={td}>
                    <Form method="post" onSubmit={confirmSubmit(`Remove ${l.businessName} from the pool?`)}>
                      <input type="hidden" name="leadId" value={l.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="remove-lead"
                        variant="ghost"
                        aria-label={`Remove ${l.businessName}`}
                      >
                        Remove
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        label={`${type.label} leads pages`}
        page={data.page}
        pages={leads.pages}
        hasNext={data.page < leads.pages}
        href={(p) => `/admin-dashboard/leads?type=${type.id}&page=${p}`}
      />
    </section>
  );
}
