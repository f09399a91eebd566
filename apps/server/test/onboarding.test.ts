/**
 * Onboarding (issue 14) through the HTTP API on real PostgreSQL: a registered merchant fills its application with
 * uploaded documents and a video, autosave keeps the version (a stale save and a save after submit are refused),
 * submit waits for everything, staff refuse a section and ask for information, the merchant fixes and resubmits,
 * staff approve and the merchant goes live: live keys before that are refused (the open API too), sandbox always.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus, COMPANY_DOC_TYPES, ONBOARDING_SECTIONS, type ApplicationView } from '@mg/domain';
import { hashPassword } from '../src/modules/auth/service';
import { insertRegistration } from '../src/modules/account/queries';
import { buildAdminTestApp, client, login, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { JPEG, PDF, PNG, WEBM, jpegWithExif, upload } from './helpers/files';
import { count } from './helpers/money-fixtures';
import { signingKey, testOpenApiClient } from './helpers/open-api-client';

const PASSWORD = 'Onboard-2026!';
let tdb: TestDatabase;
let app: FastifyInstance;
let applicant: Client;
let staff: Client;
let demo: Client;
let merchantId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  const passwordHash = await hashPassword(PASSWORD);
  merchantId = (await tdb.db.transaction((tx) => insertRegistration(tx, { companyName: 'Nusantara Kopi', brand: 'formkit', currency: 'IDR', username: 'kopi_admin', email: 'kopi@example.test', phone: null, passwordHash }))).merchantId;
  applicant = client(app, await login(app, 'kopi_admin', PASSWORD));
  [staff, demo] = await Promise.all([signIn(app, 'admin'), signIn(app, 'demo_admin')]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const ok = <T = ApplicationView>(res: LightMyRequestResponse): T => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).result as T;
};
const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: JSON.parse(res.body).errorCode as string });
const fileId = async (data: Buffer, biz: string, filename: string) => ok<{ id: string }>(await upload(app, applicant.token, { data, filename }, biz)).id;
const save = (section: string, version: number, data: unknown) => applicant.put(`/onboarding/application/sections/${section}`, { version, data });

describe('the applicant', () => {
  it('starts with a draft that says what is missing', async () => {
    const v = ok(await applicant.get('/onboarding/application'));
    expect(v).toMatchObject({ merchantId, merchantName: 'Nusantara Kopi', status: ApplicationStatus.DRAFT, editable: true, completion: 0 });
    // Every section but the corporate shareholders (a company may have none) asks for something.
    expect(new Set(v.missing.map((m) => m.section))).toEqual(new Set(ONBOARDING_SECTIONS.filter((s) => s !== 'corporateShareholder')));
    expect(v.events.map((e) => e.kind)).toEqual(['created']);
  });

  it('may not create a live key or sign live calls before approval; a sandbox key works', async () => {
    expect(refusal(await applicant.post('/developer/keys', { name: 'live', mode: 'live' }))).toEqual({ status: 403, code: 'MERCHANT_NOT_APPROVED' });
    const sandbox = ok<{ key: { id: string }; secret: string }>(await applicant.post('/developer/keys', { name: 'sandbox', mode: 'sandbox' }));
    const find = (keyId: string) =>
      testOpenApiClient(app, signingKey(keyId, sandbox.secret, merchantId)).GET('/collections', { params: { query: { merchantOrderId: 'none' } } });
    const res = await find(sandbox.key.id);
    expect(res.response.status).not.toBe(401);
    // A live key slipped in (as if made before this rule) is refused by the open API while the merchant is not active.
    await tdb.pool.query(`update api_key set mode = 'live', id = replace(id, 'mk_sandbox_', 'mk_live_') where merchant_id = $1`, [merchantId]);
    await tdb.pool.query(`update merchant set ip_whitelist = '{0.0.0.0/0}' where id = $1`, [merchantId]);
    const { rows } = await tdb.pool.query<{ id: string }>('select id from api_key where merchant_id = $1', [merchantId]);
    const live = await find(rows[0]!.id);
    expect({ status: live.response.status, code: live.error?.errorCode }).toEqual({ status: 403, code: 'MERCHANT_NOT_APPROVED' });
  });

  it('autosaves a section over its version; a stale version and bad data are refused, naming the field', async () => {
    let v = ok(await applicant.get('/onboarding/application'));
    v = ok(await save('companyInfo', v.version, { legalName: 'PT Nusantara Kopi', country: '360' }));
    expect(v.data.companyInfo).toEqual({ legalName: 'PT Nusantara Kopi', country: '360' });
    expect(refusal(await save('companyInfo', v.version - 1, { legalName: 'Other tab' }))).toEqual({ status: 409, code: 'APPLICATION_VERSION_CONFLICT' });
    const bad = await save('companyInfo', v.version, { incorporationDate: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).errors[0].field).toBe('data.incorporationDate');
    expect(ok(await applicant.get('/onboarding/application')).data.companyInfo?.legalName).toBe('PT Nusantara Kopi');
    // Two saves of the same section in a row: one "saved" entry on the timeline.
    const events = ok(await applicant.get('/onboarding/application')).events.filter((e) => e.kind === 'saved');
    expect(events).toEqual([expect.objectContaining({ section: 'companyInfo', actor: 'kopi_admin' })]);
  });

  it('refuses a file of another merchant in its documents', async () => {
    const foreign = ok<{ id: string }>(await upload(app, demo.token, { data: PDF, filename: 'x.pdf' }, 'document')).id;
    const v = ok(await applicant.get('/onboarding/application'));
    expect(refusal(await save('companyDoc', v.version, { documents: { articles: [foreign] } }))).toEqual({ status: 400, code: 'UNKNOWN_FILE' });
  });

  it('computes beneficial ownership through a corporate shareholder and requires the owners’ ID documents', async () => {
    let v = ok(await applicant.get('/onboarding/application'));
    v = ok(await save('corporateShareholder', v.version, { shareholders: [{ key: 'holdco', name: 'Kopi Holdings Pte Ltd', registrationNumber: '2019-1234', country: '702', holding: { of: 'applicant', percent: 50 } }] }));
    v = ok(
      await save('beneficialOwner', v.version, {
        owners: [
          { key: 'sari', name: 'Sari Wulandari', dateOfBirth: '1985-04-02', nationality: '360', holdings: [{ of: 'holdco', percent: 40 }] },
          { key: 'budi', name: 'Budi Santoso', dateOfBirth: '1979-11-20', nationality: '360', holdings: [{ of: 'holdco', percent: 60 }, { of: 'applicant', percent: 10 }] },
        ],
      }),
    );
    expect(v.ownership).toEqual([
      { key: 'sari', percent: 20, beneficial: false },
      { key: 'budi', percent: 40, beneficial: true },
    ]);
    expect(v.missing).toContainEqual(expect.objectContaining({ section: 'beneficialOwner', field: 'owners.budi.idDocuments', reason: 'document' }));
    expect(v.missing.some((m) => m.field === 'owners.sari.idDocuments')).toBe(false);
  });

  it('cannot submit while anything is missing', async () => {
    const v = ok(await applicant.get('/onboarding/application'));
    expect(refusal(await applicant.post('/onboarding/application/submit', { version: v.version, agree: true }))).toEqual({ status: 422, code: 'APPLICATION_INCOMPLETE' });
  });

  it('records the video of the phrase handed out; at most three attempts', async () => {
    const start = ok<{ phrase: string; attemptsLeft: number }>(await applicant.post('/onboarding/application/video/start'));
    expect(start.phrase).toMatch(/^\d{2}( \d{2}){3}$/);
    expect(start.attemptsLeft).toBe(3);
    // A document is not a recording.
    const pdf = await fileId(PDF, 'document', 'x.pdf');
    expect(refusal(await applicant.post('/onboarding/application/video', { fileId: pdf, seconds: 12 }))).toEqual({ status: 400, code: 'UNKNOWN_FILE' });
    const video = await fileId(WEBM, 'video', 'ident.webm');
    expect((await applicant.post('/onboarding/application/video', { fileId: video, seconds: 1 })).statusCode).toBe(400);
    const v = ok(await applicant.post('/onboarding/application/video', { fileId: video, seconds: 12.5 }));
    expect(v.data.videoIdentification?.recordings).toEqual([expect.objectContaining({ fileId: video, phrase: start.phrase, seconds: 12.5 })]);
    expect(v.videoAttemptsLeft).toBe(2);
    expect(v.files[video]?.type).toBe('webm');
    // A recording needs a phrase handed out first.
    expect(refusal(await applicant.post('/onboarding/application/video', { fileId: video, seconds: 3 })).status).toBe(400);
  });

  it('fills the rest and submits; the application is then locked', async () => {
    let v = ok(await applicant.get('/onboarding/application'));
    const id = await fileId(jpegWithExif('camera'), 'image', 'passport.jpg');
    v = ok(
      await save('companyInfo', v.version, {
        legalName: 'PT Nusantara Kopi',
        registrationNumber: 'AHU-0012345',
        country: '360',
        incorporationDate: '2019-03-01',
        registeredAddress: 'Jl. Sudirman 1, Jakarta',
        businessAddress: 'Jl. Sudirman 1, Jakarta',
        industry: 3,
        website: 'https://kopi.example',
        expectedMonthlyVolume: 250000,
      }),
    );
    const documents = Object.fromEntries(await Promise.all(COMPANY_DOC_TYPES.map(async (t) => [t, [await fileId(PDF, 'document', `${t}.pdf`)]])));
    v = ok(await save('companyDoc', v.version, { documents }));
    v = ok(await save('director', v.version, { directors: [{ key: 'd1', name: 'Budi Santoso', dateOfBirth: '1979-11-20', nationality: '360', position: 'CEO', idDocuments: [id] }] }));
    const owners = v.data.beneficialOwner!.owners!.map((o) => (o.key === 'budi' ? { ...o, idDocuments: [id] } : o));
    v = ok(await save('beneficialOwner', v.version, { owners }));
    v = ok(await save('authorizedPerson', v.version, { persons: [{ key: 'p1', name: 'Sari Wulandari', email: 'sari@kopi.example', phone: '+62 811 000', title: 'CFO', idDocuments: [id] }] }));
    expect(v.missing).toEqual([]);
    expect(v.completion).toBe(100);
    v = ok(await applicant.post('/onboarding/application/submit', { version: v.version, agree: true }));
    expect(v).toMatchObject({ status: ApplicationStatus.SUBMITTED, editable: false });
    // Platform staff are told in their bell.
    expect(await count(tdb.pool, `select 1 from announcement where merchant_id = 10000 and title like '%Nusantara Kopi%'`)).toBe(1);
    expect(refusal(await save('companyInfo', v.version, { legalName: 'Too late' }))).toEqual({ status: 409, code: 'APPLICATION_LOCKED' });
    expect(refusal(await applicant.post('/onboarding/application/video/start')).code).toBe('APPLICATION_LOCKED');
  });
});

describe('staff review', () => {
  const path = (p = '') => `/onboarding/applications/${merchantId}${p}`;

  it('is for platform staff only', async () => {
    expect((await applicant.get('/onboarding/applications')).statusCode).toBe(403);
    expect((await applicant.post(path('/approve'))).statusCode).toBe(403);
    expect((await demo.get(path())).statusCode).toBe(403);
  });

  it('lists the submitted application in the queue and starts the review', async () => {
    const page = ok<{ records: { merchantId: number; status: string; legalName: string; completion: number }[] }>(await staff.get('/onboarding/applications', { status: 'submitted' }));
    expect(page.records).toContainEqual(expect.objectContaining({ merchantId, status: 'submitted', legalName: 'PT Nusantara Kopi', completion: 100 }));
    const v = ok(await staff.post(path('/review')));
    expect(v.status).toBe(ApplicationStatus.IN_REVIEW);
    expect((await staff.post(path('/review'))).statusCode).toBe(422);
  });

  it('cannot approve before every section is accepted; a refusal needs a reason', async () => {
    expect(refusal(await staff.post(path('/approve'))).status).toBe(422);
    expect((await staff.post(path('/decisions'), { section: 'companyDoc', decision: 'rejected' })).statusCode).toBe(400);
  });

  it('refuses a section, asks for information with a due date, keeps a note internal, and sends it back', async () => {
    for (const s of ONBOARDING_SECTIONS.filter((x) => x !== 'companyDoc')) ok(await staff.post(path('/decisions'), { section: s, decision: 'accepted' }));
    ok(await staff.post(path('/decisions'), { section: 'companyDoc', decision: 'rejected', reason: 'The bank statement is older than three months' }));
    const doc = ok(await staff.post(path('/decisions'), { section: 'companyDoc', field: 'documents.bankStatement', decision: 'rejected', reason: 'Dated August' }));
    expect(doc.decisions['companyDoc:documents.bankStatement']).toMatchObject({ decision: 'rejected', reason: 'Dated August', by: 'admin' });
    expect(doc.events.at(-1)).toMatchObject({ kind: 'document_rejected', section: 'companyDoc', field: 'documents.bankStatement', message: 'Dated August' });
    ok(await staff.post(path('/requests'), { section: 'companyDoc', field: 'documents.bankStatement', message: 'Upload a statement of the last three months', dueDate: '2026-12-04' }));
    ok(await staff.post(path('/comments'), { message: 'Director checked against the AHU registry', internal: true }));
    const mails = await count(tdb.pool, 'select 1 from mail_outbox where to_address = $1', ['kopi@example.test']);
    const v = ok(await staff.post(path('/request-changes'), { message: 'One document needs replacing' }));
    expect(v.status).toBe(ApplicationStatus.CHANGES_REQUESTED);
    expect(await count(tdb.pool, 'select 1 from mail_outbox where to_address = $1', ['kopi@example.test'])).toBe(mails + 1);
    expect(v.events.some((e) => e.kind === 'note' && e.internal)).toBe(true);
  });

  it('the applicant sees the request at its field and not the internal note, fixes it and resubmits', async () => {
    let v = ok(await applicant.get('/onboarding/application'));
    expect(v.editable).toBe(true);
    expect(v.requests).toEqual([expect.objectContaining({ section: 'companyDoc', field: 'documents.bankStatement', dueDate: '2026-12-04', resolvedAt: null })]);
    expect(v.decisions.companyDoc).toMatchObject({ decision: 'rejected', reason: 'The bank statement is older than three months' });
    expect(v.events.some((e) => e.internal || e.kind === 'note')).toBe(false);
    // Other bytes than the refused one (an upload of the same bytes again would be no change).
    const statement = await fileId(PNG, 'document', 'statement-nov.png');
    v = ok(await save('companyDoc', v.version, { documents: { ...v.data.companyDoc!.documents, bankStatement: [statement] } }));
    ok(await applicant.post('/onboarding/application/comments', { message: 'Uploaded the November statement' }));
    v = ok(await applicant.post('/onboarding/application/submit', { version: ok(await applicant.get('/onboarding/application')).version, agree: true }));
    expect(v.status).toBe(ApplicationStatus.SUBMITTED);
    expect(v.requests[0]!.resolvedAt).not.toBeNull();
    // The refused section is decided again; the accepted ones stay accepted.
    expect(v.decisions.companyDoc).toBeUndefined();
    expect(v.decisions['companyDoc:documents.bankStatement']).toBeUndefined();
    expect(v.decisions.companyInfo?.decision).toBe('accepted');
    // The applicant is not shown the comparison; staff are: only the company documents changed.
    expect(v.round).toBeNull();
    const seen = ok(await staff.get(`/onboarding/applications/${merchantId}`));
    expect(seen.round?.changes).toMatchObject({ companyInfo: 'unchanged', companyDoc: 'changed', 'companyDoc:documents.bankStatement': 'changed', 'companyDoc:documents.articles': 'unchanged' });
    expect(seen.round?.previous.companyDoc).toMatchObject({ decision: 'rejected', reason: 'The bank statement is older than three months' });
    expect(seen.round?.acceptable).toEqual([]);
    // The hash a decision is kept with is the server's: not in any view.
    expect(JSON.stringify(seen)).not.toContain('"hash"');
  });

  it('approves: the merchant goes live, is told, and may create a live key', async () => {
    ok(await staff.post(path('/review')));
    ok(await staff.post(path('/decisions'), { section: 'companyDoc', decision: 'accepted' }));
    // A refused document holds the approval back even with every section accepted.
    ok(await staff.post(path('/decisions'), { section: 'director', field: 'directors.d1.idDocuments', decision: 'rejected', reason: 'Blurred' }));
    expect(refusal(await staff.post(path('/approve'))).status).toBe(422);
    ok(await staff.post(path('/decisions'), { section: 'director', field: 'directors.d1.idDocuments', decision: 'accepted' }));
    const v = ok(await staff.post(path('/approve')));
    expect(v.status).toBe(ApplicationStatus.APPROVED);
    expect(v.decidedAt).not.toBeNull();
    const { rows } = await tdb.pool.query<{ status: string }>('select status from merchant where id = $1', [merchantId]);
    expect(rows[0]!.status).toBe('active');
    expect(await count(tdb.pool, 'select 1 from announcement where merchant_id = $1', [merchantId])).toBe(2);
    const live = ok<{ key: { mode: string } }>(await applicant.post('/developer/keys', { name: 'live', mode: 'live' }));
    expect(live.key.mode).toBe('live');
    expect(v.events.map((e) => e.kind)).toEqual(expect.arrayContaining(['submitted', 'review_started', 'section_decided', 'info_requested', 'changes_requested', 'approved']));
    expect(refusal(await staff.post(path('/reject'), { reason: 'x' })).status).toBe(422);
  });
});

describe('a resubmission keeps the acceptances whose content is unchanged (issue 40)', () => {
  let tea: Client;
  let teaId: number;
  const path = (p = '') => `/onboarding/applications/${teaId}${p}`;
  const teaFile = async (data: Buffer, biz: string, filename: string) => ok<{ id: string }>(await upload(app, tea.token, { data, filename }, biz)).id;
  const teaSave = async (section: string, data: unknown) => {
    const { version } = ok(await tea.get('/onboarding/application'));
    return ok(await tea.put(`/onboarding/application/sections/${section}`, { version, data }));
  };
  const submitTea = async () => ok(await tea.post('/onboarding/application/submit', { version: ok(await tea.get('/onboarding/application')).version, agree: true }));
  const accept = (section: string, field?: string) => staff.post(path('/decisions'), { section, ...(field ? { field } : {}), decision: 'accepted' });

  beforeAll(async () => {
    const passwordHash = await hashPassword(PASSWORD);
    teaId = (await tdb.db.transaction((tx) => insertRegistration(tx, { companyName: 'Lumbung Teh', brand: 'formkit', currency: 'IDR', username: 'teh_admin', email: 'teh@example.test', phone: null, passwordHash }))).merchantId;
    tea = client(app, await login(app, 'teh_admin', PASSWORD));
    const id = await teaFile(JPEG, 'image', 'ktp.jpg');
    await teaSave('companyInfo', {
      legalName: 'PT Lumbung Teh',
      registrationNumber: 'AHU-0098765',
      country: '360',
      incorporationDate: '2020-06-15',
      registeredAddress: 'Jl. Braga 9, Bandung',
      businessAddress: 'Jl. Braga 9, Bandung',
      industry: 3,
      expectedMonthlyVolume: 90000,
    });
    await teaSave('companyDoc', { documents: Object.fromEntries(await Promise.all(COMPANY_DOC_TYPES.map(async (t) => [t, [await teaFile(PDF, 'document', `${t}.pdf`)]]))) });
    await teaSave('corporateShareholder', { shareholders: [] });
    await teaSave('director', { directors: [{ key: 'd1', name: 'Ayu Lestari', dateOfBirth: '1988-02-11', nationality: '360', position: 'Director', idDocuments: [id] }] });
    await teaSave('beneficialOwner', { owners: [{ key: 'o1', name: 'Ayu Lestari', dateOfBirth: '1988-02-11', nationality: '360', holdings: [{ of: 'applicant', percent: 100 }], idDocuments: [id] }] });
    await teaSave('authorizedPerson', { persons: [{ key: 'p1', name: 'Ayu Lestari', email: 'ayu@teh.example', idDocuments: [id] }] });
    ok(await tea.post('/onboarding/application/video/start'));
    ok(await tea.post('/onboarding/application/video', { fileId: await teaFile(WEBM, 'video', 'ident.webm'), seconds: 10 }));
    expect((await submitTea()).status).toBe(ApplicationStatus.SUBMITTED);
  });

  it('a first submission has no round to compare with', async () => {
    const v = ok(await staff.post(path('/review')));
    expect(v.round).toBeNull();
    expect(refusal(await staff.post(path('/accept-unchanged'), { sections: ['companyInfo'] }))).toEqual({ status: 422, code: 'BUSINESS_RULE' });
  });

  it('round one: some sections and documents accepted, the owners refused, a question on the authorised persons', async () => {
    for (const s of ['companyInfo', 'companyDoc', 'director']) ok(await accept(s));
    ok(await accept('companyDoc', 'documents.articles'));
    ok(await accept('companyDoc', 'documents.proofOfAddress'));
    ok(await accept('director', 'directors.d1.idDocuments'));
    ok(await staff.post(path('/decisions'), { section: 'beneficialOwner', decision: 'rejected', reason: 'Name the second shareholder' }));
    ok(await staff.post(path('/requests'), { section: 'authorizedPerson', field: 'persons.p1.phone', message: 'A phone number, please', dueDate: '2026-12-04' }));
    expect(ok(await staff.post(path('/request-changes'), { message: 'Two things to look at' })).status).toBe(ApplicationStatus.CHANGES_REQUESTED);
  });

  it('the applicant changes one field, replaces one document and uploads the director’s ID again (same bytes)', async () => {
    let v = ok(await tea.get('/onboarding/application'));
    await teaSave('companyInfo', { ...v.data.companyInfo, website: 'https://teh.example' });
    v = ok(await tea.get('/onboarding/application'));
    await teaSave('companyDoc', { documents: { ...v.data.companyDoc!.documents, proofOfAddress: [await teaFile(PNG, 'document', 'utility-bill.png')] } });
    // A new upload of the very same photo: a new file id, the same stored bytes.
    const again = await teaFile(JPEG, 'image', 'ktp-again.jpg');
    v = ok(await tea.get('/onboarding/application'));
    await teaSave('director', { directors: v.data.director!.directors!.map((d) => ({ ...d, idDocuments: [again] })) });
    // Typed and cleared again: blank is no change.
    v = ok(await tea.get('/onboarding/application'));
    await teaSave('authorizedPerson', { persons: v.data.authorizedPerson!.persons!.map((p) => ({ ...p, phone: '' })) });
    expect((await submitTea()).status).toBe(ApplicationStatus.SUBMITTED);
  });

  it('staff find kept what did not change, and decided again what changed or was refused', async () => {
    const v = ok(await staff.post(path('/review')));
    const decided = Object.fromEntries(Object.entries(v.decisions).map(([k, d]) => [k, d.decision]));
    // Kept: the acceptances of unchanged content (the director's ID is the same bytes under a new id, the articles
    // the same file). Reset: the company (a field changed), its documents section and the replaced proof of address;
    // the refusal of the owners is answered by the resubmission.
    expect(decided).toEqual({ 'companyDoc:documents.articles': 'accepted', director: 'accepted', 'director:directors.d1.idDocuments': 'accepted' });
    expect(v.round?.changes).toMatchObject({
      companyInfo: 'changed',
      companyDoc: 'changed',
      'companyDoc:documents.proofOfAddress': 'changed',
      'companyDoc:documents.articles': 'unchanged',
      director: 'unchanged',
      beneficialOwner: 'unchanged',
      authorizedPerson: 'unchanged',
      corporateShareholder: 'unchanged',
      videoIdentification: 'unchanged',
    });
    expect(v.round?.previous).toMatchObject({ companyInfo: { decision: 'accepted', by: 'admin' }, beneficialOwner: { decision: 'rejected', reason: 'Name the second shareholder' } });
    // Unchanged and nothing asked about them: the corporate shareholders and the video. Not the owners (refused and
    // unchanged), not the authorised persons (asked about), not the company (changed).
    expect(v.round?.acceptable).toEqual(['corporateShareholder', 'videoIdentification']);
  });

  it('"accept the unchanged sections" accepts those of them the reviewer was shown, each on the timeline', async () => {
    const before = ok(await staff.get(path())).events.length;
    const v = ok(await staff.post(path('/accept-unchanged'), { sections: ['companyInfo', 'videoIdentification', 'corporateShareholder'] }));
    expect(v.decisions.corporateShareholder).toMatchObject({ decision: 'accepted', by: 'admin', reason: null });
    expect(v.decisions.videoIdentification).toMatchObject({ decision: 'accepted', by: 'admin' });
    // Shown, but changed: left to the reviewer.
    expect(v.decisions.companyInfo).toBeUndefined();
    expect(v.events.slice(before).map((e) => [e.kind, e.section, e.actor])).toEqual([
      ['unchanged_accepted', 'corporateShareholder', 'admin'],
      ['unchanged_accepted', 'videoIdentification', 'admin'],
    ]);
    expect(v.round?.acceptable).toEqual([]);
    expect(refusal(await staff.post(path('/accept-unchanged'), { sections: ['corporateShareholder'] }))).toEqual({ status: 422, code: 'BUSINESS_RULE' });
    expect((await demo.post(path('/accept-unchanged'), { sections: ['companyInfo'] })).statusCode).toBe(403);
  });

  it('approval waits for what is left; a further resubmission keeps the acceptances of this round', async () => {
    expect(refusal(await staff.post(path('/approve'))).status).toBe(422);
    for (const s of ['companyInfo', 'companyDoc', 'beneficialOwner', 'authorizedPerson']) ok(await accept(s));
    // One more round: a request only, nothing changed. Every acceptance is kept, approval needs nothing more.
    ok(await staff.post(path('/requests'), { section: 'companyInfo', field: 'website', message: 'Is the website live?', dueDate: '2026-12-04' }));
    ok(await staff.post(path('/request-changes'), { message: 'One question' }));
    await submitTea();
    ok(await staff.post(path('/review')));
    const v = ok(await staff.get(path()));
    expect(Object.keys(v.decisions).filter((k) => !k.includes(':')).sort()).toEqual([...ONBOARDING_SECTIONS].sort());
    expect(Object.values(v.round!.changes).every((c) => c === 'unchanged')).toBe(true);
    expect(ok(await staff.post(path('/approve'))).status).toBe(ApplicationStatus.APPROVED);
  });
});

describe('a merchant live before onboarding existed', () => {
  it('reads an approved application, not a draft to fill', async () => {
    const v = ok(await demo.get('/onboarding/application'));
    expect(v).toMatchObject({ status: ApplicationStatus.APPROVED, editable: false });
    expect(v.decidedAt).not.toBeNull();
  });
});
