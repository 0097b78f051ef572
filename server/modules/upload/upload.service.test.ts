import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.js";
import { IMAGE_NAME, mimeOf, readImage, readLimited, saveImage, sniffImage, tooLarge } from "./upload.service.js";

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = Buffer.concat([PNG_SIG, Buffer.from("0000000dIHDR", "ascii")]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

async function rejection(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error("expected a rejection");
}

describe("sniffImage", () => {
  it("recognises JPEG and PNG by their magic bytes", () => {
    expect(sniffImage(jpeg)).toBe("jpg");
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff]))).toBe("jpg");
    expect(sniffImage(png)).toBe("png");
    expect(sniffImage(PNG_SIG)).toBe("png");
  });

  it("refuses everything else, whatever it is called", () => {
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(PNG_SIG.subarray(0, 7))).toBeNull();
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00]))).toBeNull();
    expect(sniffImage(Buffer.from("GIF89a......", "ascii"))).toBeNull();
    expect(sniffImage(Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "binary"))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from("%PDF-1.7"))).toBeNull();
    // The magic must be at the start, not somewhere inside.
    expect(sniffImage(Buffer.concat([Buffer.from("x"), png]))).toBeNull();
  });
});

describe("names and types", () => {
  it("serves .png as image/png and everything else as JPEG", () => {
    expect(mimeOf("a.png")).toBe("image/png");
    expect(mimeOf("a.jpg")).toBe("image/jpeg");
    expect(mimeOf("a.jpeg")).toBe("image/jpeg");
  });

  it("server-chosen names are 32 hex digits with .jpg or .png", () => {
    expect(IMAGE_NAME.test(`${"a1".repeat(16)}.png`)).toBe(true);
    expect(IMAGE_NAME.test(`${"0".repeat(32)}.jpg`)).toBe(true);
    expect(IMAGE_NAME.test("demo-review-1.png")).toBe(false);
    expect(IMAGE_NAME.test(`${"a".repeat(32)}.jpeg`)).toBe(false);
    expect(IMAGE_NAME.test(`../${"a".repeat(32)}.png`)).toBe(false);
  });

  it("readImage never resolves a name outside the images folder", async () => {
    for (const name of ["../../etc/passwd", "..%2f..%2fetc%2fpasswd.png", "a/b.png", "x.svg", "x.png.exe", ".png", ""]) {
      expect(await readImage(name), name).toBeNull();
    }
  });
});

describe("readLimited", () => {
  it("collects a stream under the limit", async () => {
    const bytes = await readLimited(Readable.from([Buffer.from("abc"), Buffer.from("def")]), 6);
    expect(bytes.toString()).toBe("abcdef");
  });

  it("fails with PAYLOAD_TOO_LARGE as soon as the stream passes the limit", async () => {
    const e = await rejection(readLimited(Readable.from([Buffer.alloc(4), Buffer.alloc(4)]), 6));
    expect(e.code).toBe("PAYLOAD_TOO_LARGE");
    expect(e.status).toBe(413);
  });

  it("treats a stream that was cut off at the limit as too large", async () => {
    const s = Readable.from([Buffer.from("ab")]) as Readable & { truncated?: boolean };
    s.truncated = true;
    expect((await rejection(readLimited(s, 10))).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("states the limit in MB", () => {
    expect(tooLarge(5 * 1024 * 1024).message).toBe("image must be at most 5 MB");
    expect(tooLarge(1.5 * 1024 * 1024).message).toBe("image must be at most 1.5 MB");
  });
});

describe("saveImage refuses before it stores anything", () => {
  it("a missing or empty file is BAD_USER_INPUT naming the field", async () => {
    const a = await rejection(saveImage(null));
    expect([a.code, a.message]).toEqual(["BAD_USER_INPUT", "image is required"]);
    const b = await rejection(saveImage({ filename: "x.png", bytes: Buffer.alloc(0) }, "photo"));
    expect(b.message).toBe("photo is required");
  });

  it("content that is not JPEG or PNG is UNSUPPORTED_MEDIA_TYPE, even with an image name", async () => {
    const e = await rejection(saveImage({ filename: "cat.png", bytes: Buffer.from("not really a png") }));
    expect(e.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(e.status).toBe(415);
  });

  it("a real image with another extension is UNSUPPORTED_MEDIA_TYPE", async () => {
    for (const filename of ["cat.gif", "cat.png.exe", "cat.svg", "cat"]) {
      expect((await rejection(saveImage({ filename, bytes: png }))).code, filename).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("a file over the limit is PAYLOAD_TOO_LARGE", async () => {
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await rejection(saveImage({ filename: "big.png", bytes: big }))).code).toBe("PAYLOAD_TOO_LARGE");
  });
});
