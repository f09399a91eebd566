// Long file: the API client's behaviour as the app relies on it, one describe per concern (headers, envelope,
// statuses, timeouts, duplicate guard, downloads), over one fake fetch.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { findBrand, type Brand, type CurrencyCode } from '@mg/domain';
import { ApiError, configureApi, download, request, resetApiForTests, setApiNotifier, type ApiNotifier, type ReloginDialog } from '../src/api';
import { activateLanguage } from '../src/i18n';
import { takeSessionExpired } from '../src/session/storage';

const brand = (value: string) => findBrand(value) as Brand;

interface Recorder extends ApiNotifier {
  errors: Array<{ content: string; seconds: number }>;
  dialogs: ReloginDialog[];
}

function recorder(): Recorder {
  const r: Recorder = {
    errors: [],
    dialogs: [],
    error: (content, seconds) => void r.errors.push({ content, seconds }),
    reloginDialog: (d) => void r.dialogs.push(d),
  };
  return r;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const ok = (result: unknown) => json(200, { success: true, message: '', code: 200, result, timestamp: 1 });

const NOW = Date.UTC(2025, 2, 1, 12, 0, 0);

let notes: Recorder;
let fetchMock: ReturnType<typeof vi.fn>;
let token: string | null;
const logout = vi.fn(() => {
  token = null;
});
const reload = vi.fn();

function setup(opts: { brand?: string; currency?: CurrencyCode; token?: string | null } = {}) {
  token = opts.token === undefined ? 'tok-123' : opts.token;
  configureApi({
    fetch: fetchMock as unknown as typeof fetch,
    brand: () => brand(opts.brand ?? 'lumipay'),
    currency: () => opts.currency ?? 'IDR',
    language: () => 'en-US',
    token: () => token,
    logout,
    reload,
    now: () => NOW,
  });
}

function lastCall(): { url: URL; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url: new URL(call[0], 'http://localhost'), init: call[1] };
}

beforeAll(async () => {
  await activateLanguage('en-US', { screens: true });
});

beforeEach(() => {
  resetApiForTests();
  notes = recorder();
  setApiNotifier(notes);
  fetchMock = vi.fn();
  logout.mockClear();
  reload.mockClear();
  setup();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('envelope', () => {
  it('resolves with result on success (code 200 or "200")', async () => {
    fetchMock.mockResolvedValueOnce(ok({ id: 7 }));
    await expect(request('GET', '/sys/user/info')).resolves.toEqual({ id: 7 });
    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: 'ok', code: '200', result: [1], timestamp: 1 }));
    await expect(request('POST', '/sys/thing', { data: { a: 1 } })).resolves.toEqual([1]);
    expect(notes.errors).toEqual([]);
    expect(lastCall().url.pathname).toBe('/api/sys/thing');
  });

  it('rejects with ApiError and shows the (translated) server message for 4 s on failure', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: false, message: 'error.insufficientBalance', code: 422, errorCode: 'INSUFFICIENT_BALANCE', result: null, timestamp: 1 }));
    const err = (await request('POST', '/payouts', { data: { amount: '10' } }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('422');
    expect(err.errorCode).toBe('INSUFFICIENT_BALANCE');
    expect(notes.errors).toHaveLength(1);
    expect(notes.errors[0]?.seconds).toBe(4);
    expect(notes.errors[0]?.content).not.toBe('error.insufficientBalance');
    expect(err.message).toBe(notes.errors[0]?.content);
  });

  it('shows a plain server message as it is, with field errors on the ApiError', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { success: false, message: 'Amount is required', code: 400, errors: [{ field: 'amount' }], result: null, timestamp: 1 }));
    const err = (await request('POST', '/payouts', { data: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err.httpStatus).toBe(400);
    expect(err.errors).toEqual([{ field: 'amount' }]);
    expect(notes.errors).toEqual([{ content: 'Amount is required', seconds: 4 }]);
  });
});

