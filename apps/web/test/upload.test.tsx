/**
 * The upload field and the file preview (components/upload, issue 14; spec §4 upload items, §5 image-only fields):
 * the uploads go through a fake XMLHttpRequest that the tests drive (progress, answer, failure), pdf.js is a fake
 * document of three pages.
 */
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FileView } from '@mg/domain';
import { ApiError, configureApi } from '../src/api';
import { activateLanguage } from '../src/i18n';
import { FilePreview, FileUpload, uploadFile, type FileUploadProps } from '../src/components/upload';
import { fakeServer, renderScreen, signOutForTests, type Handler } from './screens-harness';

const pdf = vi.hoisted(() => ({
  getDocument: vi.fn(),
  getPage: vi.fn(),
  fail: false,
}));

vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: { workerSrc: '' },
  getDocument: pdf.getDocument,
}));

const MB = 1024 * 1024;

/** A fake XMLHttpRequest: records what is sent; the test makes it progress, answer or fail. */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  withCredentials = false;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.all.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  get file(): File {
    return this.body?.get('file') as File;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => {
      this.onload?.();
      await new Promise((r) => setTimeout(r, 0));
    });
  }
  /** The stored file of this upload. */
  async succeed(id = `f-${this.file.name}`) {
    const f = this.file;
    await this.respond(200, { success: true, code: 200, message: `files/${id}`, result: view(id, f.name, f.type.split('/')[1] as FileView['type'], f.size), timestamp: Date.now() });
  }
  async refuse(status: number, messageKey: string, errorCode: string) {
    await this.respond(status, { success: false, code: status, message: messageKey, errorCode, result: null, timestamp: Date.now() });
  }
}

/** The uploads of one file, by name. */
const sent = (name: string) => FakeXhr.all.filter((x) => x.file.name === name);
const only = (name: string): FakeXhr => {
  const list = sent(name);
  expect(list, name).toHaveLength(1);
  return list[0] as FakeXhr;
};

function view(id: string, name: string, type: FileView['type'], size: number): FileView {
  return { id, name, type, size, biz: 'document', url: `/api/sys/common/static/${id}?exp=1&sig=s`, createdAt: '2026-01-01T00:00:00.000Z' };
}

function file(name: string, type: string, size = 12 * 1024): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOutForTests();
});

/** A form field holding the value, as Form.Item would; `changes` records every onChange. */
function Field({ initial = [], changes, ...props }: Partial<FileUploadProps> & { initial?: FileView[]; changes: FileView[][] }) {
  const [value, setValue] = useState<FileView[]>(initial);
  return (
    <FileUpload
      {...props}
      value={value}
      onChange={(files) => {
        changes.push(files);
        setValue(files);
      }}
    />
  );
}

async function renderField(props: Partial<FileUploadProps> & { initial?: FileView[] } = {}, routes: Record<string, Handler> = {}) {
  const changes: FileView[][] = [];
  const server = fakeServer(routes);
  await renderScreen(<Field changes={changes} {...props} />, { server });
  return { changes, server };
}

function pick(...files: File[]) {
  fireEvent.change(screen.getByTestId('file-upload-input'), { target: { files } });
}

const items = () => screen.queryAllByTestId('file-upload-item');
const names = (changes: FileView[][]) => changes.map((c) => c.map((f) => f.name));

describe('uploadFile', () => {
  it('posts the file and its biz as multipart with the session, reports the progress and answers the stored file', async () => {
    await activateLanguage('en-US', { screens: true });
    configureApi({ token: () => 'test-token', currency: () => 'IDR' });
    const progress: number[] = [];
    const done = uploadFile(file('passport.png', 'image/png'), 'document', (p) => progress.push(p));
    const xhr = FakeXhr.all[0] as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/sys/common/upload');
    expect(xhr.headers).toMatchObject({ 'X-Access-Token': 'test-token', 'X-Lang': 'en-US', 'X-Currency': 'IDR' });
    // The fields come before the file, so a streaming reader has the biz when the file arrives.
    const fields = [...(xhr.body as FormData).keys()];
    expect(fields.indexOf('biz')).toBeLessThan(fields.indexOf('file'));
    expect(xhr.body?.get('biz')).toBe('document');
    expect(xhr.body?.get('lang')).toBe('en-US');
    xhr.progress(512, 1024);
    await xhr.succeed('f1');
    expect(progress).toEqual([0, 50]);
    await expect(done).resolves.toMatchObject({ id: 'f1', name: 'passport.png', type: 'png' });
  });

  it('rejects with the ApiError of the server, its message translated; an abort cancels the request', async () => {
    await activateLanguage('en-US', { screens: true });
    const refused = uploadFile(file('a.pdf', 'application/pdf'), 'document').catch((x: unknown) => x);
    await (FakeXhr.all[0] as FakeXhr).refuse(413, 'error.fileTooLarge', 'FILE_TOO_LARGE');
    const e = await refused;
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ httpStatus: 413, errorCode: 'FILE_TOO_LARGE', message: 'The file is too large' });

    const controller = new AbortController();
    const cancelled = uploadFile(file('b.pdf', 'application/pdf'), 'document', undefined, controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect((FakeXhr.all[1] as FakeXhr).aborted).toBe(true);
  });
});

