import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** Request headers that carry credentials. */
const SECRET_HEADERS = ['["x-access-token"]', 'authorization', 'cookie', '["set-cookie"]', '["x-api-key"]'];
/** Body, query or object fields that carry secrets, at any of the first three levels of a log line. */
export const SECRET_FIELDS = [
  'password',
  'oldpassword',
  'confirmpassword',
  'newpassword',
  'oldPassword',
  'confirmPassword',
  'newPassword',
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

export const REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => {
    const p = h.startsWith('[') ? h : `.${h}`;
    return [`req.headers${p}`, `headers${p}`, `res.headers${p}`];
  }),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  // `code` (a 2FA or e-mail code in a request body) only where a body is logged: error codes elsewhere stay readable.
  'body.code',
  '*.body.code',
  'query.code',
  '*.query.code',
];

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
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
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
