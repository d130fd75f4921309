// My Links' change forms: each puts a paid link change (add, change, remove) in the cart, saying its price first.
// Every form works without JavaScript.
import { Form, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field, FieldFrame, FormMessage } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { type MyLinksTab, tabHref } from "~/schemas/my-links-tabs";
import type { MyLink } from "~/server/cards/my-links.server";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "~/utils/form";

type Result = SubmissionResult<string[]> | undefined;

/** What every change form says before the customer commits to it. */
function PriceNote({ price, what }: { price: string; what: string }) {
  return (
    <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {what} costs {price}. It goes to your cart, and once paid it is made on your card automatically.
    </p>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function EditLinkForm({
  link,
  tab,
  page,
  price,
  lastResult,
}: {
  link: MyLink;
  tab: MyLinksTab;
  page: number;
  price: string;
  lastResult: Result;
}) {
  const busy = useBusy("edit-link");
  const [form, fields] = useForm({
    id: `edit-${link.id}`,
    lastResult,
    defaultValue: { title: link.title, url: link.url },
  });
  return (
    <Form
      method="post"
      action={tabHref(tab, { edit: link.id })}
      className="mt-4 space-y-4 border-t border-slate-200 pt-4"
      aria-label={`Change ${link.title}`}
      {...getFormProps(form)}
      noValidate
    >
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <input type="hidden" name="intent" value="edit-link" />
      <input type="hidden" name="linkId" value={link.id} />
      <Field
        label="Title"
        maxLength={100}
        {...getInputProps(fields.title, { type: "text" })}
        errors={fields.title.errors}
      />
      <Field
        label="URL"
        maxLength={2000}
        hint="Starts with https://, mailto: or tel:"
        {...getInputProps(fields.url, { type: "text" })}
        errors={fields.url.errors}
      />
      <PriceNote price={price} what="Changing this link" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Adding..." : `Add change to cart (${price})`}
        </Button>
        <ButtonLink variant="ghost" to={tabHref(tab, {}, page)} preventScrollReset>
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

export function RemoveLinkForm({
  link,
  tab,
  page,
  price,
  lastResult,
}: {
  link: MyLink;
  tab: MyLinksTab;
  page: number;
  price: string;
  lastResult: Result;
}) {
  const busy = useBusy("remove-link");
  const [form] = useForm({
    id: `remove-${link.id}`,
    lastResult,
  });
  return (
    <Form
      method="post"
      action={tabHref(tab, { remove: link.id })}
      className="mt-4 space-y-4 border-t border-slate-200 pt-4"
      aria-label={`Remove ${link.title} from the card`}
      {...getFormProps(form)}
      noValidate
    >
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <input type="hidden" name="intent" value="remove-link" />
      <input type="hidden" name="linkId" value={link.id} />
      <PriceNote price={price} what={`Removing ${link.title} from your card`} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Adding..." : `Add removal to cart (${price})`}
        </Button>
        <ButtonLink variant="ghost" to={tabHref(tab, {}, page)} preventScrollReset>
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

export function AddLinkForm({
  cards,
  tab,
  price,
  lastResult,
}: {
  cards: { id: string; cardNumber: string; name: string }[];
  tab: MyLinksTab;
  price: string;
  lastResult: Result;
}) {
  const busy = useBusy("add-link");
  const [form, fields] = useForm({
    id: "add-link",
    lastResult,
    defaultValue: { cardId: cards[0]?.id },
  });
  const only = cards.length === 1 ? cards[0] : undefined;
  return (
    <section aria-labelledby="add-link-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="add-link-heading" className="text-lg font-bold text-slate-900">
        Add a link
      </h2>
      {only ? <p className="mt-1 text-sm text-slate-600">To card {only.cardNumber}.</p> : null}
      <Form method="post" action={tabHref(tab)} className="mt-4 space-y-4" {...getFormProps(form)} noValidate>
        {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
        <input type="hidden" name="intent" value="add-link" />
        {only ? (
          <input type="hidden" name="cardId" value={only.id} />
        ) : (
          <FieldFrame id={fields.cardId.id} label="Card" errors={fields.cardId.errors}>
            <Select {...getSelectProps(fields.cardId)} key={fields.cardId.key}>
              {cards.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} (Card {c.cardNumber})
                </option>
              ))}
            </Select>
          </FieldFrame>
        )}
        <Field
          label="Title"
          placeholder="My shop"
          maxLength={100}
          {...getInputProps(fields.title, { type: "text" })}
          errors={fields.title.errors}
        />
        <Field
          label="URL"
          placeholder="https://"
          maxLength={2000}
          hint="Starts with https://, mailto: or tel:"
          {...getInputProps(fields.url, { type: "text" })}
          errors={fields.url.errors}
        />
        <PriceNote price={price} what="Adding a link" />
        <Button type="submit" disabled={busy}>
          {busy ? "Adding..." : `Add to cart (${price})`}
        </Button>
      </Form>
    </section>
  );
}
