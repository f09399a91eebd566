/**
 * Uploads (docs/onboarding-api.md "Uploads"): a multipart file streamed to a scratch file of this instance while it is
 * counted and hashed, then checked by what its bytes are against its biz (type and size) and by its structure (a
 * file no viewer could open is refused), images stripped of their metadata, and streamed into the file store (shared
 * by every instance: lib/files/storage.ts) under a new id. Nothing is kept of a refused upload, and the scratch file
 * goes once the request ends. Who may read a file: users of its merchant (documents and videos: with the onboarding
 * permission) and platform staff.
 */
import { FILE_BIZ, FILE_BIZ_RULES, FileBiz, Perm, UPLOAD_BIZ_DEFAULT, cleanFileName, isImageType, type FileBizValue, type FileTypeValue, type FileView } from '@mg/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { holds, requireAuth, type AuthSession } from '../auth';
import { KeyedError, notFound } from '../../lib/admin';
import { sniff, SNIFF_BYTES } from '../../lib/files/sniff';
import { isOpenable } from '../../lib/files/structure';
import { stripMetadata, UnreadableImageError } from '../../lib/files/strip';
import { scratchFile } from '../../lib/files/storage';
import { filesWithoutBytes, insertFile, selectFile, type StoredFileRow } from './queries';
import { fileView } from './urls';

const MB = 1024 * 1024;

/** What a streamed part came to: its size, hash, first bytes, and whether it ran over the limit. */
interface Received {
  size: number;
  sha256: string;
  head: Buffer;
  truncated: boolean;
}

async function receive(part: MultipartFile, to: string): Promise<Received> {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      hash.update(chunk);
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  await pipeline(part.file, counter, fs.createWriteStream(to, { mode: 0o600 }));
  return { size, sha256: hash.digest('hex'), head, truncated: part.file.truncated };
}

const tooLarge = (biz: FileBizValue) => new KeyedError('FILE_TOO_LARGE', 'error.fileTooLarge', { maxMb: FILE_BIZ_RULES[biz].maxBytes / MB });
const typeRefused = () => new KeyedError('FILE_TYPE_NOT_ALLOWED', 'error.fileTypeNotAllowed');
const unreadable = () => new KeyedError('FILE_UNREADABLE', 'error.fileUnreadable');

/** Whether the staged file has the structure of its type (lib/files/structure.ts), read where needed. */
async function openable(path: string, type: FileTypeValue, size: number): Promise<boolean> {
  const file = await fsp.open(path, 'r');
  try {
    return await isOpenable(type, size, async (position, length) => {
      const n = Math.max(0, Math.min(length, size - position));
      const buf = Buffer.alloc(n);
      const { bytesRead } = await file.read(buf, 0, n, position);
      return buf.subarray(0, bytesRead);
    });
  } finally {
    await file.close();
  }
}

export async function storeUpload(app: FastifyInstance, req: FastifyRequest): Promise<FileView> {
  const auth = requireAuth(req);
  let biz: string = UPLOAD_BIZ_DEFAULT;
  let staged: ReturnType<typeof scratchFile> | null = null;
  let received: Received | null = null;
  let name = '';
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'biz' && typeof part.value === 'string' && part.value) biz = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || staged) {
        part.file.resume();
        continue;
      }
      staged = scratchFile(uploadScratchDir(app));
      // Only for display and the download's name: never a path, no control or bidi characters.
      name = cleanFileName(part.filename);
      received = await receive(part, staged.path);
    }
    if (!(FILE_BIZ as readonly string[]).includes(biz)) throw new KeyedError('FIELD_INVALID', 'validation.invalid', { field: 'biz' });
    const b = biz as FileBizValue;
    if (!staged || !received || received.size === 0) throw new KeyedError('NO_FILE_UPLOADED', 'error.noFileUploaded');
    const rule = FILE_BIZ_RULES[b];
    if (received.truncated || received.size > rule.maxBytes) throw tooLarge(b);
    const type = sniff(received.head);
    if (!type || !rule.types.includes(type)) throw typeRefused();
    if (!(await openable(staged.path, type, received.size))) throw unreadable();

    let { size, sha256 } = received;
    if (isImageType(type)) {
      let clean: Buffer;
      try {
        clean = stripMetadata(type, await fsp.readFile(staged.path));
      } catch (e) {
        if (e instanceof UnreadableImageError) throw unreadable();
        throw e;
      }
      await fsp.writeFile(staged.path, clean, { mode: 0o600 });
      size = clean.length;
      sha256 = createHash('sha256').update(clean).digest('hex');
    }
    const id = randomUUID();
    await app.fileStorage.put(id, fs.createReadStream(staged.path));
    let row: StoredFileRow;
    try {
      row = await insertFile(app.db, { id, merchantId: auth.merchantId, biz: b, name, type, size, sha256, createdBy: auth.userId });
    } catch (e) {
      // Bytes without a record would be kept for nobody.
      await app.fileStorage.remove(id).catch(() => undefined);
      throw e;
    }
    return fileView(app.fileUrlKey, row, auth.userId);
  } finally {
    if (staged) await staged.discard();
  }
}

/** Where this instance keeps an upload while it is checked (never where stored files live). */
export const uploadScratchDir = (app: FastifyInstance) => `${app.dataDir}/scratch/uploads`;

/** Documents and recordings are onboarding's: its applicants and reviewers read them; other biz: the merchant's users. */
export function mayRead(auth: AuthSession, file: StoredFileRow): boolean {
  if (auth.isPlatform) return true;
  if (!auth.scopeMerchantIds.includes(file.merchantId)) return false;
  if (file.biz === FileBiz.DOCUMENT || file.biz === FileBiz.VIDEO) return holds(auth, Perm.ONBOARDING_APPLY);
  return true;
}

export async function readableFile(app: FastifyInstance, req: FastifyRequest, id: string): Promise<StoredFileRow> {
  const auth = requireAuth(req);
  const file = await selectFile(app.db, id);
  // Another merchant's file is as unknown as one that does not exist.
  if (!file || !mayRead(auth, file)) throw notFound();
  return file;
}

/**
 * Before issue 41 an instance kept uploads in `$DATA_DIR/files/<xx>/<id>`: at start those of this instance still
 * missing from the file store are moved into it (then removed here), so an upgraded server serves them from any
 * instance. Answers how many moved.
 */
export async function importLocalUploads(db: FastifyInstance['db'], storage: FastifyInstance['fileStorage'], dataDir: string): Promise<number> {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return 0;
  let moved = 0;
  for (const dir of await fsp.readdir(root)) {
    if (!/^[0-9a-f]{2}$/.test(dir)) continue;
    const names = (await fsp.readdir(path.join(root, dir))).filter((n) => /^[0-9a-f-]{36}$/.test(n));
    for (const id of await filesWithoutBytes(db, names)) {
      const file = path.join(root, dir, id);
      await storage.put(id, fs.createReadStream(file));
      await fsp.rm(file, { force: true });
      moved++;
    }
  }
  return moved;
}
