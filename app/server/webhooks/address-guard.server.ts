// Keeps webhooks off the shop's own network (SSRF): a URL is checked when it is saved, and again at every
// delivery after its host name is resolved; the request then connects to the very address that was checked, so a
// name that resolves elsewhere a moment later (DNS rebinding) cannot slip past. Refusals never name the address a
// host resolved to (that would show the shop's internal DNS to a customer), and only the https port is reachable,
// so the shop cannot be used to scan ports.
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

const LOOKUP_TIMEOUT_MS = 5000;

/**
 * Public names through DNS with a resolver of their own (A and AAAA): its queries time out by themselves and are
 * cancelled outright at `timeoutMs`, so a name server that never answers holds nothing, unlike the system lookup,
 * whose thread cannot be stopped. `servers` stands in for the system's name servers in tests.
 */
export function resolverLookup(opts: { timeoutMs?: number; servers?: string[] } = {}): LookupAll {
  const timeoutMs = opts.timeoutMs ?? LOOKUP_TIMEOUT_MS;
  return async (hostname) => {
    // Two tries, the second given twice the first's time (c-ares doubles it): the whole budget between them.
    const resolver = new dns.promises.Resolver({ timeout: Math.ceil(timeoutMs / 3), tries: 2 });
    if (opts.servers) resolver.setServers(opts.servers);
    const timer = setTimeout(() => resolver.cancel(), timeoutMs);
    try {
      const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
      if (v4.status === "rejected" && v6.status === "rejected") throw v4.reason;
      return [
        ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
        ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
      ];
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Names in WEBHOOK_ALLOWED_HOSTS (development and tests: localhost, a container's name) are the operator's own
 * local names, often only in /etc/hosts, so they go through the system lookup.
 */
const localLookup: LookupAll = async (hostname) =>
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

const publicLookup = resolverLookup();

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

const PORT_REFUSED = "Webhooks are only sent to the standard https port (443): remove the port from the URL";

const privateRefusal = (host: string) =>
  new WebhookAddressError(`refused: ${host} points to a private address`);

function checkUrlShape(url: URL, allowedHosts: readonly string[]) {
  const allowed = isAllowed(url, allowedHosts);
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:"))
    throw new WebhookAddressError("The URL must start with https://");
  if (url.username || url.password)
    throw new WebhookAddressError("The URL may not contain a user name or password");
  if (!url.hostname) throw new WebhookAddressError("Enter a full URL starting with https://");
  // URL drops a default port (":443" for https), so any port left names another one. Allowed hosts keep any
  // port: the local receivers of tests and development listen on whatever port they were given.
  if (url.port && !allowed) throw new WebhookAddressError(PORT_REFUSED);
}

/**
 * The address to connect to for this URL, checked now: an IP literal as it is, a name through `lookup` (DNS, or
 * the system lookup for an allowed host), refused when any address it resolves to is forbidden (unless the host
 * is allowed by name).
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
    if (!allowed && isForbiddenAddress(host)) throw privateRefusal(host);
    return { address: host, family: literal === 6 ? 6 : 4 };
  }
  // A local name is refused before any lookup, as when it is saved.
  if (!allowed && LOCAL_NAME.test(host)) throw privateRefusal(host);
  let addresses: ResolvedAddress[];
  try {
    addresses = await (opts.lookup ?? (allowed ? localLookup : publicLookup))(host);
  } catch {
    throw new WebhookAddressError(`${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new WebhookAddressError(`${host} could not be resolved`);
  if (!allowed && addresses.some((a) => isForbiddenAddress(a.address))) throw privateRefusal(host);
  return addresses[0]!;
}