describe('HTTP reactions (spec §8)', () => {
  const cases: Array<[number, string]> = [
    [403, 'Access denied'],
    [404, 'Sorry, the resource was not found'],
    [504, 'Network timeout, please try again'],
  ];
  for (const [status, text] of cases) {
    it(`${status}: notice`, async () => {
      fetchMock.mockResolvedValueOnce(json(status, { success: false, message: 'whatever', code: status, result: null, timestamp: 1 }));
      const err = (await request('GET', '/x').catch((e: unknown) => e)) as ApiError;
      expect(err.httpStatus).toBe(status);
      expect(notes.errors.map((n) => n.content)).toEqual([text]);
    });
  }

  it('401 with a token: notice, logout, reload after 1.5 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(json(401, { success: false, message: 'error.unauthorized', code: 401, result: null, timestamp: 1 }));
    const err = (await request('GET', '/sys/permission/getUserPermissionByToken').catch((e: unknown) => e)) as ApiError;
    expect(err.httpStatus).toBe(401);
    expect(notes.errors.map((n) => n.content)).toEqual(['Not authorised, please sign in again']);
    expect(logout).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1499);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    // The sign-in page after the reload says why, once.
    expect(takeSessionExpired()).toBe(true);
    expect(takeSessionExpired()).toBe(false);
  });

  it('401 for a token that has since been replaced (sub-merchant or country switch): the new session stays', async () => {
    vi.useFakeTimers();
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (answer = r)));
    const pending = request('GET', '/sys/annountCement/listByUser').catch((e: unknown) => e);
    token = 'tok-new'; // the switch stored a new session while the old call was in flight
    answer(json(401, { success: false, message: 'error.unauthorized', code: 401, result: null, timestamp: 1 }));
    expect(((await pending) as ApiError).httpStatus).toBe(401);
    await vi.advanceTimersByTimeAsync(5000);
    expect(logout).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(notes.errors).toEqual([]);
  });

  it('401 for the old token while the switch that replaces it is still on its way: the session is not signed out', async () => {
    vi.useFakeTimers();
    let answerSwitch: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (answerSwitch = r)));
    const switching = request('PUT', '/sys/switchSubMId', { data: { merchantId: 2 }, replacesSession: true });
    // The server ended the old session before answering: another call (the realtime check) is refused first.
    fetchMock.mockResolvedValueOnce(json(401, { success: false, message: 'error.unauthorized', code: 401, result: null, timestamp: 1 }));
    expect(((await request('GET', '/user/info', { silent: true }).catch((e: unknown) => e)) as ApiError).httpStatus).toBe(401);
    answerSwitch(json(200, { success: true, message: '', code: 200, result: { token: 'tok-new' }, timestamp: 1 }));
    await switching;
    await vi.advanceTimersByTimeAsync(5000);
    expect(logout).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    // The switch itself refused (its session was already gone): signed out as any 401.
    fetchMock.mockResolvedValueOnce(json(401, { success: false, message: 'error.unauthorized', code: 401, result: null, timestamp: 1 }));
    await request('PUT', '/sys/switchCountry', { data: { countryCurrency: 'THB' }, replacesSession: true }).catch(() => undefined);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('401 without a token: notice only', async () => {
    vi.useFakeTimers();
    setup({ token: null });
    fetchMock.mockResolvedValueOnce(json(401, { success: false, message: 'x', code: 401, result: null, timestamp: 1 }));
    await request('GET', '/x').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(5000);
    expect(notes.errors).toHaveLength(1);
    expect(logout).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('500 about token expiry: re-login dialog whose button logs out and reloads', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { success: false, message: 'Token expired, please log in again', code: 500, result: null, timestamp: 1 }));
    await request('GET', '/x').catch(() => undefined);
    expect(notes.errors).toEqual([]);
    expect(notes.dialogs).toHaveLength(1);
    const dialog = notes.dialogs[0] as ReloginDialog;
    expect(dialog.title).toBe('Login expired');
    expect(dialog.okText).toBe('Log in again');
    expect(logout).not.toHaveBeenCalled();
    dialog.onOk();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('401 TOKEN_EXPIRED (a session ended for being idle): the "Login expired" dialog, not the 401 notice; its button signs out and reloads', async () => {
    vi.useFakeTimers();
    const expired = () => json(401, { success: false, message: 'การเข้าสู่ระบบหมดอายุแล้ว', code: 401, errorCode: 'TOKEN_EXPIRED', result: null, timestamp: 1 });
    fetchMock.mockResolvedValueOnce(expired());
    const err = (await request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ httpStatus: 401, errorCode: 'TOKEN_EXPIRED' });
    // A silent call (the session probe) shows it too: nothing else would say why the page stopped.
    fetchMock.mockResolvedValueOnce(expired());
    await request('GET', '/user/info', { silent: true }).catch(() => undefined);
    expect(notes.errors).toEqual([]);
    expect(notes.dialogs).toHaveLength(2);
    const dialog = notes.dialogs[0] as ReloginDialog;
    expect(dialog).toMatchObject({ title: 'Login expired', content: 'Your login has expired, please log in again', okText: 'Log in again' });
    // Not signed out behind the dialog's back: the person reads it first.
    await vi.advanceTimersByTimeAsync(5000);
    expect(logout).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    dialog.onOk();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('401 TOKEN_EXPIRED for a token that has since been replaced: no dialog, the new session stays', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (answer = r)));
    const pending = request('GET', '/x').catch((e: unknown) => e);
    token = 'tok-new';
    answer(json(401, { success: false, message: 'expired', code: 401, errorCode: 'TOKEN_EXPIRED', result: null, timestamp: 1 }));
    await pending;
    expect(notes.dialogs).toEqual([]);
    expect(logout).not.toHaveBeenCalled();
  });

  it('other 500: the server message for 4 s', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { success: false, message: 'Channel unavailable', code: 500, result: null, timestamp: 1 }));
    await request('GET', '/x').catch(() => undefined);
    expect(notes.errors).toEqual([{ content: 'Channel unavailable', seconds: 4 }]);
    expect(notes.dialogs).toEqual([]);
  });

  it('other status without a message: the generic failure text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    const err = (await request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(err.httpStatus).toBe(502);
    expect(notes.errors).toEqual([{ content: 'Operation failed', seconds: 4 }]);
  });

  it('silent: no notice, still rejects', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { success: false, message: 'x', code: 403, result: null, timestamp: 1 }));
    await expect(request('GET', '/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notes.errors).toEqual([]);
  });
});

