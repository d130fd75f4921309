// What the request log may say about a URL: the path only, as query strings carry secrets (reset, verification
// and order links), with any path segment that is a secret token replaced by ':token'.

/** Routes whose next path segment is a secret. */
const SECRET_AFTER = ["/api/auth/reset-password/", "/api/auth/verify-email/", "/api/auth/magic-link/"];
/** A long mixed-case run of letters and digits is a random token, never a slug (lower case) or a UUID (hex). */
const RANDOM_TOKEN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z0-9_-]{20,}$/;

export function loggedPath(url: string | undefined) {
  const path = (url ?? "").slice(0, 2048).split(/[?#]/, 1)[0]!;
  const prefix = SECRET_AFTER.find((p) => path.startsWith(p));
  if (prefix) return `${prefix}:token`;
  return path
    .split("/")
    .map((segment) => (RANDOM_TOKEN.test(segment) ? ":token" : segment))
    .join("/");
}
