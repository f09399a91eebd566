/**
 * The staff review of onboarding applications against a fake server: the queue, the sections, decisions of sections
 * and documents, why Approve is not offered, what a resubmission kept and changed, "accept the unchanged sections",
 * requests for information, comments and notes, refusals, a reader without the review permission.
 *
 * Long file: one fake application server for every case; each case is short.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INFO_REQUEST_DEFAULT_DAYS, ONBOARDING_PERM, ONBOARDING_SECTIONS, type ApplicationView, type FileView } from '@mg/domain';
import OnboardingReview from '../src/features/onboarding/OnboardingReviewPage';
import { addDays, todayIn } from '../src/components/list/range';
import { fakeServer, page, renderScreen, Reply, signIn, signOutForTests } from './screens-harness';

// The preview (pdf.js, video) is the upload kit's and tested there: here only which file it is asked to show.
vi.mock('../src/components/upload', () => ({
  FilePreview: ({ file, open }: { file: FileView; open: boolean }) => (open ? <div data-testid="file-preview">{file.name}</div> : null),
}));

afterEach(() => signOutForTests());

const MERCHANT = 10007;
const BASE = `/onboarding/applications/${MERCHANT}`;
const FILE_ID = '0b9d1f7e-5c2a-4f6e-9a51-2f3c4d5e6f70';
const ID_FILE = '2d7f3b8a-6c4e-4f1a-9b72-4f5e6a7b8c92';
const VIDEO_ID = '1c8e2a6f-4b3d-4e5f-8a61-3e4d5f6a7b81';
const AT = '2026-03-02T03:00:00.000Z';

const file = (id: string, name: string, type: FileView['type']): FileView => ({ id, name, type, size: 1024, biz: 'document', url: `/api/sys/common/static/${id}?exp=1&sig=x`, createdAt: AT });

const ROW = { merchantId: MERCHANT, merchantName: 'Acme Trading', brand: 'tikipay', status: 'submitted', legalName: 'Acme Trading Pte Ltd', completion: 100, openRequests: 0, submittedAt: AT, updatedAt: AT };

function application(over: Partial<ApplicationView> = {}): ApplicationView {
  return {
    merchantId: MERCHANT,
    merchantName: 'Acme Trading',
    brand: 'tikipay',
    status: 'submitted',
    editable: false,
    version: 4,
    data: {
      companyInfo: { legalName: 'Acme Trading Pte Ltd', registrationNumber: '201912345K', country: '702', industry: 3, expectedMonthlyVolume: 250000 },
      companyDoc: { documents: { articles: [FILE_ID] } },
      corporateShareholder: { shareholders: [{ key: 'c1', name: 'Acme Holdings', registrationNumber: 'H-1', country: '360', holding: { of: 'applicant', percent: 50 } }] },
      director: { directors: [{ key: 'd1', name: 'Dana Lim', position: 'CEO', nationality: '702' }] },
      beneficialOwner: { owners: [{ key: 'o1', name: 'Omar Tan', holdings: [{ of: 'c1', percent: 60 }] }] },
      authorizedPerson: { persons: [{ key: 'p1', name: 'Pat Wong', email: 'pat@acme.test' }] },
      videoIdentification: { recordings: [{ fileId: VIDEO_ID, phrase: 'blue river seven lamps', seconds: 12, at: AT }] },
    },
    missing: [],
    completion: 100,
    ownership: [{ key: 'o1', percent: 30, beneficial: true }],
    decisions: {},
    requests: [],
    events: [
      { id: 1, kind: 'created', section: null, field: null, message: null, internal: false, actor: 'acme_admin', at: AT },
      { id: 2, kind: 'submitted', section: null, field: null, message: null, internal: false, actor: 'acme_admin', at: AT },
    ],
    round: null,
    files: { [FILE_ID]: file(FILE_ID, 'articles.pdf', 'pdf'), [VIDEO_ID]: file(VIDEO_ID, 'video.webm', 'webm') },
    videoAttemptsLeft: 2,
    submittedAt: AT,
    decidedAt: null,
    updatedAt: AT,
    ...over,
  };
}

const accepted = (sections: readonly string[]) => Object.fromEntries(sections.map((s) => [s, { decision: 'accepted' as const, reason: null, by: 'reviewer', at: AT }]));

/** The fake server keeps the application and answers each review call by changing it. */
function server(start: ApplicationView, extra: Record<string, (body: Record<string, unknown>) => unknown> = {}) {
  let view = start;
  let nextEvent = 100;
  const event = (kind: string, body: Record<string, unknown>, internal = false) =>
    ({ id: nextEvent++, kind, section: (body.section as string) ?? null, field: (body.field as string) ?? null, message: (body.message as string) ?? (body.reason as string) ?? null, internal, actor: 'reviewer', at: AT });
  const srv = fakeServer({
    'GET /onboarding/applications': () => page([ROW]),
    [`GET ${BASE}`]: () => view,
    [`POST ${BASE}/decisions`]: (c) => {
      const b = c.body ?? {};
      // As the server keeps it: a document's decision under `<section>:<field>`, a section's under its name.
      const key = b.field ? `${String(b.section)}:${String(b.field)}` : String(b.section);
      view = {
        ...view,
        // Taken now, as the server stamps it (after any submission of these tests).
        decisions: { ...view.decisions, [key]: { decision: b.decision as 'accepted', reason: (b.reason as string) || null, by: 'reviewer', at: new Date().toISOString() } },
        // As the server writes it: a document's decision with its field, a section's with the decision as its field.
        events: [...view.events, b.field ? event(`document_${String(b.decision)}`, b) : { ...event('section_decided', b), field: String(b.decision) }],
      };
      return view;
    },
    [`POST ${BASE}/comments`]: (c) => {
      const b = c.body ?? {};
      view = { ...view, events: [...view.events, event(b.internal ? 'note' : 'comment', b, Boolean(b.internal))] };
      return view;
    },
    [`POST ${BASE}/requests`]: (c) => {
      const b = c.body ?? {};
      view = { ...view, requests: [...view.requests, { id: 7, section: b.section as 'companyDoc', field: String(b.field), message: String(b.message), dueDate: String(b.dueDate), createdBy: 'reviewer', createdAt: AT, resolvedAt: null }] };
      return view;
    },
    [`POST ${BASE}/request-changes`]: (c) => {
      view = { ...view, status: 'changes_requested', events: [...view.events, event('changes_requested', c.body ?? {})] };
      return view;
    },
    [`POST ${BASE}/approve`]: () => {
      view = { ...view, status: 'approved', decidedAt: AT, events: [...view.events, event('approved', {})] };
      return view;
    },
    ...Object.fromEntries(Object.entries(extra).map(([k, h]) => [k, (c: { body: Record<string, unknown> | undefined }) => h(c.body ?? {})])),
  });
  return srv;
}

