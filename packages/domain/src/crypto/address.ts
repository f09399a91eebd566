/**
 * Crypto address checks, so nothing is ever sent to the wrong network (issue 13): the format and checksum of each
 * network (TRON base58check with its 0x41 prefix, Ethereum hex with the EIP-55 mixed-case checksum, Bitcoin
 * base58check or bech32), and an address of another network named as such ("this is a TRON address").
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { AddressFormat, NETWORKS, type CryptoNetworkValue } from './networks';

/** Why an address is refused; each has a message `crypto.address.<problem>` in six languages. */
export const AddressProblem = { EMPTY: 'empty', FORMAT: 'format', CHECKSUM: 'checksum', OTHER_NETWORK: 'otherNetwork' } as const;
export type AddressProblemValue = (typeof AddressProblem)[keyof typeof AddressProblem];

export type AddressCheck =
  | { ok: true; address: string }
  | { ok: false; problem: AddressProblemValue; messageKey: string; params: Record<string, string> };

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_PREFIX = 0x41;
const BTC_VERSIONS = [0x00, 0x05];
const HEX40 = /^0x[0-9a-fA-F]{40}$/;

function base58Decode(s: string): Uint8Array | null {
  let n = 0n;
  for (const ch of s) {
    const v = BASE58.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const ch of s) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

function base58CheckEncode(payload: Uint8Array): string {
  const sum = sha256(sha256(payload)).slice(0, 4);
  return base58Encode(Uint8Array.from([...payload, ...sum]));
}

/**
 * The address of a 20-byte key hash on a network, as that network writes it: TRON base58check with its 0x41 prefix,
 * Ethereum EIP-55, Bitcoin P2PKH base58check. The sandbox chain derives each order's deposit address this way.
 */
export function addressOf(network: CryptoNetworkValue, keyHash: Uint8Array): string {
  if (keyHash.length !== 20) throw new Error('a key hash is 20 bytes');
  switch (NETWORKS[network].addressFormat) {
    case AddressFormat.TRON_BASE58:
      return base58CheckEncode(Uint8Array.from([TRON_PREFIX, ...keyHash]));
    case AddressFormat.ETH_HEX:
      return toChecksumAddress(`0x${[...keyHash].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
    case AddressFormat.BTC:
      return base58CheckEncode(Uint8Array.from([0x00, ...keyHash]));
  }
}

/** The payload of a base58check string when its 4-byte double-SHA-256 checksum matches, else null. */
function base58CheckPayload(s: string): { payload: Uint8Array } | 'format' | 'checksum' {
  const raw = base58Decode(s);
  if (!raw || raw.length < 5) return 'format';
  const payload = raw.slice(0, -4);
  const sum = sha256(sha256(payload)).slice(0, 4);
  return sum.every((b, i) => b === raw[raw.length - 4 + i]) ? { payload } : 'checksum';
}

/** EIP-55: the mixed-case form of a hex address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? (lower[i] as string).toUpperCase() : lower[i];
  }
  return out;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bech32Polymod(values: number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i] as number;
  }
  return chk >>> 0;
}

/** A bc1 segwit address: bech32 (witness v0) or bech32m (v1+) checksum. */
function bech32Check(address: string): 'ok' | 'format' | 'checksum' {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return 'format';
  const a = address.toLowerCase();
  const sep = a.lastIndexOf('1');
  if (sep < 1 || a.slice(0, sep) !== 'bc' || a.length - sep - 1 < 7 || a.length > 90) return 'format';
  const data: number[] = [];
  for (const ch of a.slice(sep + 1)) {
    const v = BECH32.indexOf(ch);
    if (v < 0) return 'format';
    data.push(v);
  }
  const hrp = a.slice(0, sep);
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const mod = bech32Polymod([...expanded, ...data]);
  const version = data[0] ?? -1;
  const expected = version === 0 ? 1 : 0x2bc830a3;
  return mod === expected ? 'ok' : 'checksum';
}

/** Which network an address looks like it belongs to, from its shape alone (for the "other network" message). */
function lookalike(address: string): CryptoNetworkValue | null {
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return 'TRON';
  if (HEX40.test(address)) return 'ETH';
  if (/^(bc1|BC1)[0-9a-zA-Z]{11,87}$/.test(address) || /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return 'BTC';
  return null;
}

function refuse(problem: AddressProblemValue, network: CryptoNetworkValue, other?: CryptoNetworkValue): AddressCheck {
  const params: Record<string, string> = { network: NETWORKS[network].name, example: NETWORKS[network].addressExample };
  if (other) params.other = NETWORKS[other].name;
  return { ok: false, problem, messageKey: `crypto.address.${problem}`, params };
}

/**
 * Checks an address for a network. A well-formed address of another network is refused as such; Ethereum answers
 * its checksummed form (an all-lower or all-upper address carries no checksum and is accepted, as wallets do).
 */
export function checkCryptoAddress(network: CryptoNetworkValue, input: string): AddressCheck {
  const address = input.trim();
  if (!address) return refuse(AddressProblem.EMPTY, network);
  const looks = lookalike(address);
  if (looks && looks !== network) return refuse(AddressProblem.OTHER_NETWORK, network, looks);
  switch (NETWORKS[network].addressFormat) {
    case AddressFormat.TRON_BASE58: {
      if (looks !== 'TRON') return refuse(AddressProblem.FORMAT, network);
      const r = base58CheckPayload(address);
      if (r === 'format') return refuse(AddressProblem.FORMAT, network);
      if (r === 'checksum') return refuse(AddressProblem.CHECKSUM, network);
      return r.payload.length === 21 && r.payload[0] === TRON_PREFIX ? { ok: true, address } : refuse(AddressProblem.FORMAT, network);
    }
    case AddressFormat.ETH_HEX: {
      if (!HEX40.test(address)) return refuse(AddressProblem.FORMAT, network);
      const body = address.slice(2);
      const checksummed = toChecksumAddress(address);
      if (body !== body.toLowerCase() && body !== body.toUpperCase() && checksummed !== address) return refuse(AddressProblem.CHECKSUM, network);
      return { ok: true, address: checksummed };
    }
    case AddressFormat.BTC: {
      if (/^bc1/i.test(address)) {
        const r = bech32Check(address);
        return r === 'ok' ? { ok: true, address: address.toLowerCase() } : refuse(r === 'checksum' ? AddressProblem.CHECKSUM : AddressProblem.FORMAT, network);
      }
      if (looks !== 'BTC') return refuse(AddressProblem.FORMAT, network);
      const r = base58CheckPayload(address);
      if (r === 'format') return refuse(AddressProblem.FORMAT, network);
      if (r === 'checksum') return refuse(AddressProblem.CHECKSUM, network);
      return r.payload.length === 21 && BTC_VERSIONS.includes(r.payload[0] as number) ? { ok: true, address } : refuse(AddressProblem.FORMAT, network);
    }
  }
}
