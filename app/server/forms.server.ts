// Reading posted forms: a request that is not a form at all gets 400 with a message, never a 500.
import { data } from "react-router";

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

/** A safe place to go after sign-in: a path on this site, never another origin. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  return to;
}