describe('headers and payload fields (spec §7)', () => {
  it('lumipay (sends brand): headers and GET query fields, _t in seconds', async () => {
    fetchMock.mockResolvedValueOnce(ok(null));
    await request('GET', '/collections', { params: { pageNo: 1 } });
    const { url, init } = lastCall();
    const headers = init.headers as Record<string, string>;
    expect(headers['X-Access-Token']).toBe('tok-123');
    expect(headers.tenant_id).toBe('0');
    expect(headers['X-Lang']).toBe('en-US');
    expect(headers['X-Currency']).toBe('IDR');
    expect(headers['X-Time-Zone']).toBe('Asia/Jakarta');
    expect(headers['X-Brand']).toBe('lumipay');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    const q = url.searchParams;
    expect(q.get('pageNo')).toBe('1');
    expect(q.get('countryCurrency')).toBe('IDR');
    expect(q.get('timeZoneOffset')).toBe('420');
    expect(q.get('paymentBrand')).toBe('lumipay');
    expect(q.get('lang')).toBe('en-US');
    expect(q.get('_t')).toBe(String(Math.floor(NOW / 1000)));
  });

  it('tikipay (sendsBrand=false): no X-Brand, no paymentBrand; JSON body carries the fields', async () => {
    setup({ brand: 'tikipay', currency: 'MMK' });
    fetchMock.mockResolvedValueOnce(ok(null));
    await request('POST', '/payouts', { data: { amount: '100' } });
    const { url, init } = lastCall();
    const headers = init.headers as Record<string, string>;
    expect(headers['X-Brand']).toBeUndefined();
    expect(headers['X-Time-Zone']).toBe('Asia/Yangon');
    expect(headers['Content-Type']).toBe('application/json');
    expect(url.searchParams.has('_t')).toBe(false);
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    expect(body).toEqual({ amount: '100', countryCurrency: 'MMK', timeZoneOffset: 390, lang: 'en-US' });
    expect('paymentBrand' in body).toBe(false);
  });

  it('no token: no X-Access-Token header', async () => {
    setup({ token: null });
    fetchMock.mockResolvedValueOnce(ok(null));
    await request('GET', '/x');
    expect((lastCall().init.headers as Record<string, string>)['X-Access-Token']).toBeUndefined();
  });

  it('caller fields win over the session defaults (e.g. login sends its own countryCurrency)', async () => {
    fetchMock.mockResolvedValueOnce(ok(null));
    await request('POST', '/sys/login', { data: { username: 'u', countryCurrency: 'THB' } });
    expect(JSON.parse(lastCall().init.body as string).countryCurrency).toBe('THB');
  });
});

