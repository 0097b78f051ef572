import crypto from "node:crypto";

/**
 * Automatic persisted queries (Apollo's protocol): a client sends `extensions.persistedQuery.sha256Hash`
 * without the document; on PERSISTED_QUERY_NOT_FOUND it sends both once, and from then on the hash alone
 * (by POST, or by GET for queries, which a CDN can cache). One store for Apollo (its `persistedQueries.cache`,
 * keys `apq:<hash>`) and the fast path (server/graphql/fastpath.ts), so a document registered through either
 * is found by both. Bounded by the documents' total length, least recently used dropped first.
 */
export class PersistedQueries {
  private entries = new Map<string, string>();
  private chars = 0;
  constructor(private readonly maxChars = 2_000_000) {}

  /** The document registered under this hash (hex SHA-256 of its text), if any. */
  lookup(hash: string): string | undefined {
    const key = `apq:${hash}`;
    const query = this.entries.get(key);
    if (query !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, query);
    }
    return query;
  }

  /** Registers a document under its hash; false when the hash is not the document's. */
  register(hash: string, query: string): boolean {
    if (sha256(query) !== hash.toLowerCase()) return false;
    this.put(`apq:${hash.toLowerCase()}`, query);
    return true;
  }

  private put(key: string, value: string) {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.chars -= old.length;
    }
    for (const [k, v] of this.entries) {
      if (this.chars + value.length <= this.maxChars) break;
      this.entries.delete(k);
      this.chars -= v.length;
    }
    this.entries.set(key, value);
    this.chars += value.length;
  }

  // Apollo's KeyValueCache interface.
  async get(key: string): Promise<string | undefined> {
    return key.startsWith("apq:") ? this.lookup(key.slice(4)) : this.entries.get(key);
  }
  async set(key: string, value: string): Promise<void> {
    this.put(key, value);
  }
  async delete(key: string): Promise<boolean> {
    const old = this.entries.get(key);
    if (old === undefined) return false;
    this.entries.delete(key);
    this.chars -= old.length;
    return true;
  }
}

export const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
