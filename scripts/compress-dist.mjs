// After the client build: brotli and gzip copies of every text asset, served by @fastify/static
// (preCompressed) to clients that accept them. Done once at build time, so it costs no request time.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = path.resolve(process.argv[2] || "dist/client");
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
let saved = 0;
function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (TEXT.test(e.name)) {
      const raw = fs.readFileSync(p);
      if (raw.length < 1024) continue;
      const br = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
      const gz = zlib.gzipSync(raw, { level: 9 });
      fs.writeFileSync(`${p}.br`, br);
      fs.writeFileSync(`${p}.gz`, gz);
      saved += raw.length - br.length;
    }
  }
}
walk(dir);
console.log(`compress-dist: brotli saves ${Math.round(saved / 1024)} KiB over the text assets`);
