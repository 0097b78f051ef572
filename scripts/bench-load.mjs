// The load generator, run as its own process: autocannon against one target, JSON result on stdout.
// Arg: a JSON file { url, method, path | paths[] | items[{ path, headers? }], bodies?, headers?, connections, duration }
// Latencies are taken from every response (autocannon's own histogram keeps whole milliseconds of
// 2xx answers only), so p50/p99 are exact to the microsecond and include 404s.
import fs from "node:fs";
import autocannon from "autocannon";

const o = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const pick = () => o.paths[Math.floor(Math.random() * o.paths.length)];
const bodies = o.bodies;
let latencies = new Float64Array(1 << 18);
let n = 0;
// The generator's own CPU time while it loads the server: near a whole core, the generator (not the server) sets the pace.
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const instance = autocannon({
  url: o.url,
  connections: o.connections ?? 32,
  duration: o.duration ?? 10,
  pipelining: 1,
  requests: [
    {
      method: o.method ?? "GET",
      headers: o.headers ?? {},
      setupRequest(req) {
        if (o.items) {
          // Requests that differ in more than the path (a conditional request's If-None-Match).
          const it = o.items[Math.floor(Math.random() * o.items.length)];
          req.path = it.path;
          if (it.headers) req.headers = { ...o.headers, ...it.headers };
        } else if (bodies) {
          req.body = bodies[Math.floor(Math.random() * bodies.length)];
          req.path = o.path;
        } else {
          req.path = o.paths ? pick() : o.path;
        }
        return req;
      },
    },
  ],
});
instance.on("response", (_client, _status, _bytes, ms) => {
  if (n === latencies.length) {
    const more = new Float64Array(latencies.length * 2);
    more.set(latencies);
    latencies = more;
  }
  latencies[n++] = ms;
});
const result = await instance;
const cpu = process.cpuUsage(cpu0);
const seconds = (performance.now() - t0) / 1000;
const sorted = latencies.subarray(0, n).sort();
const at = (q) => (n ? Math.round(sorted[Math.min(n - 1, Math.floor(q * n))] * 100) / 100 : 0);
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    total: n,
    p50: at(0.5),
    p99: at(0.99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds,
    cores: (cpu.user + cpu.system) / 1e6 / seconds,
  }),
);
