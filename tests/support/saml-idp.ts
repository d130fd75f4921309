// A SAML 2.0 identity provider for tests (samlify), with a key pair and self-signed certificate made by OpenSSL
// for each run. It serves its metadata on 127.0.0.1, reads the shop's AuthnRequest from the redirect the shop
// sent the browser to, and answers with a Response whose assertion it signs, or, to play a hostile or broken
// provider, one changed before or after signing (unsigned, a wrapped signature, another audience, recipient or
// destination, an expired or untimed assertion, an assertion ID used before, no request answered at all).
// Started with `{ signOn: "served" }`, its sign-on address is on its own server too (`/sso`), where a browser
// sent there with the AuthnRequest gets a page posting the signed Response for the user set by `signsIn`.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IdentityProvider, SamlLib, ServiceProvider, type ServiceProviderInstance } from "samlify";

const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const EMAIL_NAME_ID = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";

export type SamlUser = { email: string; displayName: string };
/** The shop's AuthnRequest as the provider saw it: its ID (the response's InResponseTo) and the RelayState. */
export type SeenRequest = { id: string; relayState: string | undefined };

/** What a test changes in a response; by default it is what an honest provider sends. */
export interface ResponseChange {
  audience?: string;
  recipient?: string;
  destination?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** Conditions with neither NotBefore nor NotOnOrAfter. */
  untimed?: boolean;
  assertionId?: string;
  /** "assertion" (what the shop asks for), "response" (only the envelope) or "none". */
  signing?: "assertion" | "response" | "none";
  /** Signature wrapping: an unsigned assertion for `user` put beside the signed one or around it. */
  wrap?: { user: SamlUser; placement: "beside" | "around" };
}

