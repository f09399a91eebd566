/**
 * The content hash of each review item of an application (issue 40; domain onboarding/review.ts): SHA-256 of the
 * item's canonical text, its files named by the SHA-256 of their stored bytes. Taken with every decision and at every
 * submission, so a resubmission keeps exactly the acceptances whose content did not change.
 */
import { fileIdsOf, reviewContent, reviewKeys, type ApplicationData } from '@mg/domain';
import { createHash } from 'node:crypto';
import type { DbLike } from '../../db/pool';
import { selectMerchantFiles, type StoredFileRow } from '../files/queries';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function contentHashes(db: DbLike, merchantId: number, data: ApplicationData): Promise<Record<string, string>> {
  return hashesOf(data, await selectMerchantFiles(db, merchantId, fileIdsOf(data)));
}

/** The same from the application's files already read (the view reads them for their URLs). */
export function hashesOf(data: ApplicationData, files: readonly Pick<StoredFileRow, 'id' | 'sha256'>[]): Record<string, string> {
  const digests = new Map(files.map((f) => [f.id, f.sha256]));
  // A file no longer stored (deleted) is named by its id: unchanged while it is the same id, never equal to a file.
  const digest = (id: string) => digests.get(id) ?? `missing:${id}`;
  return Object.fromEntries(reviewKeys(data).map((key) => [key, sha256(reviewContent(data, key, digest))]));
}
