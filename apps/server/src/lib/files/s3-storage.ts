/**
 * S3-compatible object storage behind the file store's interface (./storage.ts), for providers who have one:
 * FILE_STORAGE_URL=s3://<bucket>[/<prefix>]?endpoint=https://...&region=...&forcePathStyle=true, credentials from the
 * AWS SDK's usual sources (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, a role). An object per file under
 * `<prefix><key>`; uploads stream as multipart uploads (@aws-sdk/lib-storage: parts of 5 MB in memory at a time,
 * never the whole file). The database's triggers cannot remove objects: the export purge removes them
 * (modules/exports/service.ts), and an upload's object stays when its record is deleted by hand.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { checkedKey, type FileStorage } from './storage';

export interface S3Location {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

/** Parses FILE_STORAGE_URL (config.ts checks it once at start). */
export function s3LocationOf(url: string): S3Location {
  const u = new URL(url);
  if (u.protocol !== 's3:' || !u.hostname) throw new Error('must be s3://<bucket>[/<prefix>][?endpoint=&region=&forcePathStyle=]');
  const prefix = decodeURIComponent(u.pathname.replace(/^\/+/, ''));
  return {
    bucket: u.hostname,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    endpoint: u.searchParams.get('endpoint') ?? undefined,
    region: u.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: u.searchParams.get('forcePathStyle') === 'true',
  };
}

const isMissing = (e: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((e as { name?: string })?.name ?? '') || (e as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/**
 * The SDK is imported here, when a server is configured for object storage: a static import would load it (tens of
 * MB) into every server, the bundle hoisting it to the top.
 */
export async function s3FileStorage(at: S3Location, client?: S3Client): Promise<FileStorage> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const s3 =
    client ??
    new S3Client({
      region: at.region,
      endpoint: at.endpoint,
      forcePathStyle: at.forcePathStyle,
      // Checksums only where the API requires them: S3-compatible servers do not all read aws-chunked trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const name = (key: string) => `${at.prefix}${checkedKey(key)}`;
  return {
    async put(key, body) {
      let size = 0;
      async function* counted() {
        for await (const c of body) {
          size += c.length;
          yield c;
        }
      }
      await new Upload({ client: s3, params: { Bucket: at.bucket, Key: name(key), Body: Readable.from(counted()) } }).done();
      return { size };
    },
    async get(key) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: at.bucket, Key: name(key) }));
        const obj = await s3.send(new GetObjectCommand({ Bucket: at.bucket, Key: name(key) }));
        return { size: Number(head.ContentLength ?? 0), stream: obj.Body as Readable };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async remove(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: at.bucket, Key: name(key) }));
    },
  };
}
