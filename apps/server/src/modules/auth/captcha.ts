/**
 * Sign-in captcha: an SVG of 4 characters for a client-made checkKey, kept hashed in the `captcha` table for
 * 2 minutes and answered once (any instance can check it). CAPTCHA=off disables the check (local automation).
 * The generator is injectable so tests can know the text without reading anything back from the server.
 */
import { CAPTCHA_CHECK_KEY_RE } from '@mg/domain';
import type { Db } from '../../db/pool';
import { purgeStaleCaptchas, putCaptcha, takeCaptcha } from './queries';
import { sha256, sameHash } from './tokens';

export const CAPTCHA_TTL_MS = 120_000;
export const CAPTCHA_LENGTH = 4;
/** Client-made keys (domain auth/calls.ts): letters, digits, `_` and `-` (login tickets use a `:` prefix). */
export const CHECK_KEY_RE = CAPTCHA_CHECK_KEY_RE;

export interface CaptchaImage {
  text: string;
  svg: string;
}
export type CaptchaGenerator = () => CaptchaImage | Promise<CaptchaImage>;

/** svg-captcha (and the font it parses) is loaded by the first challenge, not at start: ~11 MB an idle server keeps. */
export const svgCaptchaGenerator: CaptchaGenerator = async () => {
  const { default: svgCaptcha } = await import('svg-captcha');
  const c = svgCaptcha.create({ size: CAPTCHA_LENGTH, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f5f7fa' });
  return { text: c.text, svg: c.data };
};

const answerHash = (text: string) => sha256(`captcha:${text.trim().toLowerCase()}`);

export class CaptchaService {
  constructor(
    readonly enabled: boolean,
    private readonly generate: CaptchaGenerator = svgCaptchaGenerator,
  ) {}

  /** A new challenge for `checkKey` (replacing an earlier one); answers the image as a data URL. */
  async issue(db: Db, checkKey: string): Promise<string> {
    const { text, svg } = await this.generate();
    const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
    await putCaptcha(db, checkKey, answerHash(text), expiresAt);
    await purgeStaleCaptchas(db);
    return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
  }

  /** Consumes the challenge (one use, right or wrong); true when the answer matches and it has not expired. */
  async check(db: Db, checkKey: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!this.enabled) return true;
    if (!checkKey || !answer || !CHECK_KEY_RE.test(checkKey)) return false;
    const row = await takeCaptcha(db, checkKey);
    return Boolean(row && row.expiresAt.getTime() > Date.now() && sameHash(row.codeHash, answerHash(answer)));
  }
}