describe('FileUpload', () => {
  it('shows the progress while uploading and hands the list out only when every item is done', async () => {
    const { changes } = await renderField({ biz: 'document' });
    expect(screen.getByTestId('file-upload-hint').textContent).toBe('PDF, JPEG, PNG, WEBP, up to 10 MB each');
    expect(screen.getByTestId('file-upload-input').getAttribute('accept')).toBe('application/pdf,image/jpeg,image/png,image/webp');
    pick(file('articles.pdf', 'application/pdf', 1.5 * MB), file('licence.pdf', 'application/pdf'));
    await waitFor(() => expect(items()).toHaveLength(2));
    const [first, second] = items() as [HTMLElement, HTMLElement];
    expect(within(first).getByText('articles.pdf')).toBeTruthy();
    expect(within(first).getByText('1.5 MB')).toBeTruthy();
    expect(within(second).getByText('12 kB')).toBeTruthy();

    only('articles.pdf').progress(40, 100);
    expect(within(first).getByText('40%')).toBeTruthy();
    await only('licence.pdf').succeed();
    expect(second.dataset.status).toBe('done');
    expect(first.dataset.status).toBe('uploading');
    expect(changes).toEqual([]);
    // A done item can be previewed; an uploading one cannot.
    expect(within(second).getByRole('button', { name: 'Preview' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Preview' })).toBeNull();

    await only('articles.pdf').succeed();
    expect(names(changes)).toEqual([['articles.pdf', 'licence.pdf']]);
  });

  it('keeps an item in error with the server message (nothing handed out) until it is retried or removed', async () => {
    const { changes } = await renderField({ biz: 'document' });
    pick(file('bank.pdf', 'application/pdf'), file('scan.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    await only('bank.pdf').succeed();
    await only('scan.png').refuse(400, 'error.fileTypeNotAllowed', 'FILE_TYPE_NOT_ALLOWED');
    const failed = items()[1] as HTMLElement;
    expect(failed.dataset.status).toBe('error');
    expect(within(failed).getByText('This file type is not accepted here')).toBeTruthy();
    expect(await screen.findByText('scan.png upload failed: This file type is not accepted here')).toBeTruthy();
    expect(changes).toEqual([]);

    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(failed.dataset.status).toBe('uploading');
    expect(sent('scan.png')).toHaveLength(2);
    await (sent('scan.png')[1] as FakeXhr).succeed();
    expect(names(changes)).toEqual([['bank.pdf', 'scan.png']]);

    // Another failure, removed this time: the list handed out is the done files.
    pick(file('extra.pdf', 'application/pdf'));
    await waitFor(() => expect(sent('extra.pdf')).toHaveLength(1));
    await only('extra.pdf').respond(500, { success: false, code: 500, message: 'Disk full', result: null });
    const third = items()[2] as HTMLElement;
    expect(within(third).getByText('Disk full')).toBeTruthy();
    fireEvent.click(within(third).getByRole('button', { name: 'Remove' }));
    expect(items()).toHaveLength(2);
    expect(names(changes)).toEqual([['bank.pdf', 'scan.png']]);
  });

  it('with maxCount keeps the last N: a new file replaces the oldest, a replaced upload is cancelled', async () => {
    const { changes } = await renderField({ biz: 'document', maxCount: 2 });
    expect(screen.getByTestId('file-upload-hint').textContent).toContain('At most 2 files: a new one replaces the oldest');
    pick(file('one.pdf', 'application/pdf'), file('two.pdf', 'application/pdf'), file('three.pdf', 'application/pdf'));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items().map((i) => within(i).getByText(/\.pdf$/).textContent)).toEqual(['two.pdf', 'three.pdf']);
    expect(sent('one.pdf')).toHaveLength(0);
    await only('two.pdf').succeed();
    pick(file('four.pdf', 'application/pdf'));
    await waitFor(() => expect(items().map((i) => within(i).getByText(/\.pdf$/).textContent)).toEqual(['three.pdf', 'four.pdf']));
    expect(only('two.pdf').aborted).toBe(false);
    // three.pdf is still uploading when five.pdf pushes it out: its request is cancelled.
    pick(file('five.pdf', 'application/pdf'));
    await waitFor(() => expect(items().map((i) => within(i).getByText(/\.pdf$/).textContent)).toEqual(['four.pdf', 'five.pdf']));
    expect(only('three.pdf').aborted).toBe(true);
    await only('four.pdf').succeed();
    await only('five.pdf').succeed();
    expect(names(changes)).toEqual([['four.pdf', 'five.pdf']]);
  });

  it('with maxCount 1 a new file replaces the stored one', async () => {
    const { changes } = await renderField({ biz: 'document', maxCount: 1, initial: [view('old', 'old.pdf', 'pdf', 2048)] });
    expect(screen.getByText('One file: a new one replaces it', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('file-upload-input').hasAttribute('multiple')).toBe(false);
    pick(file('new.pdf', 'application/pdf'));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(within(items()[0] as HTMLElement).getByText('new.pdf')).toBeTruthy();
    expect(changes).toEqual([]);
    await only('new.pdf').succeed();
    expect(names(changes)).toEqual([['new.pdf']]);
  });

  it('refuses a wrong type, a file too large and a non-image in an image field, with the reason, sending nothing', async () => {
    await renderField({ biz: 'document' });
    pick(file('contract.zip', 'application/zip'));
    expect(await screen.findByText('contract.zip: this type of file is not accepted here (PDF, JPEG, PNG, WEBP only)')).toBeTruthy();
    pick(file('statement.pdf', 'application/pdf', 10 * MB + 1));
    expect(await screen.findByText('statement.pdf is larger than the limit of 10 MB')).toBeTruthy();
    expect(items()).toHaveLength(0);
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('an image field takes pictures only', async () => {
    await renderField({ biz: 'document', imageOnly: true, testId: 'file-upload' });
    expect(screen.getByTestId('file-upload-input').getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(screen.getByTestId('file-upload-hint').textContent).toBe('JPEG, PNG, WEBP, up to 10 MB each');
    pick(file('id-card.pdf', 'application/pdf'));
    expect(await screen.findByText('Please upload pictures')).toBeTruthy();
    expect(FakeXhr.all).toHaveLength(0);
    pick(file('id-card.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
  });

  it('moves pictures left and right, warning at either end', async () => {
    const initial = [view('a', 'front.png', 'png', 1000), view('b', 'back.png', 'png', 1000), view('c', 'selfie.jpeg', 'jpeg', 1000)];
    const { changes } = await renderField({ biz: 'image', initial });
    const card = (i: number) => items()[i] as HTMLElement;
    // Picture cards: the thumbnail is the file, the name shortened to 5 characters.
    expect(within(card(0)).getByRole('img', { name: 'front.png' }).getAttribute('src')).toBe(initial[0]?.url);
    expect(within(card(2)).getByText('selfi….jpeg')).toBeTruthy();

    fireEvent.click(within(card(0)).getByRole('button', { name: 'Move left' }));
    expect(await screen.findByText('Unknown operation')).toBeTruthy();
    fireEvent.click(within(card(2)).getByRole('button', { name: 'Move right' }));
    expect(await screen.findByText('This is already the last one')).toBeTruthy();
    expect(changes).toEqual([]);

    fireEvent.click(within(card(0)).getByRole('button', { name: 'Move right' }));
    await waitFor(() => expect(names(changes)).toEqual([['back.png', 'front.png', 'selfie.jpeg']]));
    fireEvent.click(within(card(2)).getByRole('button', { name: 'Move left' }));
    await waitFor(() => expect(names(changes).at(-1)).toEqual(['back.png', 'selfie.jpeg', 'front.png']));
  });

  it('removes a stored file, and cancels an upload when its item is removed', async () => {
    const { changes } = await renderField({ biz: 'document', initial: [view('a', 'a.pdf', 'pdf', 1000), view('b', 'b.pdf', 'pdf', 1000)] });
    fireEvent.click(within(items()[0] as HTMLElement).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(names(changes)).toEqual([['b.pdf']]));
    pick(file('c.pdf', 'application/pdf'));
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(within(items()[1] as HTMLElement).getByRole('button', { name: 'Remove' }));
    expect(only('c.pdf').aborted).toBe(true);
    expect(items()).toHaveLength(1);
    expect(names(changes)).toEqual([['b.pdf']]);
  });

  it('disabled: no picking, moving or removing; the files can still be previewed', async () => {
    await renderField({ biz: 'image', disabled: true, initial: [view('a', 'front.png', 'png', 1000)] });
    expect(screen.queryByTestId('file-upload-select')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move left' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('file-preview-image').getAttribute('src')).toBe('/api/sys/common/static/a?exp=1&sig=s');
  });
});

describe('FilePreview', () => {
  function fakeDoc(pages: number) {
    pdf.getPage.mockImplementation(async () => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
      render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
    }));
    pdf.getDocument.mockImplementation(() => ({ promise: Promise.resolve({ numPages: pages, getPage: pdf.getPage }), destroy: async () => undefined }));
  }

  async function renderPreview(f: FileView, routes: Record<string, Handler> = {}) {
    const server = fakeServer(routes);
    await renderScreen(<FilePreview file={f} open onClose={() => undefined} />, { server });
    return { server, dialog: await screen.findByRole('dialog') };
  }

  it('draws a PDF page by page with pdf.js, with the page count and previous/next', async () => {
    fakeDoc(3);
    const f = view('p', 'articles.pdf', 'pdf', 1000);
    const { dialog } = await renderPreview(f);
    expect(within(dialog).getByText('articles.pdf')).toBeTruthy();
    expect(await within(dialog).findByText('Page 1 of 3')).toBeTruthy();
    expect(pdf.getDocument).toHaveBeenCalledWith(expect.objectContaining({ url: f.url, isEvalSupported: false }));
    await waitFor(() => expect(pdf.getPage).toHaveBeenLastCalledWith(1));
    const previous = within(dialog).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement;
    const next = within(dialog).getByRole('button', { name: 'Next page' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    expect(await within(dialog).findByText('Page 2 of 3')).toBeTruthy();
    await waitFor(() => expect(pdf.getPage).toHaveBeenLastCalledWith(2));
    fireEvent.click(next);
    expect(await within(dialog).findByText('Page 3 of 3')).toBeTruthy();
    expect(next.disabled).toBe(true);
    expect(previous.disabled).toBe(false);
  });

  it('a PDF that does not load asks once for a fresh URL, then says it cannot be displayed', async () => {
    pdf.getDocument.mockImplementation(() => ({ promise: Promise.reject(new Error('Unexpected server response (403)')), destroy: async () => undefined }));
    const f = view('p', 'expired.pdf', 'pdf', 1000);
    const fresh = { ...f, url: '/api/sys/common/static/p?exp=2&sig=t' };
    const { server, dialog } = await renderPreview(f, { 'GET /sys/common/files/p': () => fresh });
    expect(await within(dialog).findByText('The file could not be displayed')).toBeTruthy();
    expect(server.callsTo('GET', '/sys/common/files/p')).toHaveLength(1);
    expect(pdf.getDocument).toHaveBeenLastCalledWith(expect.objectContaining({ url: fresh.url }));
  });

  it('shows an image inline', async () => {
    const { dialog } = await renderPreview(view('i', 'front.png', 'png', 1000));
    expect(within(dialog).getByRole('img', { name: 'front.png' }).getAttribute('src')).toBe('/api/sys/common/static/i?exp=1&sig=s');
  });

  it('plays a video with its controls', async () => {
    const { dialog } = await renderPreview(view('v', 'identification.webm', 'webm', 1000));
    const video = within(dialog).getByTestId('file-preview-video') as HTMLVideoElement;
    expect(video.controls).toBe(true);
    expect(video.getAttribute('src')).toBe('/api/sys/common/static/v?exp=1&sig=s');
  });
});
