// The production server's settings, read from the environment (README, Configuration).

export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY, Fastify's `trustProxy`: unset or `false` (no proxy: the client is the peer),
 * `true` (trust every X-Forwarded-For hop), a number of proxies in front, or their addresses and
 * CIDR ranges, comma-separated (`127.0.0.1,10.0.0.0/8`).
 */
export function trustProxySetting(value: string | undefined): TrustProxy {
  const setting = value?.trim();
  if (!setting || setting === "false") return false;
  if (setting === "true") return true;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  return setting;
}

export function portSetting(value: string | undefined): number {
  if (!value) return 9000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, not "${value}"`);
  }
  return port;
}
