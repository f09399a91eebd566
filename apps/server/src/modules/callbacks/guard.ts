/**
 * SSRF guard of callback targets. A merchant chooses the callback URL, so without a guard it could make the gateway
 * POST into its own network (databases, admin panels, the cloud metadata service). Each attempt:
 *   1. parses the URL: http or https only;
 *   2. resolves the host name ONCE (getaddrinfo, like any client) and refuses when ANY address is loopback,
 *      private (RFC 1918, fc00::/7), link-local (incl. the metadata address 169.254.169.254), CGNAT, 0.0.0.0/8,
 *      multicast, reserved or documentation space (IPv4-mapped and NAT64 IPv6 forms are judged by their IPv4);
 *   3. answers the checked address, and the transport (./worker.ts) connects to exactly that address (the
 *      socket's `lookup` is pinned), so a DNS answer that changes between check and connect (DNS rebinding) cannot
 *      redirect the request. TLS still verifies the certificate against the host name (SNI = host name).
 * With ALLOW_PRIVATE_CALLBACKS=true (local testing) step 2 accepts every address; steps 1 and 3 still apply.
 * Redirects are never followed (a 3xx is a failed attempt), so a public host cannot bounce the request inward.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';
import { CallbackErrorCode, type CallbackErrorCodeValue } from '@mg/domain';

export type AddressKind =
  | 'unspecified'
  | 'this_network'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link_local'
  | 'metadata'
  | 'unique_local'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'benchmark';

interface Range {
  bytes: number[];
  prefix: number;
  kind: AddressKind;
}

function v4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** 16 bytes of an IPv6 address (with an optional trailing dotted IPv4 part). */
function v6Bytes(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0] ?? '';
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    tail.push(...v4Bytes(dotted[1]));
    text = text.slice(0, -dotted[1].length) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const h = head ? head.split(':') : [];
  const r = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const groups = rest === undefined ? h : [...h, ...Array<string>(8 - h.length - r.length).fill('0'), ...r];
  const bytes = groups.flatMap((g) => {
    const n = parseInt(g || '0', 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const range = (cidr: string, kind: AddressKind): Range => {
  const [ip = '', prefix = '0'] = cidr.split('/');
  return { bytes: net.isIPv4(ip) ? v4Bytes(ip) : v6Bytes(ip), prefix: Number(prefix), kind };
};

/** Most specific first: the first match names the kind. */
const V4_RANGES: Range[] = [
  range('169.254.169.254/32', 'metadata'),
  range('0.0.0.0/8', 'this_network'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'cgnat'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link_local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'),
  range('192.0.2.0/24', 'documentation'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'benchmark'),
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'),
];

const V6_RANGES: Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('fc00::/7', 'unique_local'),
  range('fe80::/10', 'link_local'),
  range('fec0::/10', 'reserved'),
  range('ff00::/8', 'multicast'),
  range('2001:db8::/32', 'documentation'),
  range('100::/64', 'reserved'),
];

function inRange(bytes: number[], r: Range): boolean {
  if (bytes.length !== r.bytes.length) return false;
  let bits = r.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((r.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** Why an address may not be called back, or null when it is public. Not an IP at all: 'reserved'. */
export function blockedKind(ip: string): AddressKind | null {
  if (net.isIPv4(ip)) {
    const b = v4Bytes(ip);
    return V4_RANGES.find((r) => inRange(b, r))?.kind ?? null;
  }
  if (!net.isIPv6(ip)) return 'reserved';
  const b = v6Bytes(ip);
  const embedsV4 =
    // ::ffff:a.b.c.d (IPv4-mapped), 64:ff9b::a.b.c.d (NAT64), ::a.b.c.d (IPv4-compatible, deprecated)
    (b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff) ||
    inRange(b, range('64:ff9b::/96', 'reserved')) ||
    (b.slice(0, 12).every((x) => x === 0) && !(b.slice(12, 15).every((x) => x === 0) && (b[15] ?? 0) <= 1));
  if (embedsV4) return blockedKind(b.slice(12).join('.'));
  return V6_RANGES.find((r) => inRange(b, r))?.kind ?? null;
}

export interface ResolvedTarget {
  url: URL;
  /** The checked address the request must connect to. */
  address: string;
  family: 4 | 6;
}

export class TargetRefused extends Error {
  override readonly name = 'TargetRefused';
  constructor(
    readonly code: CallbackErrorCodeValue,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Parses and resolves a callback URL once and checks every address; answers the address to connect to, or throws
 * TargetRefused (INVALID_URL, DNS_FAILED, BLOCKED_ADDRESS).
 */
export async function resolveTarget(
  rawUrl: string,
  opts: { allowPrivate: boolean; resolver?: Resolver },
): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new TargetRefused(CallbackErrorCode.INVALID_URL, rawUrl.slice(0, 200));
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw new TargetRefused(CallbackErrorCode.INVALID_URL, `${url.protocol}//${url.hostname}`.slice(0, 200));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');

  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await (opts.resolver ?? systemResolver)(host);
    } catch (err) {
      throw new TargetRefused(CallbackErrorCode.DNS_FAILED, `${host} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    if (addresses.length === 0) throw new TargetRefused(CallbackErrorCode.DNS_FAILED, `${host} (no address)`);
  }
  if (!opts.allowPrivate) {
    for (const a of addresses) {
      const kind = blockedKind(a.address);
      if (kind) throw new TargetRefused(CallbackErrorCode.BLOCKED_ADDRESS, `${host} -> ${a.address} ${kind}`);
    }
  }
  const first = addresses[0];
  if (!first) throw new TargetRefused(CallbackErrorCode.DNS_FAILED, host);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
