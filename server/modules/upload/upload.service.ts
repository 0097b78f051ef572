import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { invalidate, onInvalidate } from "../../core/bus.js";
import { config } from "../../core/config.js";
import { AppError, badInput } from "../../core/errors.js";
import { db, provider } from "../../db/index.js";

/** A file as either door hands it over: the client's name and the bytes, already size-checked. */
export interface IncomingFile {
  filename: string;
  bytes: Buffer;
}

const ALLOWED_EXT = /\.(jpe?g|png)$/i;
export const IMAGE_NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

/** Reads a stream into memory, failing with 413 (naming the field) once it passes the upload limit. */
export async function readLimited(stream: Readable, max = config().uploadMaxBytes, field = "image"): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw tooLarge(max, field);
    }
    chunks.push(chunk as Buffer);
  }
  if ((stream as { truncated?: boolean }).truncated) throw tooLarge(max, field);
  return Buffer.concat(chunks);
}

export const tooLarge = (max = config().uploadMaxBytes, field = "image") =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `${field} must be at most ${max >= 1024 * 1024 ? `${Math.floor((max / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(max / 1024)} KB`}`,
  );

/** JPEG or PNG by content (magic bytes), whatever the name says. */
export function sniffImage(bytes: Buffer): "jpg" | "png" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  return null;
}

export const mimeOf = (name: string) => (name.endsWith(".png") ? "image/png" : "image/jpeg");

const imagesDir = () => path.join(config().uploadsDir, "images");

/** Checks and stores an image under a server-chosen name; returns that name. */
export async function saveImage(file: IncomingFile | null | undefined, field = "image"): Promise<string> {
  if (!file || !file.bytes || file.bytes.length === 0) throw badInput(`${field} is required`);
  if (file.bytes.length > config().uploadMaxBytes) throw tooLarge();
  const kind = sniffImage(file.bytes);
  if (!kind) throw new AppError("UNSUPPORTED_MEDIA_TYPE", `${field} must be a JPEG or PNG image (.jpg, .jpeg, .png)`);
  if (file.filename && !ALLOWED_EXT.test(file.filename)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `${field} must be a .jpg, .jpeg or .png file`);
  }
  const name = `${crypto.randomBytes(16).toString("hex")}.${kind}`;
  await fs.mkdir(imagesDir(), { recursive: true });
  await fs.writeFile(path.join(imagesDir(), name), file.bytes);
  // Several processes sharing PostgreSQL may not share a disk: keep the bytes in the database too.
  if (provider() === "postgresql") {
    await db().storedImage.create({ data: { name, mime: mimeOf(name), data: new Uint8Array(file.bytes) } });
  }
  return name;
}

export async function removeImage(name: string): Promise<void> {
  if (!IMAGE_NAME.test(name)) return; // demo or foreign names are never resolved to paths
  await fs.rm(path.join(imagesDir(), name), { force: true });
  if (provider() === "postgresql") {
    await db().storedImage.deleteMany({ where: { name } });
    // Other processes may keep a copy read from the database on their own disk.
    await invalidate("image", [name]);
  }
}

// Only on PostgreSQL (the bus's only database), where the database holds every image and a process's
// disk only copies: drop the copies of images removed elsewhere (all of them when notifications may
// have been missed; they are read again).
onInvalidate("image", (names) => {
  void (async () => {
    const local = names === "all" ? await fs.readdir(imagesDir()).catch(() => [] as string[]) : names;
    await Promise.all(local.filter((n) => IMAGE_NAME.test(n)).map((n) => fs.rm(path.join(imagesDir(), n), { force: true })));
  })();
});

/** The bytes of a stored image, from disk or (on PostgreSQL) from the database; null when unknown. */
export async function readImage(name: string): Promise<Buffer | null> {
  if (!/^[A-Za-z0-9_-]+\.(jpg|jpeg|png)$/.test(name)) return null;
  try {
    return await fs.readFile(path.join(imagesDir(), name));
  } catch {
    if (provider() !== "postgresql") return null;
    const row = await db().storedImage.findUnique({ where: { name } });
    if (!row) return null;
    const bytes = Buffer.from(row.data);
    await fs.mkdir(imagesDir(), { recursive: true });
    await fs.writeFile(path.join(imagesDir(), name), bytes).catch(() => undefined);
    return bytes;
  }
}

/** Copies a shipped image (demo content) into the uploads folder under its own name. */
export async function importImage(name: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(imagesDir(), { recursive: true });
  await fs.writeFile(path.join(imagesDir(), name), bytes);
  if (provider() === "postgresql") {
    await db().storedImage.upsert({ where: { name }, create: { name, mime: mimeOf(name), data: new Uint8Array(bytes) }, update: {} });
  }
}
