// The shop's own cookies (cart, referral, toast): httpOnly and SameSite=Lax always, Secure when the site is
// served over https, so a cookie never travels over plain http once the site has an https address.
import { type CookieParseOptions, type CookieSerializeOptions, createCookie } from "react-router";

let secure = false;

/** Called once at start with whether PUBLIC_URL is https. */
export function setSecureCookies(on: boolean) {
  secure = on;
}

export function appCookie(name: string, maxAgeSeconds: number) {
  const cookie = createCookie(name, { path: "/", httpOnly: true, sameSite: "lax", maxAge: maxAgeSeconds });
  return {
    name,
    parse: (header: string | null, options?: CookieParseOptions) => cookie.parse(header, options),
    serialize: (value: unknown, options?: CookieSerializeOptions) =>
      cookie.serialize(value, { secure, ...options }),
  };
}
