/** Longest side of a delivery photo after shrinking: plenty for a doorstep, far below the upload limit. */
const MAX_SIDE = 1600;
const SHRINK_ABOVE_BYTES = 1_500_000;

/**
 * A phone camera's photo is often several megabytes: shrink it to a JPEG of at most 1600 px before
 * sending. Files the browser cannot decode (or small ones) go as they are; the server checks them.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const c = document.createElement("canvas");
    c.width = Math.round(bitmap.width * scale);
    c.height = Math.round(bitmap.height * scale);
    c.getContext("2d")!.drawImage(bitmap, 0, 0, c.width, c.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((r) => c.toBlob(r, "image/jpeg", 0.85));
    return blob && blob.size < file.size ? new File([blob], "photo.jpg", { type: "image/jpeg" }) : file;
  } catch {
    return file;
  }
}
