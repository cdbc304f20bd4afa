import { isIPv4, isIPv6 } from "node:net";

// Whom a rate limit counts. Behind a reverse proxy every request comes from the proxy, and the
// client's address is in X-Forwarded-For; but anyone can send that header, so it is read only
// when TRUST_PROXY says how many proxies of our own stand in front of the server.

/**
 * `TRUST_PROXY`: unset, `0` or `false` trusts no proxy (the socket's address counts); `true` or
 * `1` one proxy (nginx, a load balancer); `N` a chain of N proxies of our own.
 */
export function trustedProxyCount(value: string | undefined): number {
  const setting = value?.trim().toLowerCase() ?? "";
  if (setting === "" || setting === "false" || setting === "0") return 0;
  if (setting === "true") return 1;
  const count = Number(setting);
  if (!Number.isInteger(count) || count < 0) {
    throw new Error(`TRUST_PROXY must be true, false or a number of proxies, not "${value}"`);
  }
  return count;
}

/**
 * The client's address: the socket's own, or with N trusted proxies the address the outermost
 * of them saw (the Nth entry from the right of socket + X-Forwarded-For). Entries a client wrote
 * itself sit further left and are never read.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string {
  const chain = [
    ...(Array.isArray(forwardedFor) ? forwardedFor : [forwardedFor ?? ""])
      .flatMap((header) => header.split(","))
      .map((entry) => entry.trim())
      .filter(Boolean),
    socketAddress ?? "",
  ];
  const index = Math.max(0, chain.length - 1 - trustedProxies);
  return chain[index] || "unknown";
}

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
