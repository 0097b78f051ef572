import type { Readable } from "node:stream";
import GraphQLUpload from "graphql-upload/GraphQLUpload.mjs";
import { readLimited, tooLarge, type IncomingFile } from "../modules/upload/upload.service.js";

export { GraphQLUpload };

/** What graphql-upload resolves an Upload argument to. */
export interface FileUpload {
  filename: string;
  mimetype: string;
  encoding: string;
  createReadStream(): Readable;
}

/** Reads a GraphQL upload into the form the upload service takes (size-limited). */
export async function fromUpload(upload: Promise<FileUpload> | FileUpload | null | undefined, field = "image"): Promise<IncomingFile | null> {
  if (!upload) return null;
  const f = await upload;
  try {
    return { filename: f.filename, bytes: await readLimited(f.createReadStream(), undefined, field) };
  } catch (e) {
    // graphql-upload stops a file at maxFileSize with an http-errors 413 of its own.
    if ((e as { status?: number }).status === 413) throw tooLarge(undefined, field);
    throw e;
  }
}
