// Reading posted forms: a request that is not a form at all gets 400 with a message, never a 500.
import { data } from "react-router";
import { refuseWithToast } from "./toast.server";

export async function readFormData(request: Request) {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    throw data({ error: "Expected a form submission" }, { status: 400 });
  }
  try {
    return await request.formData();
  } catch {
    throw data({ error: "The form could not be read" }, { status: 400 });
  }
}

/**
 * The answer of every form action to an intent it does not know: 400 with a message, and nothing done. Actions
 * switch on the posted `intent` and end with `default: return unknownIntent()`.
 */
export function unknownIntent() {
  return refuseWithToast(UNKNOWN_INTENT, 400);
}
const UNKNOWN_INTENT = "Unknown action";

/** Control characters and backslashes: browsers drop or rewrite them, which turns '/\t/evil' into '//evil'. */
const hasUnsafeCharacter = (s: string) =>
  [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === "\\");

/**
 * A safe place to go after a form (sign-in, cart): a path on this site, never another origin. The target is
 * resolved against the site's own origin and must stay on it; control characters and backslashes are refused,
 * raw or percent-encoded, as are '//' paths that browsers read as another host.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
  publicUrl = "http://localhost",
) {
  if (typeof to !== "string" || to.length > 2000 || !to.startsWith("/")) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  for (const form of [to, decoded]) {
    if (hasUnsafeCharacter(form) || form.startsWith("//")) return fallback;
  }
  const site = new URL(publicUrl);
  const target = new URL(to, site);
  if (target.origin !== site.origin) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}