describe('background calls (issue 39 idle limit)', () => {
  const sent = () => new Headers(lastCall().init.headers as Record<string, string>).get('X-Background');

  it('a call within a minute of the person’s last input is theirs; later ones, and calls marked background, are not', async () => {
    let lastInput = NOW - 1_000;
    configureApi({ lastInput: () => lastInput });
    fetchMock.mockImplementation(() => Promise.resolve(ok(null)));
    await request('GET', '/x');
    expect(sent()).toBeNull();
    await request('GET', '/x', { background: true });
    expect(sent()).toBe('1');
    lastInput = NOW - 60_001;
    await request('POST', '/y', { data: { a: 1 } });
    expect(sent()).toBe('1');
    lastInput = NOW - 60_000;
    await request('GET', '/x');
    expect(sent()).toBeNull();
  });

  it('the page counts clicks, keys, touches and the wheel as input, not pointer moves', async () => {
    vi.resetModules();
    const { lastPersonInput } = await import('../src/api/activity');
    const loaded = lastPersonInput();
    vi.useFakeTimers({ now: loaded + 120_000, toFake: ['Date'] });
    window.dispatchEvent(new Event('pointermove'));
    expect(lastPersonInput()).toBe(loaded);
    for (const [i, type] of ['pointerdown', 'keydown', 'touchstart', 'wheel'].entries()) {
      vi.setSystemTime(loaded + 200_000 + i);
      window.dispatchEvent(new Event(type));
      expect(lastPersonInput()).toBe(loaded + 200_000 + i);
    }
  });
});

describe('date fields travel as the session zone wall clock (spec §7), whatever the browser zone', () => {
  it('GET params: picked wall clocks (strings, dayjs) as they are; a date alone is its first second', async () => {
    setup({ brand: 'tikipay', currency: 'MMK' });
    fetchMock.mockResolvedValueOnce(ok(null));
    await request('GET', '/collections', {
      params: { createTime_begin: '2025-03-01 00:00:00', createTime_end: dayjs('2025-03-01 23:59:59'), startTime: '2025-03-02', other: '2025-03-01 00:00:00' },
    });
    const q = lastCall().url.searchParams;
    expect(q.get('createTime_begin')).toBe('2025-03-01 00:00:00');
    expect(q.get('createTime_end')).toBe('2025-03-01 23:59:59');
    expect(q.get('startTime')).toBe('2025-03-02 00:00:00');
    expect(q.get('other')).toBe('2025-03-01 00:00:00');
  });

  it('JSON body fields: a Date instant is written as the session zone wall clock at that instant', async () => {
    setup({ brand: 'tikipay', currency: 'MMK' });
    fetchMock.mockResolvedValueOnce(ok(null));
    // 2025-07-01 12:00 UTC is 18:30 in Yangon (+06:30), whatever the browser's zone.
    await request('POST', '/exports', { data: { createTimeBegin: '2025-07-01 00:00:00', endTime: new Date(Date.UTC(2025, 6, 1, 12, 0, 0)) } });
    const body = JSON.parse(lastCall().init.body as string) as Record<string, unknown>;
    expect(body.createTimeBegin).toBe('2025-07-01 00:00:00');
    expect(body.endTime).toBe('2025-07-01 18:30:00');
  });
});

