/**
 * Signing in from tests. The test app turns the captcha check off unless a test asks for it; demo users (seeded in
 * the template database) all have DEMO_PASSWORD.
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../src/db/seed';

export { DEMO_PASSWORD };

/** Brand and currency each demo user signs in with. */
export const DEMO_LOGIN: Record<string, { brand: string; currency: string; merchantId: number }> = {
  admin: { brand: 'tikipay', currency: 'IDR', merchantId: 10000 },
  demo_admin: { brand: 'tikipay', currency: 'IDR', merchantId: 10001 },
  demo_operator: { brand: 'tikipay', currency: 'IDR', merchantId: 10001 },
  demo_read: { brand: 'tikipay', currency: 'IDR', merchantId: 10001 },
  demo_business: { brand: 'lumipay', currency: 'THB', merchantId: 10030 },
  crypto_admin: { brand: 'coinrail', currency: 'USDT', merchantId: 10010 },
  crypto_operator: { brand: 'coinrail', currency: 'USDT', merchantId: 10010 },
  br_admin: { brand: 'pagoverde', currency: 'BRL', merchantId: 10020 },
  formkit_applicant: { brand: 'formkit', currency: 'IDR', merchantId: 10040 },
};

let keys = 0;

/**
 * Signs a demo user (or any user with `password`) in and answers the token. On an app with the captcha on, pass
 * `captcha`: the text the app's injected captcha generator produces.
 */
export async function signIn(app: FastifyInstance, username: string, password = DEMO_PASSWORD, opts: { captcha?: string } = {}): Promise<string> {
  const d = DEMO_LOGIN[username] ?? { brand: 'tikipay', currency: 'IDR' };
  let challenge: { checkKey: string; captcha: string } | Record<string, never> = {};
  if (opts.captcha !== undefined) {
    const checkKey = `signin_${process.pid}_${++keys}`;
    await app.inject({ url: `/api/sys/randomImage/${checkKey}` });
    challenge = { checkKey, captcha: opts.captcha };
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/sys/login',
    headers: { 'x-brand': d.brand },
    // A distinct address per user so the per-address throttle of one test never blocks another.
    remoteAddress: `10.9.${username.length}.${username.charCodeAt(0)}`,
    payload: { username, password, countryCurrency: d.currency, ...challenge },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { result: { token: string } }).result.token;
}

/** Headers of a signed-in call. */
export const authHeaders = (token: string, extra: Record<string, string> = {}) => ({ 'x-access-token': token, ...extra });
