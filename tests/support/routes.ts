// Calling a route's loader or action the way React Router would, and reading its answer as a browser sees it:
// a status, where it redirects to, and the data. A cookie jar follows a visitor through multi-step flows
// (sign-in then code, settings that rotate the session).
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
    // The url React Router gives: the page's address, a data request's suffix and parameters left out.
    result = await run({ request, context, params, url: new URL(request.url) } as never);
  } catch (thrown) {
    // A redirect, a 404 or data() with a status is an answer; any other error is a bug the test must see.
    const d = thrown as { type?: string };
    if (!(thrown instanceof Response) && d?.type !== "DataWithResponseInit") throw thrown;
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

/** A multipart form post, as a browser sends a form with a file field. */
export function multipartRequest(url: string, fields: Record<string, string | File>, cookie = "") {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return new Request(url, { method: "POST", body, headers: cookie ? { Cookie: cookie } : {} });
}

/** The cookie header a browser sends after an answer that set cookies (a sign-in). */
export const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** The cookies a browser would hold, updated from each answer's Set-Cookie headers. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(header = "") {
    for (const pair of header.split(";")) {
      const i = pair.indexOf("=");
      if (i > 0) this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
  }

  apply(headers: Headers) {
    for (const cookie of headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attributes.some((a) => {
        const [key = "", v = ""] = a.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(v) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  /** Whether a cookie whose name contains `part` is held (better-auth prefixes its names). */
  has(part: string) {
    return [...this.cookies.keys()].some((name) => name.includes(part));
  }

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A form post to `url` with the jar's cookies. */
export const postForm = (url: string, jar: CookieJar, fields: Record<string, string>) =>
  postRequest(url, fields, jar.header());

export const getPage = (url: string, jar: CookieJar) => getRequest(url, jar.header());
