// Toasts that survive a redirect: carried in a one-time cookie and shown by the root layout.
import { data, redirect } from "react-router";
import { z } from "~/schemas/zod";
import { appCookie } from "./cookies.server";

const ToastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
});
export type ToastInput = z.input<typeof ToastSchema>;

const toastCookie = appCookie("toast", 60);

export async function toastHeaders(toast: ToastInput, headers = new Headers()) {
  headers.append("Set-Cookie", await toastCookie.serialize(ToastSchema.parse(toast)));
  return headers;
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = await toastHeaders(toast, new Headers(init?.headers));
  return redirect(url, { ...init, headers });
}

/** A data answer (to a form or fetcher) that also shows a toast; `init.status` says whether it failed. */
export async function dataWithToast<T>(body: T, toast: ToastInput, init?: ResponseInit) {
  const headers = await toastHeaders(toast, new Headers(init?.headers));
  return data(body, { ...init, headers });
}

/** A refused form action: the message goes back in the data (for the form) and in an error toast. */
export function refuseWithToast(message: string, status = 400) {
  return dataWithToast(
    { ok: false as const, error: message },
    { type: "error", title: "Error", description: message },
    { status },
  );
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function readToast(request: Request) {
  const raw = await toastCookie.parse(request.headers.get("Cookie")).catch(() => null);
  const parsed = ToastSchema.safeParse(raw);
  if (!parsed.success) return { toast: null, headers: null };
  const headers = new Headers({ "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) });
  return { toast: parsed.data, headers };
}
