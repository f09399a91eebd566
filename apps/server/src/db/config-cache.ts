/**
 * In-memory copies of the configuration rows every open API call reads (its key, its merchant, the products and fee
 * rules of a collection), so the payment path does not read them from the database each time (issue 10).
 *
 * Freshness without a timer or a listener: the database keeps a version counter that a trigger raises in the
 * transaction of every write to those tables (migration 0008), and every open API call reads it in the statement
 * that claims its nonce (a round trip it makes anyway). An entry is used only under the version it was read at, so a
 * request sees every configuration change committed before its nonce statement, on every server instance. After a
 * change every entry is read again once (configuration changes are rare, payments are not).
 *
 * Values are shared between requests: callers must not change them.
 */
export class ConfigCache {
  private readonly entries = new Map<string, { version: string; value: unknown }>();
  private readonly maxEntries: number;

  constructor(opts: { maxEntries?: number } = {}) {
    this.maxEntries = opts.maxEntries ?? 10_000;
  }

  /** The value of `key` as of `version`: the copy read under that version, else `load()` (kept for the next call). */
  async get<T>(key: string, version: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value as T;
    const value = await load();
    this.set(key, version, value);
    return value;
  }

  /**
   * The copy of `key` under whatever version it was read, before the caller knows the current one (the key check
   * runs before the nonce statement); the caller confirms it with `isCurrent` once it knows the version.
   */
  peek<T>(key: string): { version: string; value: T } | undefined {
    return this.entries.get(key) as { version: string; value: T } | undefined;
  }

  isCurrent(key: string, version: string): boolean {
    return this.entries.get(key)?.version === version;
  }

  set(key: string, version: string, value: unknown): void {
    const hit = this.entries.get(key);
    // An older version never replaces a newer copy (two requests racing across a change).
    if (hit && BigInt(hit.version) > BigInt(version)) return;
    if (!hit && this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { version, value });
  }
}

/** A read through the cache when the caller has one and knows the version, else straight from the database. */
export function readConfig<T>(config: ConfigRead | undefined, key: string, load: () => Promise<T>): Promise<T> {
  return config ? config.cache.get(key, config.version, load) : load();
}

/** The cache and the configuration version a request read with its nonce. */
export interface ConfigRead {
  cache: ConfigCache;
  version: string;
}