/** A throwaway RSA key and self-signed certificate, made by OpenSSL in a temporary directory. */
function makeKeyPair() {
  const dir = mkdtempSync(join(tmpdir(), "saml-idp-"));
  try {
    const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "2"].concat([
        "-subj",
        "/CN=Test identity provider",
        "-keyout",
        key,
        "-out",
        cert,
      ]),
      { stdio: "ignore" },
    );
    return { privateKey: readFileSync(key, "utf8"), certificate: readFileSync(cert, "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const attribute = (name: string, value: string) =>
  `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">` +
  `<saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`;

const ASSERTION = /<saml:Assertion[\s\S]*<\/saml:Assertion>/;

export interface SamlIdpOptions {
  /**
   * Where its sign-on address is: "elsewhere" (https://idp.acme.test, which only a test reading the redirect
   * answers) or "served" (`/sso` on its own 127.0.0.1 server, which a browser can be sent to).
   */
  signOn?: "elsewhere" | "served";
}

export async function startSamlIdp(options: SamlIdpOptions = {}) {
  // samlify reads no message until a schema validator is set, which the shop's SSO plugin does when it loads (a
  // well-formedness check). A served sign-on page may run where the shop does not, so it loads the same one.
  if (options.signOn === "served") await import("@better-auth/sso");
  const { privateKey, certificate } = makeKeyPair();

  // Its metadata by URL, and two addresses the shop must not take it from (a redirect, 200 KB); with a served
  // sign-on address, also the sign-on page.
  const server = http.createServer((req, res) => {
    if (req.url === "/metadata")
      res.writeHead(200, { "Content-Type": "application/samlmetadata+xml" }).end(metadata);
    else if (req.url === "/moved") res.writeHead(302, { Location: "/metadata" }).end();
    else if (req.url === "/huge") {
      // Sent in chunks with no Content-Length, so only the running count can stop it.
      res.writeHead(200, { "Content-Type": "application/xml" }).write("<a>".padEnd(100_000));
      res.end("".padEnd(100_000));
    } else if (options.signOn === "served" && req.method === "GET" && req.url?.startsWith("/sso?"))
      signOnPage(`${base}${req.url}`).then(
        (page) => res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page),
        (error: unknown) =>
          res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end(String(error)),
      );
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const entityId = "https://idp.acme.test/saml/metadata";
  const ssoUrl = options.signOn === "served" ? `${base}/sso` : "https://idp.acme.test/saml/sso";
  const idp = IdentityProvider({
    entityID: entityId,
    privateKey,
    signingCert: certificate,
    nameIDFormat: [EMAIL_NAME_ID],
    singleSignOnService: [{ Binding: REDIRECT_BINDING, Location: ssoUrl }],
  });
  const metadata = idp.getMetadata();

  let sp: ServiceProviderInstance | null = null;
  const shop = () => {
    if (!sp) throw new Error("The provider has not been given the shop's metadata (trust) yet");
    return sp;
  };

  /** The Response as XML, before any signature; `request` null: unsolicited (no InResponseTo). */
  function unsignedResponse(request: SeenRequest | null, user: SamlUser, change: ResponseChange) {
    const now = new Date();
    const acs = String(shop().entityMeta.getAssertionConsumerService("post"));
    const timed = !change.untimed;
    const statements =
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomUUID()}">` +
      "<saml:AuthnContext><saml:AuthnContextClassRef>" +
      "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport" +
      "</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>" +
      `<saml:AttributeStatement>${attribute("email", user.email)}` +
      `${attribute("displayName", user.displayName)}</saml:AttributeStatement>`;
    const template = SamlLib.defaultLoginResponseTemplate.context.replace(
      "{AuthnStatement}{AttributeStatement}",
      statements,
    );
    const notOnOrAfter = (change.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
    return SamlLib.replaceTagsByValue(template, {
      ID: `_${randomUUID()}`,
      AssertionID: change.assertionId ?? `_${randomUUID()}`,
      Destination: change.destination ?? acs,
      Audience: change.audience ?? shop().entityMeta.getEntityID(),
      SubjectRecipient: change.recipient ?? acs,
      Issuer: entityId,
      IssueInstant: now.toISOString(),
      StatusCode: SUCCESS,
      ConditionsNotBefore: timed ? (change.notBefore ?? now).toISOString() : null,
      ConditionsNotOnOrAfter: timed ? notOnOrAfter : null,
      SubjectConfirmationDataNotOnOrAfter: notOnOrAfter,
      NameIDFormat: EMAIL_NAME_ID,
      NameID: user.email,
      InResponseTo: request?.id ?? null,
    } as Record<string, string>);
  }

  const signed = (xml: string, what: "assertion" | "response") =>
    SamlLib.constructSAMLSignature({
      rawSamlMessage: xml,
      privateKey,
      signingCert: String(idp.entityMeta.getX509Certificate("signing")),
      signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
      isBase64Output: false,
      ...(what === "assertion"
        ? {
            referenceTagXPath: "/*[local-name(.)='Response']/*[local-name(.)='Assertion']",
            signatureConfig: {
              prefix: "ds",
              location: {
                reference:
                  "/*[local-name(.)='Response']/*[local-name(.)='Assertion']/*[local-name(.)='Issuer']",
                action: "after",
              },
            },
          }
        : {
            isMessageSigned: true,
            signatureConfig: {
              prefix: "ds",
              location: {
                reference: "/*[local-name(.)='Response']/*[local-name(.)='Issuer']",
                action: "after",
              },
            },
          }),
    });

  /** Who signs in at the served sign-on page next. */
  let nextUser: SamlUser | null = null;

  /** The served sign-on page: the request read, and a form posting the signed Response to the shop's ACS. */
  async function signOnPage(location: string) {
    if (!nextUser) throw new Error("Nobody signs in at the provider: call signsIn first");
    const form = await provider.respond(await provider.readRequest(location), nextUser);
    const acs = String(shop().entityMeta.getAssertionConsumerService("post"));
    const field = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${escapeXml(value)}">`;
    return (
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme sign-in</title></head><body>' +
      `<main><h1>Acme sign-in</h1><p>Signed in as ${escapeXml(nextUser.email)}.</p>` +
      `<form method="post" action="${escapeXml(acs)}">` +
      `${field("SAMLResponse", form.SAMLResponse)}${field("RelayState", form.RelayState)}` +
      '<button type="submit">Continue</button></form></main></body></html>'
    );
  }

  const provider = {
    entityId,
    ssoUrl,
    metadata,
    /** An address on the provider's own server: "/metadata", "/moved" (a redirect), "/huge" (200 KB). */
    url: (path: string) => `${base}${path}`,
    /** The shop's service-provider metadata (from its metadata endpoint), as a company registers the shop. */
    trust(spMetadata: string) {
      sp = ServiceProvider({ metadata: spMetadata });
    },
    /** Where the shop sent the browser: its AuthnRequest, read and checked by samlify. */
    async readRequest(location: string): Promise<SeenRequest> {
      const url = new URL(location);
      if (`${url.origin}${url.pathname}` !== ssoUrl) throw new Error(`Not sent to the provider: ${location}`);
      const query = Object.fromEntries(url.searchParams);
      const parsed = await idp.parseLoginRequest(shop(), "redirect", { query });
      return { id: String(parsed.extract.request?.id), relayState: query.RelayState };
    },
    /** The form the provider's page posts to the shop's ACS: the Response (base64) and the RelayState. */
    async respond(request: SeenRequest | null, user: SamlUser, change: ResponseChange = {}) {
      let xml = unsignedResponse(request, user, change);
      const signing = change.signing ?? "assertion";
      if (signing === "response") xml = signed(xml, "response");
      else if (signing === "assertion") {
        // samlify signs what the shop's metadata asks for (WantAssertionsSigned): the assertion.
        const context = await idp.createLoginResponse(
          shop(),
          { extract: { request } } as never,
          "post",
          user,
          {
            customTagReplacement: () => ({ id: "", context: xml }),
          },
        );
        xml = Buffer.from(context.context, "base64").toString("utf8");
      }
      if (change.wrap) {
        const original = xml.match(ASSERTION)![0];
        const forged = unsignedResponse(request, change.wrap.user, {
          ...change,
          assertionId: `_${randomUUID()}`,
        });
        const evil = forged.match(ASSERTION)![0];
        const wrapped =
          change.wrap.placement === "beside"
            ? evil + original
            : evil.replace(/<\/saml:Assertion>$/, `${original}</saml:Assertion>`);
        xml = xml.replace(original, wrapped);
      }
      return {
        SAMLResponse: Buffer.from(xml, "utf8").toString("base64"),
        RelayState: request?.relayState ?? "",
      };
    },
    /** Who the served sign-on page says signs in next. */
    signsIn(user: SamlUser) {
      nextUser = user;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return provider;
}
export type SamlIdp = Awaited<ReturnType<typeof startSamlIdp>>;
