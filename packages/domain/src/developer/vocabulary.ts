/** Developer parameters: limits and the IP whitelist entry check (the server checks the same). */

/** Longest name of an open API key. */
export const API_KEY_NAME_MAX_LENGTH = 64;
/** Longest callback address (collection / payout). */
export const CALLBACK_URL_MAX_LENGTH = 512;
/** Most entries of a merchant's IP whitelist. */
export const IP_WHITELIST_MAX_ENTRIES = 50;

function isIpv4Address(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function isIpv6Address(s: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(s) || !s.includes(':')) return false;
  let body = s;
  if (s.includes('.')) {
    // An embedded IPv4 tail (::ffff:192.0.2.1) counts as the last two groups.
    const cut = s.lastIndexOf(':');
    if (!isIpv4Address(s.slice(cut + 1))) return false;
    body = `${s.slice(0, cut + 1)}0:0`;
  }
  const hex = /^[0-9A-Fa-f]{1,4}$/;
  const halves = body.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 2) {
    const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
    return groups.every((g) => hex.test(g)) && groups.length <= 7;
  }
  const groups = body.split(':');
  return groups.length === 8 && groups.every((g) => hex.test(g));
}

/**
 * One IP whitelist entry: an IPv4 or IPv6 address, optionally with a CIDR prefix (`203.0.113.0/24`,
 * `2001:db8::/32`). No zone ids, no leading zeros in IPv4 octets. Surrounding white space is ignored.
 */
export function isIpWhitelistEntry(value: string): boolean {
  const text = value.trim();
  const [address = '', prefix, extra] = text.split('/');
  if (extra !== undefined) return false;
  const v4 = isIpv4Address(address);
  if (!v4 && !isIpv6Address(address)) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

/**
 * The widest range a whitelist may name (issue 8): a shorter prefix (`0.0.0.0/0`, `::/0`, `10.0.0.0/8`) would let
 * most of the internet in and defeat the whitelist.
 */
export const IP_WHITELIST_MIN_PREFIX = { v4: 16, v6: 32 } as const;

/** The smallest prefix allowed for an entry's family (an entry without a prefix is one address). */
export function ipWhitelistMinPrefix(value: string): number {
  return isIpv4Address(value.trim().split('/')[0] ?? '') ? IP_WHITELIST_MIN_PREFIX.v4 : IP_WHITELIST_MIN_PREFIX.v6;
}

/** A syntactically valid entry whose range is wider than IP_WHITELIST_MIN_PREFIX allows. */
export function isIpWhitelistTooWide(value: string): boolean {
  if (!isIpWhitelistEntry(value)) return false;
  const prefix = value.trim().split('/')[1];
  return prefix !== undefined && Number(prefix) < ipWhitelistMinPrefix(value);
}

/** Where a documented open API field travels (the documentation page's call reference). */
export const DOC_FIELD_PLACES = ['path', 'query', 'body'] as const;

/**
 * What a documented field's rule says (read from its request schema); the page words it in the user's language:
 * oneOf and pattern and default and format carry `text`, the others their bounds.
 */
export const DOC_RULES = ['oneOf', 'format', 'length', 'range', 'greater', 'items', 'pattern', 'default'] as const;
