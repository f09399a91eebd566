import { describe, expect, inject, it } from 'vitest';

const base = `http://127.0.0.1:${inject('port')}`;

// The same server the browser uses: what an integrator or an operator sees first.
describe('server as started by npm start', () => {
  it('answers /api/health with the database up', async () => {
    const r = await fetch(`${base}/api/health`);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body).toMatchObject({ success: true, code: 200, result: { database: 'up' } });
  });

  it('serves the OpenAPI document and its viewer', async () => {
    const json = await fetch(`${base}/api/docs/json`).then((r) => r.json());
    expect(Object.keys(json.paths)).toContain('/api/sys/dict/getDictItems/{dictCode}');
    const ui = await fetch(`${base}/api/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/swagger/i);
  });

  it('serves the web app under a strict Content-Security-Policy', async () => {
    const r = await fetch(`${base}/login`, { headers: { accept: 'text/html' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('answers an unknown /api path with a 404 envelope, not the web app', async () => {
    const r = await fetch(`${base}/api/no-such-thing`, { headers: { 'x-lang': 'pt-BR' } });
    expect(r.status).toBe(404);
    const body = await r.json();
    expect(body).toMatchObject({ success: false, code: 404 });
    expect(typeof body.message).toBe('string');
  });
});
