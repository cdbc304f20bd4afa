import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import type { TrustProxy } from "../config";

// Each request's id: in every log line of the request (Fastify's `reqId`), in the X-Request-Id
// answer header, stored with the lead it brings, and carried by that lead's emails and webhook.
//
// An incoming X-Request-Id is taken only from a proxy TRUST_PROXY trusts, and only when it looks
// like an id: a reverse proxy that sets one (nginx's $request_id) then ties its access log to
// ours. From anyone else it is ignored, since a client could otherwise choose ids that collide
// with other requests' or forge lines in a log reader's view.

const incomingPattern = /^[A-Za-z0-9._:-]{8,128}$/;

/** Whether the peer itself (hop 0) is a proxy TRUST_PROXY trusts. */
export function trustsPeer(trustProxy: TrustProxy, peer: string | undefined): boolean {
  if (!peer || trustProxy === false) return false;
  if (trustProxy === true) return true;
  if (typeof trustProxy === "function") return trustProxy(peer, 0);
  const address = peer.startsWith("::ffff:") && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
  const list = new BlockList();
  for (const entry of trustProxy.split(",")) {
    if (entry === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    if (entry === "linklocal") {
      list.addSubnet("169.254.0.0", 16, "ipv4");
      list.addSubnet("fe80::", 10, "ipv6");
      continue;
    }
    if (entry === "uniquelocal") {
      for (const [net, bits] of [
        ["10.0.0.0", 8],
        ["172.16.0.0", 12],
        ["192.168.0.0", 16],
      ] as const) {
        list.addSubnet(net, bits, "ipv4");
      }
      list.addSubnet("fc00::", 7, "ipv6");
      continue;
    }
    const [net = "", prefix] = entry.split("/");
    const family = isIP(net) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(net, family);
    else list.addSubnet(net, Number(prefix), family);
  }
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** Fastify's `genReqId`: the trusted proxy's X-Request-Id, else a new UUID. */
export function requestIdGenerator(trustProxy: TrustProxy) {
  return (request: IncomingMessage): string => {
    const incoming = request.headers["x-request-id"];
    if (
      typeof incoming === "string" &&
      incomingPattern.test(incoming) &&
      trustsPeer(trustProxy, request.socket.remoteAddress)
    ) {
      return incoming;
    }
    return randomUUID();
  };
}
