import { isIPv4, isIPv6 } from "node:net";

// Whom a rate limit counts. The client's address itself comes from the server (TRUST_PROXY says
// which X-Forwarded-For hops to believe, see src/server/config-values.ts); here it becomes a key.

/**
 * The key a rate limit counts an address under. One IPv6 host usually owns a whole /64 and can
 * change its address within it at will, so IPv6 addresses count by their /64; IPv4-mapped IPv6
 * addresses (`::ffff:192.0.2.1`) count as the IPv4 address they are.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIPv6(address: string): string[] {
  const [withoutZone = ""] = address.split("%");
  const [head = "", tail] = withoutZone.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) =>
    group.toLowerCase().padStart(4, "0"),
  );
}
