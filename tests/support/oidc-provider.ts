// An OpenID Connect provider on 127.0.0.1 for tests (oauth2-mock-server): real discovery, keys, authorization codes
// with PKCE, signed ID tokens and userinfo. A test says who signs in next (their claims), and may tamper with the
// ID token's claims before it is signed to play a hostile or broken provider.
import { OAuth2Server } from "oauth2-mock-server";

export type Claims = { sub: string; email: string; name: string; email_verified?: boolean | string };

export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  // It names itself localhost; the shop allows the address it listens on (SSO_ALLOWED_HOSTS=127.0.0.1).
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  let claims: Claims = { sub: "nobody", email: "nobody@example.com", name: "Nobody" };
  let tamper: Record<string, unknown> | null = null;
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
    Object.assign(token.payload, tamper);
  });
  server.service.on("beforeUserinfo", (response: { body: Record<string, unknown> }) => {
    response.body = { ...claims };
  });
  return {
    issuer: server.issuer.url!,
    /** Who the provider says signs in next. */
    signsIn(next: Claims) {
      claims = next;
      tamper = null;
    },
    /** Overrides claims of the next ID token before it is signed (issuer, audience, expiry...). */
    tamperWithIdToken(claims: Record<string, unknown>) {
      tamper = claims;
    },
    close: () => server.stop(),
  };
}
export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;
