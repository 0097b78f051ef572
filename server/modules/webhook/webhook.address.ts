import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { readEnv } from "../../core/config.js";

/**
 * Where webhook deliveries may go. A webhook is an admin-chosen URL that the server calls and whose
 * answer it logs, so by default it may not reach this machine or its private network (loopback,
 * private ranges, link-local such as cloud metadata at 169.254.169.254, carrier-grade NAT,
 * multicast and reserved ranges, their IPv6 counterparts and IPv4-mapped forms).
 * WEBHOOK_ALLOW_PRIVATE=true lifts this for receivers on the company's own network.
 * Checked on the address actually connected to, after DNS, so a name cannot resolve around it.
 */
const blocked = new net.BlockList();
for (const [a, p] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(a, p, "ipv4");
for (const [a, p] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(a, p, "ipv6");

const allowPrivateWebhooks = () => readEnv("WEBHOOK_ALLOW_PRIVATE");

/** Whether an IP address (v4 or v6, IPv4-mapped included) is local, private or reserved. */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, "ipv4");
  if (family === 6) {
    if (blocked.check(ip, "ipv6")) return true;
    // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) addresses reach the IPv4 address they embed.
    const embedded = embeddedIpv4(ip);
    return embedded !== null && blocked.check(embedded, "ipv4");
  }
  return false;
}

/** The IPv4 address inside a NAT64 or 6to4 address, or null. */
function embeddedIpv4(ip: string): string | null {
  const words = ipv6Words(ip);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) return v4(words[6], words[7]);
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  return null;
}

/** The eight 16-bit words of an IPv6 address (a dotted IPv4 tail included), or null. */
function ipv6Words(ip: string): number[] | null {
  let text = ip.split("%")[0].toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const b = dotted[1].split(".").map(Number);
    text = text.slice(0, -dotted[1].length) + `${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  const all = [...h, ...Array(Math.max(0, fill)).fill("0"), ...t].map((w) => parseInt(w, 16));
  return all.length === 8 && all.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? all : null;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

/**
 * Why this URL may not be registered, judged without DNS (an IP literal or a localhost name), or null.
 * Names are judged again, resolved, at every delivery.
 */
export function refusedTarget(raw: string): string | null {
  if (allowPrivateWebhooks()) return null;
  let host: string;
  try {
    host = hostOf(new URL(raw));
  } catch {
    return null;
  }
  if (host === "localhost" || host.endsWith(".localhost") || isPrivateAddress(host)) return host;
  return null;
}

class PrivateAddressError extends Error {
  code = "EPRIVATEADDRESS";
}
const refusal = (host: string, ip: string) =>
  new PrivateAddressError(`${host} is ${host === ip ? "" : `${ip}, `}a local or private address; set WEBHOOK_ALLOW_PRIVATE=true to deliver there`);

/** dns.lookup that refuses local and private addresses (http.request calls it for names, not for IP literals). */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return (callback as (e: Error) => void)(err);
    const list = addresses as dns.LookupAddress[];
    const bad = allowPrivateWebhooks() ? undefined : list.find((a) => isPrivateAddress(a.address));
    if (bad) return (callback as (e: Error) => void)(refusal(hostname, bad.address));
    if ((options as dns.LookupOptions).all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    (callback as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
  });
};

export type PostResult = { status: number; body: string };

/**
 * POSTs `body` to `raw` with these headers: no redirects followed, at most `maxBody` characters of the
 * answer read, the whole exchange bounded by `timeoutMs` (rejects with a TimeoutError).
 */
export function postTo(raw: string, headers: Record<string, string>, body: string, timeoutMs: number, maxBody = 2000): Promise<PostResult> {
  return new Promise((resolve, reject) => {
    const url = new URL(raw);
    const host = hostOf(url);
    if (net.isIP(host) && isPrivateAddress(host) && !allowPrivateWebhooks()) return reject(refusal(host, host));
    const request = url.protocol === "https:" ? https.request : http.request;
    const req = request(url, { method: "POST", headers: { ...headers, "Content-Length": Buffer.byteLength(body) }, lookup: guardedLookup }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        if (text.length >= maxBody) {
          res.destroy();
          finish();
        }
      });
      const finish = () => resolve({ status: res.statusCode ?? 0, body: text.slice(0, maxBody) });
      res.on("end", finish);
      res.on("error", reject);
    });
    const timer = setTimeout(() => {
      const e = new Error(`no answer within ${timeoutMs} ms`);
      e.name = "TimeoutError";
      req.destroy(e);
    }, timeoutMs);
    req.on("error", reject);
    req.on("close", () => clearTimeout(timer));
    req.end(body);
  });
}
