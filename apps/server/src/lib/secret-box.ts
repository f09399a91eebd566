/**
 * Seals secrets the server must later read in clear (HMAC key secrets, webhook signing secrets): AES-256-GCM with
 * a server key, so a database dump alone does not reveal them. Sealed form: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;

export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new RangeError(`secret key must be ${KEY_BYTES} bytes`);
    this.#key = key;
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** A key for one purpose (signing file URLs ...), derived from the server key: one secret to keep, not several. */
  derive(purpose: string): Buffer {
    return createHmac('sha256', this.#key).update(`derive:${purpose}`).digest();
  }

  /**
   * Names the key without revealing it (an HMAC of a fixed label): recorded in the database, so an instance started
   * with another key is refused (db/secret-key.ts), and shown in logs and messages to tell keys apart.
   */
  fingerprint(): string {
    return createHmac('sha256', this.#key).update('mg:secret-key-fingerprint:v1').digest('hex');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** The server key and where it came from (said in the message that refuses a key the database does not know). */
export interface LoadedSecretKey {
  key: Buffer;
  source: string;
}

/** Thrown when a key file does not hold a key; `message` is the one line for the operator. */
export class SecretKeyFileError extends Error {
  override readonly name = 'SecretKeyFileError';
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

function readKeyFile(file: string): Buffer {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!HEX_KEY.test(text)) throw new SecretKeyFileError(`The secret key file ${file} must hold 64 hex characters (32 bytes)`);
  return Buffer.from(text, 'hex');
}

/**
 * SECRET_KEY when given; else SECRET_KEY_FILE (a file every instance reads: a mounted secret); else
 * `${dataDir}/secret.key`, created (mode 600) on first start. Several instances on one database must all have the same
 * key: the database refuses any other (db/secret-key.ts).
 */
export function loadSecretKey(opts: { secretKey?: string | undefined; secretKeyFile?: string | undefined; dataDir: string }): LoadedSecretKey {
  if (opts.secretKey) return { key: Buffer.from(opts.secretKey, 'hex'), source: 'SECRET_KEY' };
  if (opts.secretKeyFile) {
    if (!fs.existsSync(opts.secretKeyFile)) throw new SecretKeyFileError(`SECRET_KEY_FILE ${opts.secretKeyFile} does not exist`);
    return { key: readKeyFile(opts.secretKeyFile), source: `SECRET_KEY_FILE ${opts.secretKeyFile}` };
  }
  const file = path.join(opts.dataDir, 'secret.key');
  if (fs.existsSync(file)) return { key: readKeyFile(file), source: file };
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return { key, source: `${file}, generated at this start` };
}
