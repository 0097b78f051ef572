// Draws the three demo review portraits (160x160 PNG, head-and-shoulders figures on soft
// gradients) with nothing but node:zlib. Run `node prisma/seed-assets/make-avatars.mjs` to
// regenerate demo-review-1.png .. demo-review-3.png next to this file.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const SIZE = 160;
const SS = 4; // supersampling per axis: smooth edges without an anti-aliasing rasterizer
const here = path.dirname(fileURLToPath(import.meta.url));

const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
const inEllipse = (x, y, cx, cy, rx, ry) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
const inRoundRect = (x, y, x0, y0, x1, y1, r) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const inTriangle = (x, y, [ax, ay], [bx, by], [cx, cy]) => {
  const s = (px, py, qx, qy, rx, ry) => (px - rx) * (qy - ry) - (qx - rx) * (py - ry);
  const d1 = s(x, y, ax, ay, bx, by);
  const d2 = s(x, y, bx, by, cx, cy);
  const d3 = s(x, y, cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
};

/** The colour of one sample point of a portrait. */
function sample(p, x, y) {
  const skin = hex(p.skin);
  const shade = mix(skin, [0, 0, 0], 0.16);
  const hair = hex(p.hair);
  const shirt = hex(p.shirt);
  // Face and hair first (front-most), then neck and torso, then the background.
  const face = inEllipse(x, y, 80, 70, 27, 32);
  // The hairline is the edge of a lower ellipse, so the fringe curves like a real one.
  const hairline = (cy, ry) => !inEllipse(x, y, 80, cy, 25, ry);
  if (p.style === "short" && inEllipse(x, y, 80, 62, 30, 28) && (hairline(84, 30) || !face) && y < 78) return hair;
  if (p.style === "bun" && (inEllipse(x, y, 80, 31, 14, 12) || (inEllipse(x, y, 80, 60, 30, 28) && (hairline(80, 30) || !face) && y < 74))) return hair;
  if (p.style === "long" && inEllipse(x, y, 80, 60, 31, 29) && (hairline(86, 34) || !face)) return hair;
  // A soft highlight on the forehead gives the face some volume.
  if (face) return mix(skin, [255, 255, 255], Math.max(0, 0.12 - ((x - 72) ** 2 + (y - 58) ** 2) / 9000));
  if (inEllipse(x, y, 53, 72, 5, 8) || inEllipse(x, y, 107, 72, 5, 8)) return shade; // ears
  if (p.style === "long" && inRoundRect(x, y, 49, 56, 111, 124, 18)) return mix(hair, [0, 0, 0], 0.12);
  const torso = inEllipse(x, y, 80, 172, 60, 52);
  if (torso) {
    if (inTriangle(x, y, [66, 116], [94, 116], [80, 142])) return shade; // open collar
    const light = Math.max(0, (x - 40) / 160) * 0.18;
    return mix(shirt, [255, 255, 255], light);
  }
  if (inRoundRect(x, y, 68, 92, 92, 130, 8)) return shade; // neck
  const c1 = hex(p.bg[0]);
  const c2 = hex(p.bg[1]);
  const t = (x + y) / (2 * SIZE);
  const glow = Math.max(0, 1 - ((x - 48) ** 2 + (y - 40) ** 2) / 9000) * 0.22;
  return mix(mix(c1, c2, t), [255, 255, 255], glow);
}

function render(p) {
  const rows = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 3); // filter byte 0 (None) + RGB
    for (let x = 0; x < SIZE; x++) {
      let r = 0,
        g = 0,
        b = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = sample(p, x + (sx + 0.5) / SS, y + (sy + 0.5) / SS);
          r += c[0];
          g += c[1];
          b += c[2];
        }
      }
      const n = SS * SS;
      row[1 + x * 3] = Math.round(r / n);
      row[2 + x * 3] = Math.round(g / n);
      row[3 + x * 3] = Math.round(b / n);
    }
    rows.push(row);
  }
  return png(SIZE, SIZE, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(w, h, raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const PORTRAITS = [
  { file: "demo-review-1.png", bg: ["#9cc8f0", "#3a6fb5"], skin: "#f1c7a5", hair: "#5a3825", shirt: "#f4f6f9", style: "short" },
  { file: "demo-review-2.png", bg: ["#ffd3b0", "#e0755a"], skin: "#c98b63", hair: "#2b1b14", shirt: "#2f4858", style: "long" },
  { file: "demo-review-3.png", bg: ["#b7ecd4", "#37977a"], skin: "#8a5a3c", hair: "#1d1d1f", shirt: "#f2c14e", style: "bun" },
];

for (const p of PORTRAITS) {
  fs.writeFileSync(path.join(here, p.file), render(p));
  console.log(`wrote ${p.file}`);
}