async function openApplication(srv: ReturnType<typeof fakeServer>) {
  await renderScreen(<OnboardingReview />, { server: srv, path: '/system/onboarding' });
  // A click on the row (not on the merchant link) opens the application.
  fireEvent.click(await screen.findByText('Acme Trading Pte Ltd'));
  return screen.findByTestId('application-header');
}

// Each test opens the queue (ProTable) and a drawer of seven sections: slow in jsdom when the whole suite runs.
describe('Onboarding review', { timeout: 40_000 }, () => {
  it('opens on the waiting applications; a row shows the sections in order with their data, and the timeline', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const srv = server(application());
    await openApplication(srv);
    expect(srv.callsTo('GET', '/onboarding/applications')[0]?.query.get('status')).toBe('submitted,in_review');

    const sections = ONBOARDING_SECTIONS.map((s) => screen.getByTestId(`section-${s}`));
    expect(sections.map((el) => el.querySelector('.ant-card-head-title span')?.textContent)).toEqual([
      'Company information',
      'Company documents',
      'Corporate shareholders',
      'Directors',
      'Beneficial owners',
      'Authorised persons',
      'Video identification',
    ]);
    const info = screen.getByTestId('data-companyInfo');
    expect(within(info).getByText('Singapore')).toBeTruthy();
    expect(within(info).getByText('E-commerce')).toBeTruthy();
    expect(within(info).getByText('250,000 USD')).toBeTruthy();
    // The owner's share through the chain (60 % of a holder of 50 %) as the server computed it, marked beneficial.
    expect(screen.getByTestId('ownership-o1').textContent).toBe('30 %');
    expect(within(screen.getByTestId('entry-beneficialOwner-o1')).getByText('Beneficial owner')).toBeTruthy();
    expect(within(screen.getByTestId('entry-corporateShareholder-c1')).getByText('50 % · This company')).toBeTruthy();

    const timeline = screen.getByTestId('timeline');
    expect(within(timeline).getByText('Application started')).toBeTruthy();
    expect(within(timeline).getByText('Submitted')).toBeTruthy();
    expect(within(timeline).getAllByText(/^acme_admin · 2026-03-02 10:00:00$/)).toHaveLength(2);

    // A document opens in the preview.
    fireEvent.click(screen.getByTestId(`file-${FILE_ID}`));
    expect((await screen.findByTestId('file-preview')).textContent).toBe('articles.pdf');
  });

  it('Approve stays disabled until every section is accepted, then asks before approving', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const srv = server(application({ status: 'in_review', decisions: accepted(ONBOARDING_SECTIONS.slice(0, -1)) }));
    await openApplication(srv);
    expect(screen.queryByTestId('review-start')).toBeNull();
    expect((screen.getByTestId('approve') as HTMLButtonElement).disabled).toBe(true);
    // Why, in words, next to it (and named as its description for a screen reader).
    expect(screen.getByTestId('approve-blocked-undecided').textContent).toBe('Not accepted yet: Video identification');
    expect(screen.getByTestId('approve').getAttribute('aria-describedby')).toBe('approve-blocked');
    expect(document.getElementById('approve-blocked')).toBe(screen.getByTestId('approve-blocked'));

    await act(async () => {
      fireEvent.click(screen.getByTestId('section-videoIdentification-accept'));
    });
    await waitFor(() => expect((screen.getByTestId('approve') as HTMLButtonElement).disabled).toBe(false));
    expect(srv.callsTo('POST', `${BASE}/decisions`)[0]?.body).toMatchObject({ section: 'videoIdentification', decision: 'accepted' });
    expect(screen.queryByTestId('approve-blocked')).toBeNull();

    fireEvent.click(screen.getByTestId('approve'));
    expect(srv.callsTo('POST', `${BASE}/approve`)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(await screen.findByTestId('approve-confirm'));
    });
    await waitFor(() => expect(srv.callsTo('POST', `${BASE}/approve`)).toHaveLength(1));
    // The answer is the approved application: no decision is offered any more.
    expect(await within(screen.getByTestId('application-status')).findByText('Approved')).toBeTruthy();
    expect(screen.queryByTestId('approve')).toBeNull();
    expect(screen.queryByTestId('section-companyInfo-accept')).toBeNull();
  });

  it('Approve stays disabled while something is missing, even with every section accepted', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const missing = [{ section: 'director' as const, field: 'directors.d1.idDocuments', reason: 'document', messageKey: 'onboarding.missing.document' }];
    await openApplication(server(application({ status: 'in_review', decisions: accepted(ONBOARDING_SECTIONS), missing })));
    expect((screen.getByTestId('approve') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('missing-director').textContent).toContain('Dana Lim · ID document: Upload the document');
    expect(screen.getByTestId('approve-blocked-missing').textContent).toBe('Still missing: Directors · Dana Lim · ID document');
    expect(screen.queryByTestId('approve-blocked-undecided')).toBeNull();
  });

  it('after a resubmission: kept acceptances say so, changed sections are marked, Approve names what the change reset', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const RESUBMITTED = '2026-03-05T03:00:00.000Z';
    const keptSections = ONBOARDING_SECTIONS.filter((s) => s !== 'companyDoc' && s !== 'beneficialOwner');
    const changes = Object.fromEntries(ONBOARDING_SECTIONS.map((s) => [s, s === 'companyDoc' ? ('changed' as const) : ('unchanged' as const)]));
    const srv = server(
      application({
        status: 'in_review',
        submittedAt: RESUBMITTED,
        // Taken on the submission before and kept by the server: their content did not change.
        decisions: accepted(keptSections),
        round: {
          changes: { ...changes, 'companyDoc:documents.articles': 'changed' },
          previous: {
            ...accepted([...keptSections, 'companyDoc']),
            beneficialOwner: { decision: 'rejected', reason: 'Name the second shareholder', by: 'reviewer', at: AT },
            'companyDoc:documents.articles': { decision: 'rejected', reason: 'Unsigned copy', by: 'reviewer', at: AT },
          },
          acceptable: [],
        },
      }),
    );
    await openApplication(srv);
    expect((screen.getByTestId('approve') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('approve-blocked-undecided').textContent).toBe('Not accepted yet: Company documents (changed since it was accepted) and Beneficial owners');
    // Nothing is unchanged and undecided without a question: no one-click acceptance.
    expect(screen.queryByTestId('accept-unchanged')).toBeNull();

    const docs = screen.getByTestId('section-companyDoc-change');
    expect([docs.getAttribute('data-change'), docs.textContent]).toEqual(['changed', 'Changed since the last submission']);
    expect(screen.getByTestId('section-companyDoc-previous').textContent).toContain('Before the resubmission: Accepted');
    expect(screen.getByTestId('section-companyDoc-previous').textContent).toContain('changed since: decide again');
    expect(screen.getByTestId('doc-companyDoc-documents.articles-change').textContent).toBe('Changed since the last submission');
    expect(screen.getByTestId('doc-companyDoc-documents.articles-previous').textContent).toBe('Before the resubmission: Needs changes: Unsigned copy');
    const owners = screen.getByTestId('section-beneficialOwner-previous').textContent;
    expect(owners).toContain('Before the resubmission: Needs changes: Name the second shareholder');
    expect(owners).toContain('unchanged since');
    expect(screen.getByTestId('section-companyInfo-change').getAttribute('data-change')).toBe('unchanged');
    expect(screen.getByTestId('section-companyInfo-decision-detail').textContent).toContain('kept by the resubmission: unchanged since');

    for (const s of ['companyDoc', 'beneficialOwner']) {
      await act(async () => {
        fireEvent.click(screen.getByTestId(`section-${s}-accept`));
      });
    }
    await waitFor(() => expect((screen.getByTestId('approve') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('approve-blocked')).toBeNull();
    // Decided in this round: not "kept".
    expect(screen.getByTestId('section-companyDoc-decision-detail').textContent).not.toContain('kept by the resubmission');
  });

  it('"accept the unchanged sections" names them, then posts the sections the reviewer was shown', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const acceptable = ['corporateShareholder', 'videoIdentification'];
    const changes = Object.fromEntries(ONBOARDING_SECTIONS.map((s) => [s, 'unchanged' as const]));
    const start = application({ status: 'in_review', decisions: accepted(['companyInfo', 'companyDoc', 'director']), round: { changes, previous: accepted(['companyInfo', 'companyDoc', 'director']), acceptable } });
    const srv = server(start, {
      [`POST ${BASE}/accept-unchanged`]: (body) => ({
        ...start,
        decisions: { ...start.decisions, ...accepted(body.sections as string[]) },
        round: { ...start.round!, acceptable: [] },
        events: [...start.events, ...(body.sections as string[]).map((section, i) => ({ id: 200 + i, kind: 'unchanged_accepted', section, field: null, message: null, internal: false, actor: 'reviewer', at: AT }))],
      }),
    });
    await openApplication(srv);
    expect(screen.getByTestId('approve-blocked-undecided').textContent).toBe('Not accepted yet: Corporate shareholders, Beneficial owners, Authorised persons, and Video identification');

    fireEvent.click(screen.getByTestId('accept-unchanged'));
    expect(screen.getByTestId('accept-unchanged').textContent).toBe('Accept the unchanged sections (2)');
    const list = await screen.findByTestId('accept-unchanged-list');
    expect(Array.from(list.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['Corporate shareholders', 'Video identification']);
    expect(srv.callsTo('POST', `${BASE}/accept-unchanged`)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByTestId('accept-unchanged-confirm'));
    });
    await waitFor(() => expect(srv.callsTo('POST', `${BASE}/accept-unchanged`)).toHaveLength(1));
    expect(srv.callsTo('POST', `${BASE}/accept-unchanged`)[0]?.body).toMatchObject({ sections: acceptable });
    await waitFor(() => expect(screen.queryByTestId('accept-unchanged')).toBeNull());
    expect(screen.getByTestId('approve-blocked-undecided').textContent).toBe('Not accepted yet: Beneficial owners and Authorised persons');
    expect(within(screen.getByTestId('event-200')).getByText('Accepted as unchanged')).toBeTruthy();
    expect(within(screen.getByTestId('event-200')).getByText('Corporate shareholders')).toBeTruthy();
  });

  it('accepting a document posts its section and field; the decision shows next to it and on the timeline', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const srv = server(application({ status: 'in_review' }));
    await openApplication(srv);
    const doc = 'doc-companyDoc-documents.articles';
    // Only a document with files is decided; nothing is decided yet.
    expect(screen.queryByTestId('doc-companyDoc-documents.bankStatement-accept')).toBeNull();
    expect(screen.queryByTestId(`${doc}-decision`)).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByTestId(`${doc}-accept`));
    });
    await waitFor(() => expect(srv.callsTo('POST', `${BASE}/decisions`)).toHaveLength(1));
    expect(srv.callsTo('POST', `${BASE}/decisions`)[0]?.body).toMatchObject({ section: 'companyDoc', field: 'documents.articles', decision: 'accepted' });
    const decision = await screen.findByTestId(`${doc}-decision`);
    expect(decision.getAttribute('data-decision')).toBe('accepted');
    expect(decision.textContent).toBe('Accepted');
    await waitFor(() => expect((screen.getByTestId(`${doc}-accept`) as HTMLButtonElement).disabled).toBe(true));
    // The section itself stays undecided.
    expect(screen.getByTestId('section-companyDoc-decision').textContent).toBe('Not decided');

    const event = screen.getByTestId('event-100');
    expect(within(event).getByText('Document accepted')).toBeTruthy();
    expect(within(event).getByText('Company documents · Articles of association')).toBeTruthy();
  });

  it('refusing a document needs a reason; the reason shows next to it and on the timeline with the document named', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const base = application();
    const data = { ...base.data, director: { directors: [{ key: 'd1', name: 'Dana Lim', position: 'CEO', nationality: '702', idDocuments: [ID_FILE] }] } };
    const srv = server(application({ data, files: { ...base.files, [ID_FILE]: file(ID_FILE, 'dana-id.jpg', 'jpeg') } }));
    await openApplication(srv);
    const doc = 'doc-director-directors.d1.idDocuments';

    fireEvent.click(screen.getByTestId(`${doc}-reject`));
    const dialog = await screen.findByTestId('decision-dialog');
    expect(within(dialog).getByText('Needs changes: Directors · Dana Lim · ID document')).toBeTruthy();
    const confirm = screen.getByTestId('decision-confirm');
    await act(async () => {
      fireEvent.click(confirm);
    });
    expect(await screen.findByText('Enter a reason')).toBeTruthy();
    expect(srv.callsTo('POST', `${BASE}/decisions`)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('decision-input'), { target: { value: ' The photo is blurred ' } });
    await act(async () => {
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(srv.callsTo('POST', `${BASE}/decisions`)).toHaveLength(1));
    expect(srv.callsTo('POST', `${BASE}/decisions`)[0]?.body).toMatchObject({ section: 'director', field: 'directors.d1.idDocuments', decision: 'rejected', reason: 'The photo is blurred' });
    const decision = await screen.findByTestId(`${doc}-decision`);
    expect(decision.getAttribute('data-decision')).toBe('rejected');
    expect(decision.textContent).toBe('Needs changesThe photo is blurred');
    // The section is not decided by its document.
    expect(screen.getByTestId('section-director-decision').textContent).toBe('Not decided');

    const event = screen.getByTestId('event-100');
    expect(within(event).getByText('Document needs changes')).toBeTruthy();
    expect(within(event).getByText('Directors · Dana Lim · ID document')).toBeTruthy();
    expect(within(event).getByText('The photo is blurred')).toBeTruthy();
    // A refused document is something to change: the application may go back.
    expect((screen.getByTestId('request-changes') as HTMLButtonElement).disabled).toBe(false);
  });

  it('Approve stays disabled while a document is refused, even with every section accepted', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const refused = { decision: 'rejected' as const, reason: 'Unsigned copy', by: 'reviewer', at: AT };
    const srv = server(application({ status: 'in_review', decisions: { ...accepted(ONBOARDING_SECTIONS), 'companyDoc:documents.articles': refused } }));
    await openApplication(srv);
    expect((screen.getByTestId('approve') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('doc-companyDoc-documents.articles-decision').textContent).toBe('Needs changesUnsigned copy');
    expect(screen.getByTestId('approve-blocked-documents').textContent).toBe('Documents that need changes: Company documents · Articles of association');

    // Accepted once it is fine: nothing holds the approval back any more.
    await act(async () => {
      fireEvent.click(screen.getByTestId('doc-companyDoc-documents.articles-accept'));
    });
    await waitFor(() => expect((screen.getByTestId('approve') as HTMLButtonElement).disabled).toBe(false));
    expect(srv.callsTo('POST', `${BASE}/decisions`)[0]?.body).toMatchObject({ section: 'companyDoc', field: 'documents.articles', decision: 'accepted' });
  });

  it('rejecting a section needs a reason', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const srv = server(application());
    await openApplication(srv);
    expect(screen.getByTestId('review-start')).toBeTruthy();

    fireEvent.click(screen.getByTestId('section-director-reject'));
    const confirm = await screen.findByTestId('decision-confirm');
    await act(async () => {
      fireEvent.click(confirm);
    });
    expect(await screen.findByText('Enter a reason')).toBeTruthy();
    expect(srv.callsTo('POST', `${BASE}/decisions`)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('decision-input'), { target: { value: ' The ID document has expired ' } });
    await act(async () => {
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(srv.callsTo('POST', `${BASE}/decisions`)).toHaveLength(1));
    expect(srv.callsTo('POST', `${BASE}/decisions`)[0]?.body).toMatchObject({ section: 'director', decision: 'rejected', reason: 'The ID document has expired' });
    const detail = await screen.findByTestId('section-director-decision-detail');
    expect(detail.textContent).toContain('Needs changes: The ID document has expired');
    expect(within(screen.getByTestId('event-100')).getByText('Directors · Needs changes')).toBeTruthy();

    // A refused section is something to change: the application goes back with a message.
    await act(async () => {
      fireEvent.click(screen.getByTestId('request-changes'));
    });
    fireEvent.change(await screen.findByTestId('request-changes-input'), { target: { value: 'Please upload a valid ID' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('request-changes-confirm'));
    });
    await waitFor(() => expect(srv.callsTo('POST', `${BASE}/request-changes`)).toHaveLength(1));
    expect(srv.callsTo('POST', `${BASE}/request-changes`)[0]?.body).toMatchObject({ message: 'Please upload a valid ID' });
    expect(await within(screen.getByTestId('application-status')).findByText('Changes requested')).toBeTruthy();
  });

  it('a request for information goes with its section, field and a due date in the session zone', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const srv = server(application());
    await openApplication(srv);

    fireEvent.click(screen.getByTestId('request-info-companyDoc'));
    const field = await screen.findByTestId('request-info-field');
    fireEvent.mouseDown(field.querySelector('.ant-select-selector') as Element);
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find((el) => el.textContent === 'Articles of association');
      expect(found).toBeTruthy();
      return found as Element;
    });
    fireEvent.click(option);
    fireEvent.change(screen.getByTestId('request-info-message'), { target: { value: 'Please upload the signed articles' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('request-info-confirm'));
    });
    await waitFor(() => expect(srv.callsTo('POST', `${BASE}/requests`)).toHaveLength(1));
    // The tests' browser is in Europe/Berlin, the session (IDR) in Asia/Jakarta: the due date is Jakarta's.
    const due = addDays(todayIn('Asia/Jakarta'), INFO_REQUEST_DEFAULT_DAYS);
    expect(srv.callsTo('POST', `${BASE}/requests`)[0]?.body).toMatchObject({ section: 'companyDoc', field: 'documents.articles', message: 'Please upload the signed articles', dueDate: due });

    const listed = await screen.findByTestId('requests-companyDoc');
    expect(within(listed).getByText('Company documents · Articles of association')).toBeTruthy();
    expect(within(listed).getByText('Open')).toBeTruthy();
  });

  it('an internal note is posted as internal and shown marked; a comment to the applicant is not', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const srv = server(application());
    await openApplication(srv);

    expect(screen.getByTestId('comment-internal').getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: 'Called the director, ID confirmed' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('comment-send'));
    });
    await waitFor(() => expect(srv.callsTo('POST', `${BASE}/comments`)).toHaveLength(1));
    expect(srv.callsTo('POST', `${BASE}/comments`)[0]?.body).toMatchObject({ message: 'Called the director, ID confirmed', internal: true });
    const note = await screen.findByTestId('event-100');
    expect(note.getAttribute('data-internal')).toBe('true');
    expect(within(note).getByText('Internal note')).toBeTruthy();
    expect(within(note).getByTestId('event-100-internal').textContent).toBe('Internal');
    expect((screen.getByTestId('comment-input') as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(screen.getByTestId('comment-internal'));
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: 'Please check your e-mail' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('comment-send'));
    });
    await waitFor(() => expect(srv.callsTo('POST', `${BASE}/comments`)).toHaveLength(2));
    expect(srv.callsTo('POST', `${BASE}/comments`)[1]?.body).toMatchObject({ internal: false });
    const comment = await screen.findByTestId('event-101');
    expect(comment.getAttribute('data-internal')).toBe('false');
    expect(within(comment).queryByTestId('event-101-internal')).toBeNull();
  });

  it('a refused decision shows the server message in its dialog', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU, ONBOARDING_PERM.ONBOARDING_REVIEW]);
    const srv = server(application({ status: 'in_review' }), {
      [`POST ${BASE}/reject`]: () => new Reply(409, { success: false, code: 409, errorCode: 'APPLICATION_LOCKED', message: 'The application was decided meanwhile', result: null }),
    });
    await openApplication(srv);
    fireEvent.click(screen.getByTestId('reject'));
    fireEvent.change(await screen.findByTestId('reject-input'), { target: { value: 'Sanctioned owner' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('reject-confirm'));
    });
    expect((await screen.findByTestId('reject-error')).textContent).toContain('The application was decided meanwhile');
    expect(srv.callsTo('POST', `${BASE}/reject`)[0]?.body).toMatchObject({ reason: 'Sanctioned owner' });
  });

  it('a user without onboarding:review reads the application with no action', async () => {
    signIn([ONBOARDING_PERM.ONBOARDING_MENU]);
    const srv = server(
      application({
        decisions: { 'companyDoc:documents.articles': { decision: 'accepted', reason: null, by: 'reviewer', at: AT } },
        events: [...application().events, { id: 3, kind: 'note', section: null, field: null, message: 'Looks fine', internal: true, actor: 'reviewer', at: AT }],
      }),
    );
    await openApplication(srv);
    expect(screen.getByTestId('section-companyInfo')).toBeTruthy();
    expect(screen.getByTestId('event-3-internal')).toBeTruthy();
    for (const id of ['review-actions', 'review-start', 'approve', 'reject', 'request-changes', 'comment-input', 'comment-send', 'comment-internal']) expect(screen.queryByTestId(id), id).toBeNull();
    // A document's decision is read, not taken.
    expect(screen.getByTestId('doc-companyDoc-documents.articles-decision').textContent).toBe('Accepted');
    expect(screen.queryByTestId('doc-companyDoc-documents.articles-accept')).toBeNull();
    expect(screen.queryByTestId('doc-companyDoc-documents.articles-reject')).toBeNull();
    for (const s of ONBOARDING_SECTIONS) {
      expect(screen.queryByTestId(`section-${s}-accept`), s).toBeNull();
      expect(screen.queryByTestId(`section-${s}-reject`), s).toBeNull();
      expect(screen.queryByTestId(`request-info-${s}`), s).toBeNull();
    }
  });
});
