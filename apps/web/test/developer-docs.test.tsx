/**
 * The open API documentation page (spec §2 /document/document): the signed-in merchant's id and chosen key fill the
 * examples (never a secret), the calls come from the server's answer with their summaries, and the error and
 * sandbox tables are the domain's declarations.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { DOCUMENTATION_PAGE, OPEN_API_ERRORS, OPEN_API_EXAMPLE_PLACEHOLDER, Perm, SANDBOX_MAGIC, type DocumentationView } from '@mg/domain';
import { formatDurations } from '../src/components/format';
import Documentation from '../src/features/developer/DocumentationPage';
import Parameters from '../src/features/developer/ParametersPage';
import { fakeServer, renderScreen, signIn, signOutForTests } from './screens-harness';

afterEach(() => signOutForTests());

function view(over: Partial<DocumentationView> = {}): DocumentationView {
  return {
    merchantId: 10001,
    baseUrl: 'https://pay.example.com',
    prefix: '/api/open/v1',
    keys: [
      { id: 'mk_sandbox_demo10001', name: 'Demo sandbox key', mode: 'sandbox' },
      { id: 'mk_live_second', name: 'Live key', mode: 'live' },
    ],
    calls: [
      {
        key: 'createCollection',
        method: 'POST',
        path: '/collections',
        sandbox: false,
        fields: [{ name: 'merchantOrderId', in: 'body', type: 'string', required: true, rules: [{ rule: 'length', min: 1, max: 64 }, { rule: 'pattern', text: '/^[A-Za-z0-9._:-]+$/' }] }],
      },
      { key: 'sandboxPayCollection', method: 'POST', path: '/sandbox/collections/{id}/pay', sandbox: true, fields: [{ name: 'id', in: 'path', type: 'string', required: true, rules: [] }] },
    ],
    ...over,
  };
}

const codeOf = (testId: string) => screen.getByTestId(testId).querySelector('pre')?.textContent ?? '';

describe('developer documentation', () => {
  it("fills the examples with the merchant's id and the chosen key, and a placeholder for the secret", async () => {
    signIn([Perm.DEVELOPER_DOCS, Perm.DEVELOPER_MENU]);
    await renderScreen(<Documentation />, { server: fakeServer({ 'GET /developer/docs': () => view() }) });
    expect((await screen.findByTestId('doc-merchant-id')).textContent).toBe('10001');
    expect(screen.getByTestId('doc-base-url').textContent).toBe('https://pay.example.com/api/open/v1');
    const curl = codeOf('doc-example-curl');
    expect(curl).toContain('MERCHANT_ID=10001');
    expect(curl).toContain('KEY_ID=mk_sandbox_demo10001');
    expect(curl).toContain(`KEY_SECRET=${OPEN_API_EXAMPLE_PLACEHOLDER.KEY_SECRET}`);
    expect(curl).toContain('BASE=https://pay.example.com');

    // Another key: the examples follow.
    const select = within(screen.getByTestId('doc-key')).getByRole('combobox');
    act(() => void fireEvent.mouseDown(select));
    fireEvent.click(await screen.findByText('Live key · mk_live_second'));
    expect(codeOf('doc-example-curl')).toContain('KEY_ID=mk_live_second');
  });

  it('lists the calls with their summaries and fields, every open API error and every magic amount', async () => {
    signIn([Perm.DEVELOPER_DOCS]);
    await renderScreen(<Documentation />, { server: fakeServer({ 'GET /developer/docs': () => view() }) });
    const create = await screen.findByTestId('doc-call-createCollection');
    expect(create.textContent).toContain('/collections');
    expect(create.textContent).toContain('Create a collection');
    expect(screen.getByTestId('doc-call-sandboxPayCollection').textContent).toContain('Sandbox keys only');
    fireEvent.click(create);
    expect(await screen.findByText('merchantOrderId')).toBeTruthy();
    expect(screen.getByText('1-64 characters; pattern /^[A-Za-z0-9._:-]+$/')).toBeTruthy();

    const errors = screen.getByTestId('doc-errors-table').querySelectorAll('tbody tr');
    expect(errors).toHaveLength(OPEN_API_ERRORS.length);
    // Parameters of a message are named, not left empty.
    expect(screen.getByTestId('doc-errors-table').textContent).toContain('Missing header ‹header›');
    const amounts = screen.getByTestId('doc-magic-amounts').textContent ?? '';
    for (const m of SANDBOX_MAGIC) expect(amounts).toContain(`...${m.suffix}`);
    expect(screen.getByTestId('doc-retries').textContent).toContain('5 sec, 5 min, 30 min, 2 hr, 5 hr, 10 hr, and 10 hr');
  });

  it('without an active key it says where to make one and shows placeholders', async () => {
    signIn([Perm.DEVELOPER_DOCS, Perm.DEVELOPER_MENU]);
    await renderScreen(<Documentation />, { server: fakeServer({ 'GET /developer/docs': () => view({ keys: [] }) }) });
    expect(await screen.findByTestId('doc-no-key')).toBeTruthy();
    expect(screen.getByTestId('doc-open-parameters')).toBeTruthy();
    expect(codeOf('doc-example-curl')).toContain(`KEY_ID=${OPEN_API_EXAMPLE_PLACEHOLDER.KEY_ID}`);
  });

  it('developer parameters link to it for a holder of its code', async () => {
    signIn([Perm.DEVELOPER_MENU, Perm.DEVELOPER_DOCS]);
    const params = { merchantId: 10001, keys: [], collectionCallbackUrl: null, payoutCallbackUrl: null, ipWhitelist: [], webhookSecretSet: true, totpEnabled: false };
    await renderScreen(<Parameters />, { server: fakeServer({ 'GET /developer': () => params }) });
    expect((await screen.findByTestId('api-docs-link')).getAttribute('href')).toBe(DOCUMENTATION_PAGE);
  });
});

describe('the retry schedule', () => {
  it('is worded in the reader\'s language, units and list included', () => {
    expect(formatDurations([5, 300, 7_200], 'en-US')).toBe('5 sec, 5 min, and 2 hr');
    expect(formatDurations([5, 300, 7_200], 'zh-CN')).toBe('5秒、5分钟和2小时');
    expect(formatDurations([5, 300, 7_200], 'pt-BR')).toBe('5 s, 5 min e 2 h');
  });
});
