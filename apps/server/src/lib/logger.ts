import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** Request headers that carry credentials. */
const SECRET_HEADERS = ['x-access-token', 'authorization', 'cookie', 'set-cookie', 'x-api-key'];
/** Body, query or object fields that carry secrets. */
export const SECRET_FIELDS = [
  'password',
  'oldpassword',
  'confirmpassword',
  'newpassword',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'secretKey',
  'captcha',
  'googleCode',
  // Identity (issue 3): e-mail and 2FA codes, login tickets, TOTP secrets and recovery codes.
  'emailCode',
  'loginTicket',
  'otpauthUrl',
  'recoveryCodes',
  'totpSecret',
  'passwordHash',
  'exportToken',
];

const CENSOR = '[Redacted]';
/** Keys whose values never reach a log line, at any depth, in any letter case. */
const SECRET_KEYS = new Set([...SECRET_FIELDS, ...SECRET_HEADERS].map((k) => k.toLowerCase()));
/** `code` (a 2FA or e-mail code) is a secret in a request's body or query; elsewhere it is an error code, kept. */
const CODE_KEY = 'code';
const CODE_PARENTS = new Set(['body', 'query']);
/** A line that may name a secret key: JSON.stringify writes a key as `"name":`, and these names need no escaping. */
const MAY_NAME_SECRET = new RegExp(`"(?:${[...SECRET_KEYS, CODE_KEY].map((k) => k.replace(/[-]/g, '\\-')).join('|')})":`, 'i');

function redactIn(value: unknown, parentKey: string): unknown {
  if (Array.isArray(value)) return value.map((v) => redactIn(v, parentKey));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = k.toLowerCase();
    const secret = SECRET_KEYS.has(key) || (key === CODE_KEY && CODE_PARENTS.has(parentKey));
    out[k] = secret ? CENSOR : redactIn(v, key);
  }
  return out;
}

/**
 * Every log line as it is written: one that names no secret key (nearly all: requests, jobs) is passed as it is; one
 * that does is parsed and written again with those values replaced, wherever they sit (serializers' output included,
 * since this runs on the finished line). pino's own `redact` did the same by path, ~100 paths with wildcards three
 * levels deep, at ~25 us a line (docs/benchmarks.md, issue 10).
 */
export function redactLine(line: string): string {
  if (!MAY_NAME_SECRET.test(line)) return line;
  try {
    return `${JSON.stringify(redactIn(JSON.parse(line), ''))}\n`;
  } catch {
    // Not JSON after all: nothing of it is written rather than a secret.
    return `${JSON.stringify({ level: 50, time: new Date().toISOString(), msg: 'a log line naming a secret field could not be read, and was not written' })}\n`;
  }
}

/**
 * Path segments that are bearer secrets (whoever holds the URL may act): the payer's cashier token, an export's
 * download token, the payer page; and secret-named query parameters. Logged as `[Redacted]`.
 */
const SECRET_PATHS = [/^(\/api\/cashier\/)[^/?#]+/, /^(\/api\/exports\/download\/)[^/?#]+/, /^(\/pay\/)[^/?#]+/];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_FIELDS.join('|')})=)[^&#]*`, 'gi');

export function redactUrl(url: string): string {
  let out = url;
  for (const re of SECRET_PATHS) out = out.replace(re, '$1[Redacted]');
  return out.replace(SECRET_QUERY, '$1[Redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(level: string, stream?: DestinationStream): Logger {
  const opts: LoggerOptions = {
    level,
    hooks: { streamWrite: redactLine },
    serializers: {
      // Fastify logs each request's URL: bearer tokens in paths and queries are cut out first.
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
        host: req.host ?? req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    base: { service: 'mg-server' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return stream ? pino(opts, stream) : pino(opts);
}
