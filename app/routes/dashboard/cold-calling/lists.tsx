// Cold Calling, Purchase Lists tab: buy a list of businesses of one type (through the cart and checkout), and the
// lists this customer has bought.
import { Form, useNavigation } from "react-router";
import { EmptyState } from "~/components/layout/page-heading";
import { Button } from "~/components/ui/button";
import { FieldFrame, FormMessage } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { requireUser } from "~/server/accounts/session.server";
import { loadListsSection } from "~/server/cold-calling/business-list-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import { handleListsAction } from "~/server/shop/business-list-cart.server";
import { formatPence } from "~/utils/money";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/lists";

export const meta = () =>
  privatePage("Cold Calling: Purchase Lists", "Buy lists of local businesses to call about TapCard.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return loadListsSection(context, user.id);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleListsAction(context, request, user.id, form);
}

export default function ColdCallingLists({ loaderData, actionData }: Route.ComponentProps) {
  const { types, price, size, lists } = loaderData;
  const busy = useNavigation().state === "submitting";
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <div className="space-y-8">
      <section aria-labelledby="buy-list-heading" className="rounded-xl border border-slate-200 p-5">
        <h2 id="buy-list-heading" className="text-lg font-semibold text-slate-900">
          Buy a business list
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {size} businesses of one type for {formatPence(price, { whole: true })}, paid by card or bank
          transfer. Once paid, they appear in your Prospects, never a business you already have.
        </p>
        {types.length === 0 ? (
          <p
            role="status"
            className="mt-4 rounded-md border border-dashed border-slate-300 p-4 text-slate-700"
          >
            No business lists are in stock right now. Please check back later.
          </p>
        ) : (
          <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
            <FieldFrame id="businessType" label="Business type" className="sm:w-72">
              <Select
                id="businessType"
                name="businessType"
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "buy-list-error" : undefined}
              >
                {types.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label} ({t.listsLeft} {t.listsLeft === 1 ? "list" : "lists"} left)
                  </option>
                ))}
              </Select>
            </FieldFrame>
            <Button type="submit" name="intent" value="buy-list" disabled={busy}>
              Buy List – {formatPence(price, { whole: true })}
            </Button>
          </Form>
        )}
        {error ? (
          <div id="buy-list-error" className="mt-3">
            <FormMessage>{error}</FormMessage>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="my-lists-heading">
        <h2 id="my-lists-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Your purchased lists
        </h2>
        {lists.length === 0 ? (
          <EmptyState title="No lists yet">Lists you buy appear here once they are paid.</EmptyState>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Your purchased lists</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Type
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Businesses
                  </th>
                </tr>
              </thead>
              <tbody>
                {lists.map((l) => (
                  <tr key={l.id} className="border-t border-slate-200">
                    <td className="px-3 py-2">{new Date(l.purchasedAt).toLocaleDateString("en-GB")}</td>
                    <td className="px-3 py-2">{l.type}</td>
                    <td className="px-3 py-2 text-right">{l.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
