// Settings → Integrations: the signing secret shown once after an endpoint is added (with a Copy button), and how
// a receiver checks the Tapcard-Signature header. The scheme is Stripe's, so Stripe's own libraries verify it
// (app/server/webhooks/signature.int.test.ts proves it with stripe.webhooks.constructEvent).
import { Copy } from "lucide-react";
import { Button } from "~/components/ui/button";
import { notify } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

export function SecretShownOnce({ created }: { created: { url: string; secret: string } }) {
  return (
    <section
      aria-labelledby="secret-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
    >
      <h2 id="secret-heading" className="text-lg font-bold text-slate-900">
        Signing secret
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        Copy the signing secret for <span className="break-all font-medium">{created.url}</span> now: it is
        shown only this once. Your receiver uses it to check the Tapcard-Signature header of each event.
      </p>
      <p className="mt-3">
        <code className="block break-all rounded bg-white p-3 font-mono text-sm">{created.secret}</code>
      </p>
      <CopySecretButton secret={created.secret} />
    </section>
  );
}

/** Needs JavaScript, so it appears once the page is hydrated; the secret itself is always printed above it. */
function CopySecretButton({ secret }: { secret: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button
      variant="secondary"
      className="mt-3"
      aria-label="Copy the signing secret"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(secret);
          notify({ type: "success", title: "Signing secret copied" });
        } catch {
          notify({ type: "error", title: "The secret could not be copied. Please select it on the page." });
        }
      }}
    >
      <Copy aria-hidden className="h-4 w-4" />
      Copy
    </Button>
  );
}

const STRIPE_CHECK = `const event = stripe.webhooks.constructEvent(
  rawBody, // the body exactly as received
  request.headers["tapcard-signature"],
  "whsec_...", // this endpoint's signing secret
);`;

export function CheckingSignatures() {
  return (
    <section
      aria-labelledby="checking-signatures-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="checking-signatures-heading" className="text-lg font-bold text-slate-900">
        Checking the signature
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Each event has a <code className="font-mono">Tapcard-Signature</code> header,{" "}
        <code className="break-all font-mono">t=&lt;Unix seconds&gt;,v1=&lt;hex&gt;</code>: the hex is the
        HMAC-SHA256 of the timestamp, a dot and the raw body, keyed with the endpoint's signing secret. This
        is Stripe's signature scheme, so Stripe's own libraries check it. In Node.js, with the{" "}
        <code className="font-mono">stripe</code> package:
      </p>
      <pre className="mt-3 whitespace-pre-wrap break-all rounded bg-slate-100 p-3 font-mono text-sm text-slate-900">
        {STRIPE_CHECK}
      </pre>
      <p className="mt-3 text-sm text-slate-700">
        It throws when the signature does not match or is more than 5 minutes old. Check it over the raw bytes
        of the body, not JSON parsed and written again, and drop an event id you have already seen: an event
        can arrive more than once.
      </p>
    </section>
  );
}
