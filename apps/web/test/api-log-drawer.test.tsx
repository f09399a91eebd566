/**
 * One request of the API request log (issue 42): a refused signature names the check and shows the string the
 * server signed; a good one says all was right; the bodies show as indented JSON, and a missing body says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Perm, type ApiLogDetail } from '@mg/domain';
import { ApiLogDrawer } from '../src/features/api-logs/ApiLogDrawer';
import { fakeServer, renderScreen, signIn, signOutForTests } from './screens-harness';

afterEach(() => signOutForTests());

const CANONICAL = ['POST', '/api/open/v1/collections', '1764750000', 'n-1', 'ab'.repeat(32)].join('\n');

function entry(over: Partial<ApiLogDetail>): ApiLogDetail {
  return {
    id: '7',
    merchantId: 10001,
    createdAt: '2026-12-03T03:00:00.000Z',
    method: 'POST',
    path: '/api/open/v1/collections',
    status: 401,
    statusClass: '4xx',
    errorCode: 'OPEN_API_BAD_SIGNATURE',
    latencyMs: 4,
    keyId: 'mk_sandbox_demo10001',
    mode: 'sandbox',
    ip: '127.0.0.1',
    requestId: 'req-abc',
    idempotencyKey: 'k-1',
    orderId: null,
    merchantOrderId: 'ORD-1',
    requestBody: '{"merchantOrderId":"ORD-1","payerPhone":"••••7890"}',
    responseBody: null,
    verdict: { ok: false, failedCheck: 'OPEN_API_BAD_SIGNATURE', header: null, canonical: CANONICAL, bodySha256: 'ab'.repeat(32), timestampSkewS: 2 },
    ...over,
  };
}

describe('a request of the log', () => {
  it('a refused signature: the check that failed, the string the server signed, the masked body, no answer body', async () => {
    signIn([Perm.API_LOGS_MENU]);
    await renderScreen(<ApiLogDrawer id="7" onClose={() => undefined} />, { server: fakeServer({ 'GET /api-logs/7': () => entry({}) }) });
    expect((await screen.findByTestId('api-log-failed')).textContent).toContain('OPEN_API_BAD_SIGNATURE');
    expect(screen.getByTestId('api-log-canonical').querySelector('pre')!.textContent).toBe(CANONICAL);
    expect(screen.getByTestId('api-log-request').querySelector('pre')!.textContent).toBe(JSON.stringify({ merchantOrderId: 'ORD-1', payerPhone: '••••7890' }, null, 2));
    expect(screen.getByText('No body')).toBeTruthy();
    expect(screen.getByText('Request req-abc')).toBeTruthy();
  });

  it('a good request says its signature and headers were right', async () => {
    signIn([Perm.API_LOGS_MENU]);
    const good = entry({ status: 201, statusClass: '2xx', errorCode: null, responseBody: '{"success":true}', verdict: { ok: true, failedCheck: null, header: null, canonical: CANONICAL, bodySha256: 'ab'.repeat(32), timestampSkewS: 0 } });
    await renderScreen(<ApiLogDrawer id="7" onClose={() => undefined} />, { server: fakeServer({ 'GET /api-logs/7': () => good }) });
    expect((await screen.findByTestId('api-log-verdict')).textContent).toContain('Signature and headers were right');
    expect(screen.queryByTestId('api-log-failed')).toBeNull();
    expect(screen.getByTestId('api-log-response').textContent).toContain('"success": true');
  });
});
