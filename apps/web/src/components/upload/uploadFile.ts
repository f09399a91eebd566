/**
 * One upload (spec §7 `POST /sys/common/upload`, docs/onboarding-api.md "Uploads"): multipart `biz` and `file`,
 * through XMLHttpRequest because fetch reports no upload progress. Same base URL, session headers and fields, and
 * the same ApiError on failure as every other call (api/client.ts `rawCall`), so the server's translated message
 * can be shown on the item.
 */
import { UPLOAD_BIZ_DEFAULT, type FileBizValue, type FileView } from '@mg/domain';
import { rawCall } from '../../api/client';

export const UPLOAD_PATH = '/sys/common/upload';

function parse(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if ((xhr.getResponseHeader('content-type') ?? '').includes('json') || /^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * Uploads `file` for `biz`; `onProgress` gets the percent sent (0-100, whole numbers). Resolves with the stored
 * file; rejects with an ApiError (the server's refusal, `NETWORK_ERROR`), or with the signal's reason when
 * `signal` aborts it (the request is cancelled).
 */
export function uploadFile(file: File, biz: FileBizValue = UPLOAD_BIZ_DEFAULT, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<FileView> {
  return new Promise<FileView>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const call = rawCall(UPLOAD_PATH);
    const body = new FormData();
    // The fields before the file: a streaming multipart reader has them when it reaches the file.
    for (const [k, v] of Object.entries(call.fields)) body.append(k, v);
    body.append('biz', biz);
    body.append('file', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', call.url);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(call.headers)) xhr.setRequestHeader(k, v);

    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    signal?.addEventListener('abort', onAbort, { once: true });

    xhr.upload.onprogress = (e: ProgressEvent) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      done();
      call.settle<FileView>(xhr.status, parse(xhr)).then(resolve, reject);
    };
    xhr.onerror = () => {
      done();
      reject(call.networkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(signal ? abortError(signal) : new DOMException('The upload was cancelled', 'AbortError'));
    };
    onProgress?.(0);
    xhr.send(body);
  });
}

export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}
