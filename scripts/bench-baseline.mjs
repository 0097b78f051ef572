// The raw baseline: a plain Node http server answering the same JSON bytes from memory.
// BASELINE_HEADERS (a JSON array of [name, value]): the headers of the site's own answer instead of the two
// a bare server sends, with a fresh request id per answer as the site makes it: the floor for that answer.
import crypto from "node:crypto";
import http from "node:http";

const body = Buffer.from(process.env.BASELINE_BODY || "{}");
const site = process.env.BASELINE_HEADERS ? JSON.parse(process.env.BASELINE_HEADERS) : null;
const server = http.createServer(
  site
    ? (req, res) => {
        const head = [];
        for (const [name, value] of site) head.push(name, name === "x-request-id" ? crypto.randomUUID() : value);
        head.push("content-length", String(body.length));
        res.writeHead(200, head);
        res.end(body);
      }
    : (req, res) => {
        res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
        res.end(body);
      },
);
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
