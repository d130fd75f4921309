// Calling a route's loader or action the way the server does, with a cookie jar that keeps what the answers set:
// tests follow a visitor through multi-step flows (sign-in then code, settings that rotate the session).
import type { AppLoadContext } from "react-router";

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

export interface Answer {
  status: number;
  location: string | null;
  data: Record<string, unknown>;
  headers: Headers;
}

/** Runs a loader or action and returns what the browser would get, thrown redirects included. */
export async function callRoute(
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
      data: {},
      headers: result.headers,
    };
  const d = result as { type?: string; init?: ResponseInit | null; data?: Record<string, unknown> };
  if (d?.type === "DataWithResponseInit")
    return {
      status: d.init?.status ?? 200,
      location: null,
      data: d.data ?? {},
      headers: new Headers(d.init?.headers),
    };
  return { status: 200, location: null, data: result as Record<string, unknown>, headers: new Headers() };
}

/** A form post to `url` with the jar's cookies. */
export function postForm(url: string, jar: CookieJar, fields: Record<string, string>) {
  return new Request(url, {
    method: "POST",
    headers: { Cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

export function getPage(url: string, jar: CookieJar) {
  return new Request(url, { headers: { Cookie: jar.header() } });
}
