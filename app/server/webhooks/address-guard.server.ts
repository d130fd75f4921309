// Keeps webhooks off the shop's own network (SSRF): a URL is checked when it is saved, and again at every
// delivery after its host name is resolved; the request then connects to the very address that was checked, so a
// name that resolves elsewhere a moment later (DNS rebinding) cannot slip past.
import dns from "node:dns";
import { BlockList, isIP } from "node:net";
import { WEBHOOK_URL_MAX_LENGTH } from "~/schemas/webhooks";

export class WebhookAddressError extends Error {
  override name = "WebhookAddressError";
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Every address a host name resolves to; tests hand in their own to stand in for DNS. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: LookupAll = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * Loopback, private, link-local (cloud metadata at 169.254.169.254), unspecified, CGNAT (100.100.100.200 is a
 * metadata address too), benchmark, documentation, multicast and reserved ranges; for IPv6 also ULA, link-local,
 * site-local, and every form that carries an IPv4 address inside (mapped, NAT64, 6to4, Teredo), which could
 * name a private one.
 */
const blockedV4 = new BlockList();
// Kept apart: a BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules, which would block every one.
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blockedV4.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0", 96],
  ["::", 96], // IPv4-compatible (deprecated)
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blockedV6.addSubnet(network, prefix, "ipv6");

/** True when a request to this IP address could reach the shop's own network. */
export function isForbiddenAddress(address: string) {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 6 ? blockedV6.check(address, "ipv6") : blockedV4.check(address, "ipv4");
}

const LOOKUP_TIMEOUT_MS = 5000;

/** Names that only ever mean this machine or its local network. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
const isAllowed = (url: URL, allowedHosts: readonly string[]) =>
  allowedHosts.includes(bareHost(url)) || allowedHosts.includes(url.hostname.toLowerCase());

/**
 * The URL as stored: parsed, normalised (lower-case scheme and host, punycode, percent-encoded path, no
 * fragment), https unless the host is allowed, no user name or password, and no address or local name the
 * delivery would refuse anyway. Throws WebhookAddressError with a message for the owner.
 */
export function normaliseWebhookUrl(raw: string, allowedHosts: readonly string[]) {
  const input = raw.trim();
  if (input.length > WEBHOOK_URL_MAX_LENGTH)
    throw new WebhookAddressError(`The URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
  if (!URL.canParse(input)) throw new WebhookAddressError("Enter a full URL starting with https://");
  const url = new URL(input);
  url.hash = "";
  checkUrlShape(url, allowedHosts);
  const host = bareHost(url);
  if (!isAllowed(url, allowedHosts)) {
    if (isIP(host) ? isForbiddenAddress(host) : LOCAL_NAME.test(host))
      throw new WebhookAddressError("The URL must point to a public address, not a local or private one");
  }
  if (url.href.length > WEBHOOK_URL_MAX_LENGTH)
    throw new WebhookAddressError(`The URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
  return url.href;
}

function checkUrlShape(url: URL, allowedHosts: readonly string[]) {
  const allowed = isAllowed(url, allowedHosts);
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:"))
    throw new WebhookAddressError("The URL must start with https://");
  if (url.username || url.password)
    throw new WebhookAddressError("The URL may not contain a user name or password");
  if (!url.hostname) throw new WebhookAddressError("Enter a full URL starting with https://");
}

/**
 * The address to connect to for this URL, checked now: an IP literal as it is, a name through `lookup`, refused
 * when any address it resolves to is forbidden (unless the host is allowed by name).
 */
export async function resolveWebhookTarget(
  url: URL,
  opts: { allowedHosts: readonly string[]; lookup?: LookupAll },
): Promise<ResolvedAddress> {
  checkUrlShape(url, opts.allowedHosts);
  const allowed = isAllowed(url, opts.allowedHosts);
  const host = bareHost(url);
  const literal = isIP(host);
  if (literal) {
    if (!allowed && isForbiddenAddress(host))
      throw new WebhookAddressError(`refused: ${host} is a local or private address`);
    return { address: host, family: literal === 6 ? 6 : 4 };
  }
  let addresses: ResolvedAddress[];
  let timer: NodeJS.Timeout | undefined;
  try {
    // A resolver that hangs counts against the same 5 s as a receiver that does.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timed out")), LOOKUP_TIMEOUT_MS);
    });
    addresses = await Promise.race([(opts.lookup ?? systemLookup)(host), timeout]);
  } catch {
    throw new WebhookAddressError(`${host} could not be resolved`);
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) throw new WebhookAddressError(`${host} could not be resolved`);
  if (!allowed) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad)
      throw new WebhookAddressError(
        `refused: ${host} resolves to ${bad.address}, a local or private address`,
      );
  }
  return addresses[0]!;
}
