const hashes = new Map<string, Promise<string | null>>();

/**
 * Hex SHA-256 of an operation's text, for automatic persisted queries (the server keeps documents by this
 * hash). Web Crypto exists only in secure contexts (https, localhost): elsewhere null, and the caller sends
 * the document itself. Each text is hashed once.
 */
export function sha256Hex(text: string): Promise<string | null> {
  let h = hashes.get(text);
  if (!h) {
    const subtle = globalThis.crypto?.subtle;
    h = subtle
      ? subtle.digest("SHA-256", new TextEncoder().encode(text)).then(
          (d) => Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join(""),
          () => null,
        )
      : Promise.resolve(null);
    hashes.set(text, h);
  }
  return h;
}
