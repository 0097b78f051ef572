/**
 * A bounded map of ready views, oldest entries evicted first. Entries carry the version they
 * were built from; a lookup passes the current version when it has one (PostgreSQL, where
 * other processes write too) and gets null when the entry is stale.
 */
export class ViewCache<T> {
  private entries = new Map<string, { value: T; version: number }>();
  constructor(private readonly max: number) {}

  get(key: string, version?: number): T | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (version !== undefined && e.version !== version) {
      this.entries.delete(key);
      return null;
    }
    return e.value;
  }

  set(key: string, value: T, version: number): void {
    // A size of 0 keeps nothing (the cache turned off).
    if (this.max <= 0) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, version });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
