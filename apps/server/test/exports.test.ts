/** Exports: what a user downloads is the list with its filters, in their language and zone; big ones go by e-mail. */
import fs from 'node:fs';
import { EXPORT_STALE_AFTER_MS, EXPORT_SYNC_MAX_ROWS, ExportStatus, formatWallClock, translate, type Language } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportScratchDir, failLostExportJobs, mayDownload, purgeExpiredExports, runNextExportJob, startExport } from '../src/modules/exports/service';
import { listSources } from '../src/modules/lists';
import { buildAdminTestApp, client, login, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { insertIdrCollections } from './helpers/collections';
import { readXlsx } from './helpers/xlsx';

let tdb: TestDatabase;
let app: FastifyInstance;
let demoAdmin: Client;
let demoAdminPt: Client;
let business: Client;
let cryptoRead: Client | undefined;

/**
 * A job runs in a child process that loads the server's modules through tsx: 3-4 s here when quiet, over 30 s in a
 * CI run sharing the two cores with other suites.
 */
const JOB_TEST_TIMEOUT_MS = 120_000;

/** Downloads an export as the signed-in `who` (the link alone opens nothing). */
function fetchFile(who: Client | null, url: string, lang = 'en-US') {
  const headers: Record<string, string> = { 'x-lang': lang, ...(who ? { 'x-access-token': who.token } : {}) };
  return app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname, headers });
}

