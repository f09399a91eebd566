/** Standard Webhooks signatures and the SSRF guard of callback targets (no database needed). */
import { CallbackErrorCode, WEBHOOK_SECRET_PREFIX } from '@mg/domain';
import { describe, expect, it } from 'vitest';
import { blockedKind, resolveTarget, TargetRefused } from '../src/modules/callbacks/guard';
import { newWebhookSecret } from '../src/modules/callbacks/secret';
import { signWebhook, verifyWebhook, webhookHeaders, webhookKey } from '../src/modules/callbacks/signature';

describe('Standard Webhooks signature', () => {
  it('matches the vector published with the Standard Webhooks reference libraries', () => {
    // standard-webhooks/standard-webhooks libraries/javascript/src/webhook.test.ts, "sign function works".
    expect(
      signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('keys the HMAC with the base64-decoded secret after whsec_', () => {
    expect(webhookKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toEqual(Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'));
    expect(() => webhookKey('whsec_')).toThrow();
  });

  it('new secrets are whsec_ + base64 of 24 random bytes, all different', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(a.slice(WEBHOOK_SECRET_PREFIX.length), 'base64')).toHaveLength(24);
    expect(a).not.toBe(b);
  });

  const secret = newWebhookSecret();
  const body = JSON.stringify({ type: 'collection.succeeded', timestamp: '2026-11-21T05:30:00.000Z', data: { id: 'C1', amount: '150000' } });
  const at = new Date('2026-11-21T05:30:07.000Z');
  const headers = webhookHeaders(secret, 'msg_abc', at, body);

  it('headers: webhook-id, unix-seconds webhook-timestamp, v1 signature; verifyWebhook accepts and parses', () => {
    expect(headers['webhook-id']).toBe('msg_abc');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifyWebhook(secret, headers, body, 300, at)).toEqual(JSON.parse(body));
    // Header names are case-insensitive on the receiving side; a Fetch Headers object works too.
    const upper = { 'Webhook-Id': headers['webhook-id'], 'Webhook-Timestamp': headers['webhook-timestamp'], 'Webhook-Signature': headers['webhook-signature'] };
    expect(verifyWebhook(secret, upper, body, 300, at)).toBeTruthy();
    expect(verifyWebhook(secret, new Headers(headers), Buffer.from(body), 300, at)).toBeTruthy();
  });

  it('rejects stale and future timestamps, a changed body, id or timestamp, and another secret', () => {
    expect(() => verifyWebhook(secret, headers, body, 300, new Date(at.getTime() + 301_000))).toThrow(/tolerance/);
    expect(() => verifyWebhook(secret, headers, body, 300, new Date(at.getTime() - 301_000))).toThrow(/tolerance/);
    expect(verifyWebhook(secret, headers, body, 300, new Date(at.getTime() + 300_000))).toBeTruthy();
    expect(() => verifyWebhook(secret, headers, body.replace('150000', '150001'), 300, at)).toThrow(/signature/);
    expect(() => verifyWebhook(secret, headers, `${body} `, 300, at)).toThrow(/signature/);
    expect(() => verifyWebhook(secret, { ...headers, 'webhook-id': 'msg_abd' }, body, 300, at)).toThrow(/signature/);
    const ts = String(Number(headers['webhook-timestamp']) + 1);
    expect(() => verifyWebhook(secret, { ...headers, 'webhook-timestamp': ts }, body, 300, at)).toThrow(/signature/);
    expect(() => verifyWebhook(newWebhookSecret(), headers, body, 300, at)).toThrow(/signature/);
    expect(() => verifyWebhook(secret, { 'webhook-id': 'msg_abc', 'webhook-timestamp': headers['webhook-timestamp'] }, body, 300, at)).toThrow(/missing/);
    expect(() => verifyWebhook(secret, { ...headers, 'webhook-timestamp': '1e9' }, body, 300, at)).toThrow(/invalid/);
  });

  it('accepts a space-separated list with one matching v1 signature (secret rotation), ignores other versions', () => {
    const other = signWebhook(newWebhookSecret(), 'msg_abc', Math.floor(at.getTime() / 1000), body);
    const mine = headers['webhook-signature'];
    const list = `${other} v1a,${mine.slice(3)} ${mine}`;
    expect(verifyWebhook(secret, { ...headers, 'webhook-signature': list }, body, 300, at)).toBeTruthy();
    expect(() => verifyWebhook(secret, { ...headers, 'webhook-signature': `v2,${mine.slice(3)}` }, body, 300, at)).toThrow();
  });
});

describe('callback target guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.1', 'link_local'],
    ['0.0.0.0', 'this_network'],
    ['0.1.2.3', 'this_network'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456::1', 'unique_local'],
    ['fe80::1%eth0', 'link_local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['::10.0.0.1', 'private'],
  ])('%s is refused as %s', (ip, kind) => {
    expect(blockedKind(ip)).toBe(kind);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.255.0.1', '11.0.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])(
    '%s is public',
    (ip) => {
      expect(blockedKind(ip)).toBeNull();
    },
  );

  const refusal = async (url: string, opts: Parameters<typeof resolveTarget>[1]) => {
    try {
      await resolveTarget(url, opts);
    } catch (err) {
      if (err instanceof TargetRefused) return err;
      throw err;
    }
    throw new Error(`${url} was not refused`);
  };

  it('refuses non-http(s) and malformed URLs whatever the setting', async () => {
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'gopher://example.com', 'not a url', 'javascript:alert(1)']) {
      expect((await refusal(url, { allowPrivate: true })).code).toBe(CallbackErrorCode.INVALID_URL);
    }
  });

  it('refuses literal and resolved private addresses (every resolved address is checked), numeric tricks included', async () => {
    const e1 = await refusal('http://127.0.0.1:8080/cb', { allowPrivate: false });
    expect(e1.code).toBe(CallbackErrorCode.BLOCKED_ADDRESS);
    expect(e1.message).toContain('loopback');
    // The URL parser turns 2130706433 and 0x7f.1 into 127.0.0.1.
    expect((await refusal('http://2130706433/', { allowPrivate: false })).message).toContain('loopback');
    expect((await refusal('http://0x7f.1/', { allowPrivate: false })).message).toContain('loopback');
    expect((await refusal('http://[::ffff:127.0.0.1]/', { allowPrivate: false })).message).toContain('loopback');
    expect((await refusal('http://169.254.169.254/latest/meta-data/', { allowPrivate: false })).message).toContain('metadata');
    const mixed = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    const e2 = await refusal('https://hooks.example.com/cb', { allowPrivate: false, resolver: mixed });
    expect(e2.message).toBe('BLOCKED_ADDRESS: hooks.example.com -> 10.0.0.5 private');
    // The real resolver: localhost is loopback.
    expect((await refusal('http://localhost:9/cb', { allowPrivate: false })).code).toBe(CallbackErrorCode.BLOCKED_ADDRESS);
  });

  it('answers the checked address to connect to; private ones only with allowPrivate', async () => {
    const pub = async () => [{ address: '93.184.215.14', family: 4 }];
    const t = await resolveTarget('https://hooks.example.com/cb?x=1', { allowPrivate: false, resolver: pub });
    expect(t).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(t.url.href).toBe('https://hooks.example.com/cb?x=1');
    const t2 = await resolveTarget('http://localhost:9/cb', { allowPrivate: true });
    expect(['127.0.0.1', '::1']).toContain(t2.address);
  });

  it('a name that does not resolve is DNS_FAILED', async () => {
    const none = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    const e = await refusal('https://nowhere.invalid/cb', { allowPrivate: false, resolver: none });
    expect(e.code).toBe(CallbackErrorCode.DNS_FAILED);
    expect(e.message).toContain('ENOTFOUND');
  });
});
