// Step 2 of /order-card: the One Link and Multi Link setups. Links added here are posted as links[n] fields;
// the unused 'new link' row is posted too, so the form also works without JavaScript. Without JavaScript the
// Multi Link 'Add Link' and remove buttons submit the form and the server answers with it edited (a draft).
import { Plus } from "lucide-react";
import { type RefObject, useRef, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import {
  EXTRA_LINK_PLATFORMS,
  LINK_MESSAGES,
  MULTI_LINK_FIELDS,
  type MultiLinkDraft,
  ONE_LINK_PLATFORMS,
  PLATFORM_LABELS,
} from "~/schemas/link-platforms";
import { notify } from "~/utils/toast";
import { controlValue, useEarlyInput } from "~/utils/use-early-input";
import { useHydrated } from "~/utils/use-hydrated";
import { type DraftLink, LinkList } from "./link-list";

let linkRules: Promise<typeof import("~/schemas/link-rules")> | undefined;
/**
 * The link rules (with the URL normaliser they use) load when the customer starts typing a link, not with the page.
 * Only the browser loads them so: the server never types, and its build, which has the rules in its bundle for the
 * actions, would warn that the import splits nothing off.
 */
const loadLinkRules = () => {
  linkRules ??= import.meta.env.SSR
    ? Promise.reject(new Error("The link rules load in the browser"))
    : import("~/schemas/link-rules");
  return linkRules;
};

// Short enough to be read whole in the narrowest field, the Link URL at 375 px.
const FIELD_PLACEHOLDERS: Record<string, string> = {
  instagram: "https://instagram.com/name",
  tiktok: "https://tiktok.com/@name",
  twitter: "https://x.com/name",
  facebook: "https://facebook.com/name",
  website: "https://yourwebsite.com",
  whatsapp: "+44 7700 900000",
  phone: "+44 7700 900000",
  email: "you@example.com",
};

let nextKey = 1;

function useLinkAdder(
  platforms: readonly string[],
  form: RefObject<HTMLFormElement | null>,
  draft?: MultiLinkDraft,
) {
  const [links, setLinks] = useState<DraftLink[]>(() =>
    (draft?.links ?? []).map((l) => ({ ...l, key: nextKey++ })),
  );
  const [platform, setPlatform] = useState<string>(draft?.newLink.platform ?? platforms[0]!);
  const [customName, setCustomName] = useState(draft?.newLink.name ?? "");
  const [url, setUrl] = useState(draft?.newLink.url ?? "");
  const [error, setError] = useState<string | null>(draft?.error ?? null);
  // The new link's controls as the customer left them before the page's script ran.
  useEarlyInput(() => {
    const at = `links[${links.length}]`;
    setPlatform((p) => controlValue(form.current, `${at}.platform`) ?? p);
    setCustomName((n) => controlValue(form.current, `${at}.name`) ?? n);
    setUrl((u) => controlValue(form.current, `${at}.url`) ?? u);
  });
  const add = async (opts: { single?: boolean } = {}) => {
    if (opts.single && links.length > 0) return setError(LINK_MESSAGES.oneLinkOnly);
    const problem = (await loadLinkRules()).linkProblem(platform, url);
    if (problem) return setError(problem);
    if (platform === "custom" && !customName.trim()) return setError(LINK_MESSAGES.customName);
    const link = {
      key: nextKey++,
      platform,
      label: platform === "custom" ? customName.trim() : (PLATFORM_LABELS[platform] ?? platform),
      url: url.trim(),
    };
    // The rules may have loaded after another click: add to the links as they are now.
    setLinks((current) => (opts.single && current.length > 0 ? current : [...current, link]));
    setUrl("");
    setCustomName("");
    setError(null);
  };
  return {
    links,
    remove: (i: number) => setLinks(links.filter((_, j) => j !== i)),
    platform,
    setPlatform,
    customName,
    setCustomName,
    url,
    setUrl: (v: string) => {
      loadLinkRules();
      setUrl(v);
      setError(null);
    },
    error,
    add,
  };
}

function noLinksToast(event: React.FormEvent) {
  event.preventDefault();
  notify({ type: "error", title: LINK_MESSAGES.noLinksTitle, description: LINK_MESSAGES.noLinks });
}

export function OneLinkSetup({ returnTo }: { returnTo: string }) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const a = useLinkAdder(ONE_LINK_PLATFORMS, form);
  const full = a.links.length > 0;
  return (
    <Form
      ref={form}
      method="post"
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        if (a.links.length === 0 && a.url.trim() === "") noLinksToast(e);
      }}
    >
      <input type="hidden" name="type" value="one-link" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <p className="text-sm text-slate-600">
        Your link is written to the card and is permanent. Choose where a tap should take people.
      </p>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <FieldFrame id="one-platform" label="Platform">
          <Select
            id="one-platform"
            name={`links[${a.links.length}].platform`}
            value={a.platform}
            onChange={(e) => a.setPlatform(e.target.value)}
            disabled={full}
          >
            {ONE_LINK_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </Select>
        </FieldFrame>
        <Field
          label="URL"
          id="one-url"
          name={`links[${a.links.length}].url`}
          value={a.url}
          onChange={(e) => a.setUrl(e.target.value)}
          disabled={full}
          placeholder={FIELD_PLACEHOLDERS[a.platform] ?? "https://"}
          errors={a.error ? [a.error] : undefined}
        />
      </div>
      {hydrated ? (
        <Button
          variant="secondary"
          onClick={() => a.add({ single: true })}
          disabled={a.url.trim() === "" || full}
        >
          <Plus aria-hidden className="h-4 w-4" /> Add Link
        </Button>
      ) : null}
      <LinkList links={a.links} onRemove={a.remove} />
      <Button type="submit" name="intent" value="add-card" className="w-full">
        Add to Cart
      </Button>
    </Form>
  );
}