describe('duplicate-request guard', () => {
  it('refuses an identical POST in flight and until 2 s after the first completes', async () => {
    vi.useFakeTimers();
    let finish: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (finish = resolve)));
    const first = request('POST', '/payouts', { data: { amount: '5' } });

    const second = (await request('POST', '/payouts', { data: { amount: '5' } }).catch((e: unknown) => e)) as ApiError;
    expect(second).toBeInstanceOf(ApiError);
    expect(second.message).toBe('Duplicate requests are interrupted');
    expect(second.code).toBe('DUPLICATE_REQUEST');
    expect(notes.errors.map((n) => n.content)).toEqual(['Duplicate requests are interrupted']);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // A different body is not a duplicate; GETs are never guarded.
    fetchMock.mockResolvedValueOnce(ok('other'));
    await expect(request('POST', '/payouts', { data: { amount: '6' } })).resolves.toBe('other');

    finish(ok('first'));
    await expect(first).resolves.toBe('first');
    await vi.advanceTimersByTimeAsync(1999);
    await expect(request('POST', '/payouts', { data: { amount: '5' } })).rejects.toThrow('Duplicate requests are interrupted');
    await vi.advanceTimersByTimeAsync(1);
    fetchMock.mockResolvedValueOnce(ok('again'));
    await expect(request('POST', '/payouts', { data: { amount: '5' } })).resolves.toBe('again');
  });

  it('does not guard GET', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(ok(1)));
    await Promise.all([request('GET', '/a'), request('GET', '/a')]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('timeout', () => {
  function hanging() {
    return (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
  }

  it('aborts after 15 s and reacts like a 504', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(hanging());
    const p = request('GET', '/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(notes.errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const err = (await p) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.httpStatus).toBe(504);
    expect(notes.errors.map((n) => n.content)).toEqual(['Network timeout, please try again']);
  });

  it('honours timeoutMs and the caller signal (caller abort: no notice)', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(hanging());
    const p = request('GET', '/slow', { timeoutMs: 100 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(((await p) as ApiError).httpStatus).toBe(504);

    const controller = new AbortController();
    fetchMock.mockImplementationOnce(hanging());
    const q = request('GET', '/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const aborted = (await q) as Error;
    expect(aborted).not.toBeInstanceOf(ApiError);
    expect(aborted.name).toBe('AbortError');
    expect(notes.errors).toHaveLength(1);
  });

  it('an answer whose body stops arriving is no answer (status 0), not a refusal; a body that is not JSON is an answer', async () => {
    const cut = () => new Response(new ReadableStream({ start: (c) => c.error(new TypeError('network error')) }), { status: 200, headers: { 'content-type': 'application/json' } });
    fetchMock.mockResolvedValueOnce(cut());
    const lost = (await request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(lost).toBeInstanceOf(ApiError);
    expect(lost.httpStatus).toBe(0);
    expect(lost.code).toBe('NETWORK');
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200, headers: { 'content-type': 'application/json' } }));
    const bad = (await request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(bad).toBeInstanceOf(ApiError);
    expect(bad.httpStatus).toBe(200);
  });

  it('an error status whose body is cut short is still that answer: a 401 signs out', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(new Response(new ReadableStream({ start: (c) => c.error(new TypeError('network error')) }), { status: 401, headers: { 'content-type': 'application/json' } }));
    const err = (await request('GET', '/sys/permission/getUserPermissionByToken').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.httpStatus).toBe(401);
    expect(notes.errors.map((n) => n.content)).toEqual(['Not authorised, please sign in again']);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('network failure: notice and ApiError with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = (await request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(err.httpStatus).toBe(0);
    expect(err.code).toBe('NETWORK');
    expect(notes.errors).toHaveLength(1);
  });
});

describe('download', () => {
  it('GETs a blob with the export timeout and saves it', async () => {
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.download);
    });
    fetchMock.mockResolvedValueOnce(new Response('a,b', { status: 200, headers: { 'content-type': 'application/octet-stream' } }));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const blob = await download('/exports/1/file', { id: 1 }, 'payouts.xlsx');
    expect(await blob.text()).toBe('a,b');
    expect(created).toEqual(['payouts.xlsx']);
    expect(lastCall().url.searchParams.get('id')).toBe('1');
    // The file's URL lives on after the click (a busy browser reads it later), then is released.
    vi.advanceTimersByTime(1_000);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:x');
    vi.useRealTimers();
    click.mockRestore();
  });

  it('saves under the name the server gave (Content-Disposition, UTF-8 first), with the session header', async () => {
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.download);
    });
    const disposition = `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('Registros de transações 2026-11-24.xlsx')}`;
    fetchMock.mockResolvedValueOnce(new Response('PK', { status: 200, headers: { 'content-type': 'application/octet-stream', 'content-disposition': disposition } }));
    await download('/api/exports/download/abc');
    expect(created).toEqual(['Registros de transações 2026-11-24.xlsx']);
    click.mockRestore();
  });

  it('a JSON error answer to a blob request is a failure with the server message', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: false, message: 'Export too large', code: 422, result: null, timestamp: 1 }));
    await expect(download('/exports/1/file')).rejects.toBeInstanceOf(ApiError);
    expect(notes.errors).toEqual([{ content: 'Export too large', seconds: 4 }]);
  });
});
