import { Clock, Mail, MapPin, MessageCircle } from "lucide-react";
import { PageShell } from "~/components/site/page-shell";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame, FormMessage } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { StaticToast } from "~/components/ui/static-toast";
import { Textarea } from "~/components/ui/textarea";
import { CONTACT_HONEYPOT } from "~/schemas/contact";
import { CONTACT_SUBJECTS } from "~/schemas/contact-subjects";
import { readFormData } from "~/server/platform/forms.server";
import { handleContactAction } from "~/server/site/contact-actions.server";
import { getInputProps, getSelectProps, getTextareaProps, useForm } from "~/utils/form";
import { pageWithIslands } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import { useIsland } from "~/utils/use-island";
import type { Route } from "./+types/contact";

// Plain HTML and a small script (islands/contact.ts); the form posts as a document, with or without it.
export const handle = pageWithIslands("contact");

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact Us",
    description: "Questions about your card, an order or working together? Send us a message.",
    path: "/contact",
  });

export function loader({ context }: Route.LoaderArgs) {
  const { shop, mail } = context.config;
  return { email: mail.support, whatsapp: shop.whatsapp, address: shop.address };
}

const RESPONSE_TIMES = [
  { label: "General inquiries", time: "24-48 hours" },
  { label: "Support requests", time: "Same day" },
  { label: "Collaborations", time: "1-3 days" },
];

export async function action({ request, context }: Route.ActionArgs) {
  return handleContactAction(context, await readFormData(request));
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({ lastResult: actionData?.result });
  const subject = fields.subject.value;

  // After a client-side navigation React renders this page, and the same script enhances the form.
  const formRef = useIsland<HTMLFormElement>(() =>
    import("~/islands/contact").then((m) => m.enhanceContactForm),
  );

  return (
    <PageShell
      title="Contact Us"
      intro="Have a question about your card, an order or working with us? We would love to hear from you."
      wide
    >
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="send-message"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="send-message" className="text-xl font-bold text-slate-900">
            Send Us a Message
          </h2>
          <StaticToast toast={actionData?.toast ?? null} />
          {form.errors?.length ? (
            <div className="mt-4">
              <FormMessage>{form.errors[0]}</FormMessage>
            </div>
          ) : null}
          <form
            ref={formRef}
            method="post"
            action="/contact"
            id={form.id}
            noValidate
            data-contact-form
            className="mt-6 space-y-5"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                label="Name"
                autoComplete="name"
                data-required
                {...getInputProps(fields.name, { type: "text" })}
                errors={fields.name.errors}
              />
              <Field
                label="Email"
                autoComplete="email"
                data-required
                {...getInputProps(fields.email, { type: "email" })}
                errors={fields.email.errors}
              />
            </div>
            <FieldFrame id={fields.subject.id} label="Subject" errors={fields.subject.errors}>
              <Select data-required {...getSelectProps(fields.subject)}>
                <option value="">Select a subject</option>
                {CONTACT_SUBJECTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </Select>
            </FieldFrame>
            {/* Each is shown for the subject that needs it; without the script, once the server asks for it. */}
            <div data-shown-for="custom" hidden={subject !== "custom"}>
              <Field
                label="Custom Subject"
                {...getInputProps(fields.customSubject, { type: "text" })}
                errors={fields.customSubject.errors}
              />
            </div>
            <div data-shown-for="delivery" hidden={subject !== "delivery"}>
              <Field
                label="Order Number"
                placeholder="WC123456"
                {...getInputProps(fields.orderNumber, { type: "text" })}
                errors={fields.orderNumber.errors}
              />
            </div>
            <FieldFrame id={fields.message.id} label="Message" errors={fields.message.errors}>
              <Textarea rows={6} className="resize-y" data-required {...getTextareaProps(fields.message)} />
            </FieldFrame>
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Website</label>
              <input
                id="contact-website"
                type="text"
                name={CONTACT_HONEYPOT}
                tabIndex={-1}
                autoComplete="off"
              />
            </div>
            <Button type="submit" className="w-full sm:w-auto sm:px-8">
              Send Message
            </Button>
          </form>
        </section>

        <aside className="space-y-6">
          <section aria-labelledby="contact-details" className="rounded-2xl bg-slate-50 p-6">
            <h2 id="contact-details" className="text-xl font-bold text-slate-900">
              Contact Details
            </h2>
            <ul className="mt-4 space-y-4 text-slate-700">
              <li className="flex gap-3">
                <Mail aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                <div>
                  <p className="font-semibold text-slate-900">Email</p>
                  <a className="break-all text-brand-700 underline" href={`mailto:${loaderData.email}`}>
                    {loaderData.email}
                  </a>
                </div>
              </li>
              <li className="flex gap-3">
                <MessageCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                <div>
                  <p className="font-semibold text-slate-900">WhatsApp</p>
                  <a
                    className="text-brand-700 underline"
                    href={`https://wa.me/${loaderData.whatsapp.replace(/\D/g, "")}`}
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    Chat on WhatsApp ({loaderData.whatsapp})
                  </a>
                </div>
              </li>
              <li className="flex gap-3">
                <MapPin aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                <div>
                  <p className="font-semibold text-slate-900">Location</p>
                  <p>United Kingdom</p>
                  <address className="not-italic">{loaderData.address}</address>
                </div>
              </li>
            </ul>
          </section>
          <section aria-labelledby="response-times" className="rounded-2xl bg-slate-50 p-6">
            <h2 id="response-times" className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <Clock aria-hidden className="h-5 w-5" />
              Response Times
            </h2>
            <dl className="mt-4 space-y-3">
              {RESPONSE_TIMES.map((r) => (
                <div key={r.label} className="flex justify-between gap-4">
                  <dt className="text-slate-700">{r.label}</dt>
                  <dd className="font-semibold text-slate-900">{r.time}</dd>
                </div>
              ))}
            </dl>
          </section>
        </aside>
      </div>
    </PageShell>
  );
}
