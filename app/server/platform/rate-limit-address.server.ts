// Which client a per-address limit counts. One home, phone or server usually owns a whole IPv6 /64 and can pick
// any address in it, so counting single IPv6 addresses would give one client 2^64 allowances.
import { isIPv4, isIPv6 } from "node:net";

/**
 * The client address as every per-address limit keys it: IPv4 as it is, an IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`, as a dual-stack socket reports it) as that IPv4 address, any other IPv6 address as its
 * /64 prefix. Anything else (`unknown`) is kept as it is.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, ""); // a zone id (fe80::1%eth0) names no other client
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const g = hextets(address);
  if (g.slice(0, 5).every((h) => h === 0) && g[5] === 0xffff)
    return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join(".");
  return `${g
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, '::' expanded and an IPv4 tail made two groups. */
function hextets(address: string): number[] {
  let text = address;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((h) => Number.parseInt(h, 16));
}
