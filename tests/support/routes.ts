// Calling a route's loader or action the way React Router would, and reading its answer as a browser sees it:
// a status, where it redirects to, and the data.
import type { AppLoadContext } from "react-router";

export type Answer = {
  status: number;
  location: string | null;
  headers: Headers;
  /** The body of a plain Response (files, JSON endpoints); empty for route data. */
  body: string;
  data: Record<string, unknown>;
};

export async function answer(
  run: (args: never) => unknown,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string> = {},
): Promise<Answer> {
  let result: unknown;
  try {
    result = await run({ request, context, params } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return {
      status: result.status,
      location: result.headers.get("Location"),
      headers: result.headers,
      body: await result.text(),
      data: {},
    };
  const d = result as { type?: string; init?: ResponseInit | null; data?: Record<string, unknown> };
  if (d?.type === "DataWithResponseInit")
    return {
      status: d.init?.status ?? 200,
      location: null,
      headers: new Headers(d.init?.headers),
      body: "",
      data: d.data ?? {},
    };
  return {
    status: 200,
    location: null,
    headers: new Headers(),
    body: "",
    data: result as Record<string, unknown>,
  };
}

export const getRequest = (url: string, cookie = "") => new Request(url, { headers: { Cookie: cookie } });

export const postRequest = (url: string, fields: Record<string, string>, cookie = "") =>
  new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

/** The cookie header a browser sends after an answer that set cookies (a sign-in). */
export const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