/** A job of demo_admin's successful IDR collections, made a job by a direct limit of 10 rows. */
async function askSmallJob(timeZone: string, lang: Language) {
  const { rows: users } = await tdb.pool.query("select id from app_user where username = 'demo_admin'");
  return startExport(app.db, app.lists, app.publicUrl, {
    merchantId: 10001,
    userId: Number(users[0].id),
    kind: 'collections',
    filters: { status: 'success', currency: 'IDR' },
    ctx: { scope: { all: false, ids: [10001] }, timeZone, currency: 'IDR' },
    columns: ['createdAt'],
    lang,
    syncMaxRows: 10,
  });
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  demoAdmin = client(app, await login(app, 'demo_admin'));
  demoAdminPt = client(app, await login(app, 'demo_admin'), 'pt-BR');
  business = client(app, await login(app, 'demo_business'));
  await insertIdrCollections(tdb.pool, 10001, 30, new Date(Date.now() - 60_000));
  await insertIdrCollections(tdb.pool, 10001, 5, new Date(Date.now() - 60_000), 'failed', 'F');
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

describe('direct exports', () => {
  it('streams the filtered list as XLSX with headers in the session language and times in the session zone', async () => {
    const res = await demoAdminPt.post('/exports', { kind: 'collections', filters: { status: 'success', currency: 'IDR' } });
    expect(res.statusCode).toBe(200);
    const { mode, url, rows } = res.json().result;
    expect(mode).toBe('download');
    expect(rows).toBe(30);
    const file = await fetchFile(demoAdminPt, url, 'pt-BR');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet.rowCount).toBe(31);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    // The column's one header (the screen's text; the export used to say 'ID do pedido do comerciante').
    expect(header).toContain('ID do pedido do lojista');
    expect(header).toContain('Valor');
    const amountCol = header.indexOf('Valor') + 1;
    const statusCol = header.indexOf('Situação') + 1; // the screen's word (the export used to say 'Status')
    const first = sheet.getRow(2);
    // Newest first: g = 1 has amount 150001, an IDR number cell with no decimals.
    expect(first.getCell(amountCol).value).toBe(150001);
    expect(first.getCell(amountCol).numFmt).toBe('#,##0');
    expect(first.getCell(statusCol).value).toBe('Sucesso');
    const createdCol = header.indexOf('Criado em') + 1;
    expect(String(first.getCell(createdCol).value)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it("names the file after the list and the session zone's wall clock, not UTC (issue 40)", async () => {
    // demo_admin's session is in IDR: Asia/Jakarta, seven hours ahead of UTC all year.
    const { url } = (await demoAdminPt.post('/exports', { kind: 'collections', filters: { currency: 'IDR' } })).json().result;
    const file = await fetchFile(demoAdminPt, url, 'pt-BR');
    expect(file.statusCode).toBe(200);
    const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(file.headers['content-disposition']))?.[1] ?? '');
    const token = new URL(url, 'http://x').pathname.split('/').pop();
    const { rows } = await tdb.pool.query<{ created_at: Date; time_zone: string }>('select created_at, time_zone from export_job where download_token = $1', [token]);
    const job = rows[0]!;
    expect(job.time_zone).toBe('Asia/Jakarta');
    const stamp = (zone: string) => formatWallClock(job.created_at, zone).replace(/[- :]/g, '');
    expect(name).toBe(`${translate('pt-BR', 'collections.title').replace(/[^\p{L}\p{N}_-]+/gu, '_')}_${stamp('Asia/Jakarta')}.xlsx`);
    expect(name).not.toContain(stamp('UTC'));
  });

  it('unknown download tokens are 404', async () => {
    const bad = await fetchFile(demoAdmin, '/api/exports/download/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');
    expect(bad.statusCode).toBe(404);
  });

  it('a download link alone opens nothing: signed out 401, a user of another merchant 404, its own users 200', async () => {
    const { url } = (await demoAdmin.post('/exports', { kind: 'collections', filters: { currency: 'IDR' } })).json().result;
    expect((await fetchFile(null, url)).statusCode).toBe(401);
    expect((await fetchFile(business, url)).statusCode).toBe(404);
    expect((await fetchFile(demoAdmin, url)).statusCode).toBe(200);
  });

  it('a colleague may download only with the list permission and every column of the file', () => {
    const job = { merchantId: 10001, kind: 'collections', filters: { columns: ['createdAt', 'amount'] } } as unknown as Parameters<typeof mayDownload>[1];
    const reader = (over: Partial<Parameters<typeof mayDownload>[2]> = {}) => ({
      merchantId: 10001,
      holds: () => true,
      visible: () => ['createdAt', 'amount', 'status'],
      ...over,
    });
    expect(mayDownload(app.lists, job, reader())).toBe(true);
    expect(mayDownload(app.lists, job, reader({ merchantId: 10002 }))).toBe(false);
    expect(mayDownload(app.lists, job, reader({ holds: () => false }))).toBe(false);
    expect(mayDownload(app.lists, job, reader({ visible: () => ['createdAt'] }))).toBe(false);
  });

  it('exports only what the caller may see: another merchant gets its own (empty) list', async () => {
    const res = await business.post('/exports', { kind: 'collections', filters: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.rows).toBe(0);
  });

  it('rejects bad filters naming the field, and a range over one month', async () => {
    const bad = await demoAdmin.post('/exports', { kind: 'collections', filters: { status: 'nonsense' } });
    expect(bad.statusCode).toBe(400);
    const long = await demoAdmin.post('/exports', {
      kind: 'collections',
      filters: { createTime_begin: '2026-01-01 00:00:00', createTime_end: '2026-03-15 00:00:00' },
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('createTime_end');
  });

  it('needs the export permission and the list permission', async () => {
    const { rows } = await tdb.pool.query("select 1 from app_user where username = 'crypto_admin'");
    if (rows.length > 0) cryptoRead = client(app, await login(app, 'crypto_admin'));
    const anonymous = await app.inject({ method: 'POST', url: '/api/exports', payload: { kind: 'collections', filters: {} } });
    expect(anonymous.statusCode).toBe(401);
    if (cryptoRead) {
      const settlements = await cryptoRead.post('/exports', { kind: 'settlements', filters: {} });
      expect([200, 403]).toContain(settlements.statusCode);
    }
  });
});

describe('large exports run as a job and are e-mailed', () => {
  it('the job worker knows every list the routes serve (modules/lists.ts is complete)', () => {
    const inWorker = listSources(app.publicUrl);
    expect([...inWorker.keys()].sort()).toEqual([...app.lists.keys()].sort());
    for (const [name, source] of app.lists) expect(inWorker.get(name)?.list).toBe(source.list);
  });

  it('over the direct limit (counted with the list filters): a job with progress, a file, an e-mail with the link', async () => {
    // The real limit is EXPORT_SYNC_MAX_ROWS (100 000); the same path with a limit of 10 keeps the test fast.
    expect(EXPORT_SYNC_MAX_ROWS).toBe(100_000);
    const { rows: users } = await tdb.pool.query("select id from app_user where username = 'demo_admin'");
    const started = await startExport(app.db, app.lists, app.publicUrl, {
      merchantId: 10001,
      userId: Number(users[0].id),
      kind: 'collections',
      filters: { status: 'success', currency: 'IDR' },
      ctx: { scope: { all: false, ids: [10001] }, timeZone: 'America/Sao_Paulo', currency: 'IDR' },
      columns: ['createdAt'],
      lang: 'en-US',
      syncMaxRows: 10,
    });
    expect(started.mode).toBe('job');
    const jobId = started.mode === 'job' ? started.jobId : '';
    const expected = started.mode === 'job' ? started.totalRows : 0;
    expect(expected).toBeGreaterThanOrEqual(30);

    const queued = await demoAdmin.get(`/exports/${jobId}`);
    expect(queued.json().result.status).toBe(ExportStatus.QUEUED);
    // Another user cannot read someone else's job.
    expect((await business.get(`/exports/${jobId}`)).statusCode).toBe(404);

    const deps = { db: app.db, databaseUrl: tdb.url, dataDir: app.dataDir, fileStorage: app.fileStorage, publicUrl: app.publicUrl, mailer: app.mailer, log: app.log };
    expect(await runNextExportJob(deps)).toBe(jobId);
    const done = (await demoAdmin.get(`/exports/${jobId}`)).json().result;
    expect(done.status).toBe(ExportStatus.DONE);
    expect(done.doneRows).toBe(expected);
    expect(done.url).toContain('/api/exports/download/');

    // The e-mail links to the dashboard, which downloads with the session (never the bare file address).
    const { rows: mails } = await tdb.pool.query(
      "select to_address, subject, text_body from mail_outbox where text_body like '%exportToken=%' order by id desc limit 1",
    );
    const token = new URL(done.url).pathname.split('/').pop()!;
    expect(mails[0]?.text_body).toContain(`${app.publicUrl}/?exportToken=${token}`);
    expect(mails[0]?.text_body).not.toContain('/api/exports/download/');
    expect(mails[0]?.subject).toContain('Transaction records');

    expect((await fetchFile(null, done.url)).statusCode).toBe(401);
    const file = await fetchFile(demoAdmin, done.url);
    expect(file.statusCode).toBe(200);
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet.rowCount).toBe(expected + 1);
    // Times are in the job's zone (Sao Paulo, UTC-3) whatever the downloader's.
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const created = String(sheet.getRow(2).getCell(header.indexOf('Created') + 1).value);
    const { rows: newest } = await tdb.pool.query(
      "select to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD HH24:MI:SS') as t from collection where merchant_id = 10001 and status = 'success' and currency = 'IDR' order by created_at desc, id desc limit 1",
    );
    expect(created).toBe(newest[0].t);
    // Nothing left to run.
    expect(await runNextExportJob(deps)).toBeNull();

    // The file is in the database's file store (any instance serves it), nothing of it left in the scratch space.
    const { rows: files } = await tdb.pool.query('select j.file_id, b.size from export_job j join file_blob b on b.key = j.file_id where j.id = $1', [jobId]);
    expect(Number(files[0].size)).toBe(file.rawPayload.length);
    expect(fs.readdirSync(exportScratchDir(app.dataDir))).toEqual([]);
    // Once the link expires the file is removed and the link stops working.
    await tdb.pool.query("update export_job set expires_at = now() - interval '1 minute' where id = $1", [jobId]);
    expect(await purgeExpiredExports(app.db, app.fileStorage)).toBeGreaterThanOrEqual(1);
    expect((await tdb.pool.query('select count(*)::int n from file_blob where key = $1', [files[0].file_id])).rows[0].n).toBe(0);
    expect((await tdb.pool.query('select count(*)::int n from file_chunk where key = $1', [files[0].file_id])).rows[0].n).toBe(0);
    expect((await fetchFile(demoAdmin, done.url)).statusCode).toBe(404);
  }, JOB_TEST_TIMEOUT_MS);

  it('a job its process cannot write fails with the reason, leaves no file, and the next job still runs', async () => {
    const ask = () => askSmallJob('Asia/Jakarta', 'en-US');
    const broken = await ask();
    const good = await ask();
    if (broken.mode !== 'job' || good.mode !== 'job') throw new Error('expected jobs');
    // A list retired after the job was asked: the child process refuses it as the request would have.
    await tdb.pool.query("update export_job set kind = 'retired-list' where id = $1", [broken.jobId]);
    const deps = { db: app.db, databaseUrl: tdb.url, dataDir: app.dataDir, fileStorage: app.fileStorage, publicUrl: app.publicUrl, mailer: app.mailer, log: app.log };

    expect(await runNextExportJob(deps)).toBe(broken.jobId);
    const failed = (await demoAdmin.get(`/exports/${broken.jobId}`)).json().result;
    expect(failed.status).toBe(ExportStatus.FAILED);
    expect(failed.url).toBeNull();
    expect(fs.readdirSync(exportScratchDir(app.dataDir))).toEqual([]);
    expect((await tdb.pool.query('select file_id from export_job where id = $1', [broken.jobId])).rows[0].file_id).toBeNull();

    expect(await runNextExportJob(deps)).toBe(good.jobId);
    const done = (await demoAdmin.get(`/exports/${good.jobId}`)).json().result;
    expect(done.status).toBe(ExportStatus.DONE);
    expect(done.doneRows).toBe(good.totalRows);
  }, JOB_TEST_TIMEOUT_MS);

  it('a job its instance lost (no heartbeat for EXPORT_STALE_AFTER_MS) fails in its language; a live one runs on', async () => {
    const ask = () => askSmallJob('America/Sao_Paulo', 'pt-BR');
    const lost = await ask();
    const live = await ask();
    if (lost.mode !== 'job' || live.mode !== 'job') throw new Error('expected jobs');
    const staleSeconds = EXPORT_STALE_AFTER_MS / 1000 + 60;
    await tdb.pool.query("update export_job set status = 'running', heartbeat_at = now() - make_interval(secs => $2) where id = $1", [lost.jobId, staleSeconds]);
    await tdb.pool.query("update export_job set status = 'running', heartbeat_at = now() - interval '10 seconds' where id = $1", [live.jobId]);

    expect(await failLostExportJobs(app.db)).toEqual([lost.jobId]);
    const failed = (await demoAdminPt.get(`/exports/${lost.jobId}`)).json().result;
    expect(failed.status).toBe(ExportStatus.FAILED);
    expect(failed.error).toBe(translate('pt-BR', 'exports.interrupted'));
    expect((await demoAdmin.get(`/exports/${live.jobId}`)).json().result.status).toBe(ExportStatus.RUNNING);
    await tdb.pool.query("update export_job set status = 'failed' where id = $1", [live.jobId]);
  });
});

describe('audit export cells', () => {
  it("writes an entry's facts in the export's language, not as raw key: value text", async () => {
    const { exportColumns } = await import('../src/lib/list/cells');
    const { auditList, translate } = await import('@mg/domain');
    const column = exportColumns(auditList.columns, 'th-TH').find((c) => c.key === 'detail')!;
    expect(column.header).toBe(translate('th-TH', 'audit.details'));
    const cell = column.value({ detail: { reason: 'credentials', brand: 'lumipay', twoFactor: false } }, { lang: 'th-TH', time: (iso) => iso });
    expect(cell).toBe(
      `${translate('th-TH', 'audit.detail.reason')}: ${translate('th-TH', 'audit.reason.credentials')} · ${translate('th-TH', 'audit.detail.brand')}: LumiPay · ${translate('th-TH', 'audit.detail.twoFactor')}: ${translate('th-TH', 'common.status.no')}`,
    );
    expect(column.value({ detail: null }, { lang: 'th-TH', time: (iso) => iso })).toBeNull();
  });
});

describe('xlsx cell text', () => {
  it('escapes what XML needs escaped, drops what XML forbids, and returns plain text as it is', async () => {
    const { escapeXml } = await import('../src/lib/xlsx-stream');
    const plain = 'BTP0NXK-000123 · Pagamento à vista 支付';
    expect(escapeXml(plain)).toBe(plain);
    expect(escapeXml('a & b < c > d "e"')).toBe('a &amp; b &lt; c &gt; d &quot;e&quot;');
    expect(escapeXml('bell\u0007 tab\t nl\n')).toBe('bell tab\t nl\n');
  });
});