export function MultiLinkSetup({ returnTo, draft }: { returnTo: string; draft?: MultiLinkDraft }) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const a = useLinkAdder(EXTRA_LINK_PLATFORMS, form, draft);
  const [fields, setFields] = useState<Record<string, string>>(draft?.fields ?? {});
  const filled = MULTI_LINK_FIELDS.filter((f) => (fields[f] ?? "").trim() !== "").length;
  const hasLinks = filled + a.links.length > 0;
  useEarlyInput(() =>
    setFields((current) =>
      Object.fromEntries(
        MULTI_LINK_FIELDS.map((f) => [f, controlValue(form.current, f) ?? current[f] ?? ""]),
      ),
    ),
  );
  return (
    <Form ref={form} method="post" className="space-y-5" noValidate>
      <input type="hidden" name="type" value="multi-link" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" name="name" autoComplete="name" defaultValue={draft?.name} />
        <FieldFrame id="bio" label="Bio" className="sm:col-span-2">
          <Textarea id="bio" name="bio" rows={3} maxLength={500} defaultValue={draft?.bio} />
        </FieldFrame>
        {MULTI_LINK_FIELDS.map((f) => (
          <Field
            key={f}
            label={PLATFORM_LABELS[f]!}
            name={f}
            type={f === "email" ? "email" : f === "phone" || f === "whatsapp" ? "tel" : "url"}
            placeholder={FIELD_PLACEHOLDERS[f]}
            value={fields[f] ?? ""}
            onChange={(e) => setFields({ ...fields, [f]: e.target.value })}
          />
        ))}
      </div>
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold">Additional links</legend>
        {/* The URL has a row of its own, so its placeholder is read whole. */}
        <div className="group grid gap-3 sm:grid-cols-2">
          <FieldFrame id="extra-platform" label="Platform">
            <Select
              id="extra-platform"
              name={`links[${a.links.length}].platform`}
              value={a.platform}
              onChange={(e) => a.setPlatform(e.target.value)}
            >
              {EXTRA_LINK_PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {PLATFORM_LABELS[p]}
                </option>
              ))}
            </Select>
          </FieldFrame>
          {/* Without JavaScript the field is always in the page and CSS shows it while Custom is picked. */}
          {a.platform === "custom" || !hydrated ? (
            <Field
              label="Platform name"
              name={`links[${a.links.length}].name`}
              value={a.customName}
              onChange={(e) => a.setCustomName(e.target.value)}
              className={hydrated ? undefined : "hidden group-has-[option[value=custom]:checked]:block"}
            />
          ) : null}
          <Field
            label="Link URL"
            id="extra-url"
            name={`links[${a.links.length}].url`}
            value={a.url}
            onChange={(e) => a.setUrl(e.target.value)}
            placeholder={FIELD_PLACEHOLDERS[a.platform] ?? "https://"}
            errors={a.error ? [a.error] : undefined}
            className="sm:col-span-2"
          />
        </div>
        <Button
          variant="secondary"
          // Without JavaScript it submits the form, and the server answers with the link added.
          type={hydrated ? "button" : "submit"}
          name="intent"
          value="add-link"
          onClick={(e) => {
            e.preventDefault();
            a.add();
          }}
          disabled={
            hydrated && (a.url.trim() === "" || (a.platform === "custom" && a.customName.trim() === ""))
          }
        >
          <Plus aria-hidden className="h-4 w-4" /> Add Link
        </Button>
        <LinkList links={a.links} onRemove={a.remove} />
      </fieldset>
      <Button
        type="submit"
        name="intent"
        value="add-card"
        className="w-full"
        disabled={hydrated && !hasLinks && a.url.trim() === ""}
      >
        Add to Cart
      </Button>
    </Form>
  );
}
