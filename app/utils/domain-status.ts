// What a company's Sign-in tab says about one of its e-mail domains: derived from whether it is verified, whether
// the company has an identity provider, and whether single sign-on is required for it.
export function domainStatus(d: { verified: boolean; requireSso: boolean }, hasProvider: boolean) {
  if (!d.verified) return "Not verified yet: add the TXT record below at your DNS host, then check it.";
  if (!hasProvider) return "Verified. Add your identity provider to let its people sign in through it.";
  if (d.requireSso) return "Verified. Single sign-on is required: its people cannot sign in by password.";
  return "Verified. Its people may sign in by password or through your identity provider.";
}
