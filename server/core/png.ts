import { PNG } from "pngjs";

type RGB = readonly [number, number, number];

/** A PNG whose pixel colours come from `pixel(x, y)` (pngjs encodes it). */
function encodePng(width: number, height: number, pixel: (x: number, y: number) => RGB): Buffer {
  const png = new PNG({ width, height, colorType: 2, inputHasAlpha: true });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const o = (y * width + x) * 4;
      png.data[o] = r;
      png.data[o + 1] = g;
      png.data[o + 2] = b;
      png.data[o + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: 2, deflateLevel: 9 });
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
