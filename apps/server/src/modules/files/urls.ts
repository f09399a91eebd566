/**
 * Authorised file URLs (issue 14): `/api/sys/common/static/<id>?exp=&u=&sig=`. The signature stands for the check
 * made when the URL was handed out (the user could read the file), so an <img>, a <video> or pdf.js can load it
 * without the session token, which never appears in a URL (it would land in logs and the browser's history).
 */
import { FILE_URL_TTL_SECONDS, cleanFileName, type FileTypeValue, type FileView } from '@mg/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StoredFileRow } from './queries';

export const STATIC_PATH = '/api/sys/common/static';

/** The HMAC key of file URLs: derived from the server's secret key, for this purpose only. */
export type UrlKey = Buffer;

function signature(key: UrlKey, id: string, exp: number, userId: number): string {
  return createHmac('sha256', key).update(`file-url:${id}:${exp}:${userId}`).digest('base64url');
}

export function signedUrl(key: UrlKey, id: string, userId: number, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + FILE_URL_TTL_SECONDS;
  return `${STATIC_PATH}/${id}?exp=${exp}&u=${userId}&sig=${signature(key, id, exp, userId)}`;
}

export function urlIsValid(key: UrlKey, id: string, q: { exp: number; u: number; sig: string }, now = Date.now()): boolean {
  if (q.exp * 1000 <= now) return false;
  const want = Buffer.from(signature(key, id, q.exp, q.u));
  const got = Buffer.from(q.sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

export function fileView(key: UrlKey, r: StoredFileRow, userId: number): FileView {
  // Names stored before they were cleaned of bidi controls are shown cleaned too.
  return { id: r.id, name: cleanFileName(r.name), type: r.type as FileTypeValue, size: r.size, biz: r.biz, url: signedUrl(key, r.id, userId), createdAt: r.createdAt.toISOString() };
}
