import zlib from "node:zlib";

type RGB = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A valid RGB PNG whose pixel colours come from `pixel(x, y)`. */
function encodePng(width: number, height: number, pixel: (x: number, y: number) => RGB): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc(height * (1 + width * 3));
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const solidPng = (width: number, height: number, rgb: RGB) => encodePng(width, height, () => rgb);

let tile: Buffer | undefined;
/**
 * A plain map tile (land colour with a faint grid) for the local tile route, so pages with
 * a map can be measured and shown on machines that cannot reach a tile server.
 */
export function plainTile(): Buffer {
  tile ??= encodePng(256, 256, (x, y) => (x % 64 === 0 || y % 64 === 0 ? [214, 222, 230] : [232, 237, 242]));
  return tile;
}
