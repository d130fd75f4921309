// 'Create client page' dialog: a card page built from a client's details and the links of their order.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useOwnerEmailSuggestions } from "./owner-email-suggestions";

type Result = {
  intent?: string;
  result?: { error?: Record<string, string[] | null> };
  created?: { url: string };
};

const fields = [
  { name: "name", label: "Name", type: "text", required: true },
  { name: "businessName", label: "Business Name", type: "text" },
  { name: "contactEmail", label: "Email", type: "email" },
  { name: "contactPhone", label: "Phone", type: "tel" },
  { name: "instagram", label: "Instagram", type: "text" },
  { name: "facebook", label: "Facebook", type: "text" },
  { name: "website", label: "Website", type: "text" },
  { name: "ownerEmail", label: "Owner (customer e-mail)", type: "email" },
] as const;

export function CreateClientDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<Result>();
  const busy = fetcher.state !== "idle";
  const owners = useOwnerEmailSuggestions("client-ownerEmail-suggestions");
  const errors = fetcher.data?.intent === "create-client" ? fetcher.data.result?.error : undefined;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.created) {
      form.current?.reset();
      dialog.current?.close();
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <>
      <Button variant="secondary" onClick={() => dialog.current?.showModal()}>
        Create Client Page
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="create-client-title"
        className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-lg p-0 backdrop:bg-slate-900/50"
      >
        <fetcher.Form ref={form} method="post" className="space-y-4 p-6">
          <h2 id="create-client-title" className="text-xl font-bold">
            Create Client Page
          </h2>
          <input type="hidden" name="intent" value="create-client" />
          <div className="grid gap-3 sm:grid-cols-2">
            {fields.map((f) => (
              <div key={f.name} className="space-y-1">
                <label htmlFor={`client-${f.name}`} className="block text-sm font-medium">
                  {f.label}
                </label>
                <Input
                  id={`client-${f.name}`}
                  name={f.name}
                  type={f.type}
                  required={"required" in f}
                  aria-invalid={errors?.[f.name] ? true : undefined}
                  variant="toolbar"
                  className="w-full"
                  {...(f.name === "ownerEmail" ? owners.inputProps : {})}
                />
                <FieldError errors={errors?.[f.name] ?? undefined} />
              </div>
            ))}
          </div>
          {owners.datalist}
          <div className="space-y-1">
            <label htmlFor="client-bio" className="block text-sm font-medium">
              Bio
            </label>
            <Textarea id="client-bio" name="bio" rows={2} variant="toolbar" className="w-full py-2" />
            <FieldError errors={errors?.bio ?? undefined} />
          </div>
          <div className="space-y-1">
            <label htmlFor="client-orderLinks" className="block text-sm font-medium">
              Order links (one per line)
            </label>
            <Textarea
              id="client-orderLinks"
              name="orderLinks"
              rows={3}
              variant="toolbar"
              className="w-full py-2"
            />
            <FieldError errors={errors?.orderLinks ?? undefined} />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Creating..." : "Create"}
            </Button>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}
