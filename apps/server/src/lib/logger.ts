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

export function createLogger(level: string, stream?: DestinationStream): Logger {
  const opts: LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    base: { service: 'mg-server' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return stream ? pino(opts, stream) : pino(opts);
}
