/**
 * Dictionaries: value lists with texts in the caller's language. Only codes registered in the domain
 * (isDictCode, DICT_CODE_RE) AND present in the database answer; anything else, notably the Jeecg
 * `table,text,code` form that reached raw SQL in the system the spec came from, is a 400 DICT_UNKNOWN.
 */
import { DICT_CODE_RE, DomainError, isDictCode, type DictItemView, type Language } from '@mg/domain';
import type { Db } from '../../db/pool';
import { t } from '../../lib/i18n';
import { selectAllDictItems, selectDictCodes, selectDictItems, type DictItemRow } from './queries';

export const DICT_CACHE_TTL_MS = 60_000;
export const LOAD_DICT_LIMIT = 50;

/** The values `loadDictItem` asks for: comma separated, trimmed, empty ones dropped. */
export function dictKeysOf(key: string): string[] {
  return key
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

interface CacheEntry<T> {
  at: number;
  value: T;
}

export class DictService {
  private readonly items = new Map<string, CacheEntry<DictItemView[] | null>>();
  private all = new Map<Language, CacheEntry<Record<string, DictItemView[]>>>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = DICT_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws DICT_UNKNOWN unless `code` is a registered dictionary code. */
  assertCode(code: string): void {
    if (!DICT_CODE_RE.test(code) || !isDictCode(code)) throw new DomainError('DICT_UNKNOWN', { dict: code.slice(0, 64) });
  }

  private view(lang: Language, row: DictItemRow): DictItemView {
    const text = row.text ?? t(lang, row.textKey);
    return { value: row.value, text, title: text, label: text };
  }

  private fresh<T>(entry: CacheEntry<T> | undefined): entry is CacheEntry<T> {
    return entry !== undefined && this.now() - entry.at < this.ttlMs;
  }

  async getItems(code: string, lang: Language): Promise<DictItemView[]> {
    this.assertCode(code);
    const key = `${lang}\u0000${code}`;
    let entry = this.items.get(key);
    if (!this.fresh(entry)) {
      const rows = await selectDictItems(this.db, code);
      entry = { at: this.now(), value: rows ? rows.map((r) => this.view(lang, r)) : null };
      this.items.set(key, entry);
    }
    if (!entry.value) throw new DomainError('DICT_UNKNOWN', { dict: code });
    return entry.value;
  }

  /** Texts of the given values, in their order; an unknown value answers itself (as the old system did). */
  async loadDictItem(code: string, keys: readonly string[], lang: Language): Promise<string[]> {
    const items = await this.getItems(code, lang);
    const byValue = new Map(items.map((i) => [i.value, i.text]));
    return keys.map((k) => byValue.get(k) ?? k);
  }

  /** Items whose text or value contains `keyword`, ignoring case; at most LOAD_DICT_LIMIT. */
  async loadDict(code: string, keyword: string | undefined, lang: Language): Promise<DictItemView[]> {
    const items = await this.getItems(code, lang);
    const needle = (keyword ?? '').trim().toLocaleLowerCase(lang);
    const hits = needle
      ? items.filter((i) => i.value.toLocaleLowerCase(lang).includes(needle) || i.text.toLocaleLowerCase(lang).includes(needle))
      : items;
    return hits.slice(0, LOAD_DICT_LIMIT);
  }

  async queryAll(lang: Language): Promise<Record<string, DictItemView[]>> {
    let entry = this.all.get(lang);
    if (!this.fresh(entry)) {
      const [codes, rows] = await Promise.all([selectDictCodes(this.db), selectAllDictItems(this.db)]);
      const out: Record<string, DictItemView[]> = {};
      for (const c of codes) if (isDictCode(c)) out[c] = [];
      for (const r of rows) out[r.dictCode]?.push(this.view(lang, r));
      entry = { at: this.now(), value: out };
      this.all.set(lang, entry);
    }
    return entry.value;
  }

  clearCache(): void {
    this.items.clear();
    this.all = new Map();
  }
}
