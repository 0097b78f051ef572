import type { IncomingMessage } from "node:http";
import net from "node:net";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyRequest } from "fastify";

/**
 * The key under which abuse limits count a client, for both doors. The address is the one
 * Fastify derives from the connection and the proxies TRUST_PROXY names (never a hop the client
 * could write itself: see trustProxySetting). An IPv6 client is counted per /64, the block one
 * subscriber gets; an IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function clientKey(req: FastifyRequest): string {
  return addressKey(req.ip);
}

export function addressKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  if (!ip.includes(":")) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (net.isIPv6(ip)) return `${ipv6Prefix64(ip)}::/64`;
  return ip;
}

/** The first four groups of an IPv6 address, written out in full. */
function ipv6Prefix64(ip: string): string {
  const bare = ip.split("%")[0];
  const [head, tail = ""] = bare.includes("::") ? bare.split("::") : [bare, ""];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  // A trailing dotted IPv4 part takes two groups.
  const groupsOf = (parts: string[]) => parts.reduce((n, p) => n + (p.includes(".") ? 2 : 1), 0);
  const missing = 8 - groupsOf(h) - groupsOf(t);
  const all = [...h, ...Array(Math.max(0, missing)).fill("0"), ...t];
  return all
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(":");
}

export type TrustProxy = false | string | ((address: string, hop: number) => boolean);

/**
 * Fastify's trustProxy from TRUST_PROXY. "true" trusts one proxy hop (the peer that connects to
 * us, whose right-most X-Forwarded-For entry is then the client), never every hop: the left-most
 * entries are whatever the client wrote. A number N trusts N hops; anything else is a list of
 * proxy addresses or CIDR blocks. (Fastify's own number option trusts nothing; hence a function.)
 */
export function trustProxySetting(value: string): TrustProxy {
  const v = value.trim();
  if (!v || v === "false") return false;
  const hops = v === "true" ? 1 : /^\d+$/.test(v) ? Number(v) : undefined;
  if (hops === undefined) return v;
  return (_address, hop) => hop < hops;
}

/** The client's address of a raw request (a WebSocket upgrade, which Fastify does not see), read as Fastify reads req.ip with this trust. */
export function rawClientIp(req: IncomingMessage, trust: TrustProxy): string | undefined {
  if (trust === false) return req.socket.remoteAddress;
  const all = proxyAddr.all(req, typeof trust === "function" ? trust : proxyAddr.compile(trust.split(",").map((v) => v.trim())));
  return all[all.length - 1];
}
