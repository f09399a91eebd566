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

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** SECRET_KEY when given; else the key in `${dataDir}/secret.key`, created (mode 600) on first start. */
export function loadSecretKey(secretKeyHex: string | undefined, dataDir: string): Buffer {
  if (secretKeyHex) return Buffer.from(secretKeyHex, 'hex');
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
