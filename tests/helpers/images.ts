import { solidPng } from "../../server/core/png.js";

/** A valid RGB PNG of one colour, for upload tests. */
export const makePng = (width = 8, height = 8, rgb: [number, number, number] = [200, 80, 20]): Buffer => solidPng(width, height, rgb);

/** A GraphQL multipart request (graphql-upload spec) with one file variable. */
export function gqlUpload(query: string, variables: Record<string, unknown>, fileVar: string, file: Buffer, filename: string): FormData {
  const fd = new FormData();
  fd.append("operations", JSON.stringify({ query, variables: { ...variables, [fileVar]: null } }));
  fd.append("map", JSON.stringify({ "0": [`variables.${fileVar}`] }));
  fd.append("0", new Blob([new Uint8Array(file)], { type: filename.endsWith(".png") ? "image/png" : "image/jpeg" }), filename);
  return fd;
}
