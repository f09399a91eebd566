/**
 * IP whitelist entries: an IPv4 or IPv6 address, optionally with a CIDR prefix (`203.0.113.7`, `203.0.113.0/24`,
 * `2001:db8::/32`). Parsing validates and normalises; matching uses node:net BlockList. IPv4-mapped IPv6 caller
 * addresses (`::ffff:203.0.113.7`, as a dual-stack socket reports them) match IPv4 entries.
 */
import { BlockList, isIP } from 'node:net';

export type IpFamily = 'ipv4' | 'ipv6';

export interface IpRule {
  family: IpFamily;
  /** The address part, as node:net normalises it is not needed: BlockList compares numerically. */
  address: string;
  /** Prefix length: 32 / 128 for a single address. */
  prefix: number;
}

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** A caller address in the form BlockList checks: IPv4-mapped IPv6 becomes IPv4; null when not an address. */
export function normalizeAddress(
  addr: string | undefined | null,
): { address: string; family: IpFamily } | null {
  if (!addr) return null;
  const s = addr.trim();
  const mapped = MAPPED_V4.exec(s);
  if (mapped && isIP(mapped[1]!) === 4) return { address: mapped[1]!, family: 'ipv4' };
  const v = isIP(s);
  if (v === 4) return { address: s, family: 'ipv4' };
  if (v === 6 && !s.includes('%')) return { address: s.toLowerCase(), family: 'ipv6' };
  return null;
}

/** Parses one whitelist entry; null when it is not a valid address or CIDR block. */
export function parseIpRule(entry: string): IpRule | null {
  const s = entry.trim();
  if (s === '' || s.length > 64) return null;
  const slash = s.indexOf('/');
  const addrPart = slash < 0 ? s : s.slice(0, slash);
  const prefixPart = slash < 0 ? undefined : s.slice(slash + 1);
  const v = isIP(addrPart);
  if (v === 0 || addrPart.includes('%')) return null;
  const family: IpFamily = v === 4 ? 'ipv4' : 'ipv6';
  const max = v === 4 ? 32 : 128;
  let prefix = max;
  if (prefixPart !== undefined) {
    if (!/^\d{1,3}$/.test(prefixPart)) return null;
    prefix = Number(prefixPart);
    if (prefix > max) return null;
  }
  return { family, address: family === 'ipv6' ? addrPart.toLowerCase() : addrPart, prefix };
}

/** Canonical text of a rule: `addr` for a single address, `addr/prefix` otherwise. */
export function formatIpRule(rule: IpRule): string {
  const max = rule.family === 'ipv4' ? 32 : 128;
  return rule.prefix === max ? rule.address : `${rule.address}/${rule.prefix}`;
}

/** A matcher for a list of entries (invalid entries are ignored: the list is validated when saved). */
export function ipMatcher(entries: readonly string[]): (addr: string | undefined | null) => boolean {
  const list = new BlockList();
  let count = 0;
  for (const e of entries) {
    const r = parseIpRule(e);
    if (!r) continue;
    list.addSubnet(r.address, r.prefix, r.family);
    count += 1;
  }
  return (addr) => {
    if (count === 0) return false;
    const a = normalizeAddress(addr);
    return a !== null && list.check(a.address, a.family);
  };
}

/** True when `addr` matches one of `entries`. */
export function ipListContains(entries: readonly string[], addr: string | undefined | null): boolean {
  return ipMatcher(entries)(addr);
}
