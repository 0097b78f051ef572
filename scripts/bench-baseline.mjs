// The raw baseline: a plain Node http server answering the same JSON bytes from memory.
import http from "node:http";

const body = Buffer.from(process.env.BASELINE_BODY || "{}");
const server = http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
