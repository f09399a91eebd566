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
];

export const REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => {
    const p = h.startsWith('[') ? h : `.${h}`;
    return [`req.headers${p}`, `headers${p}`, `res.headers${p}`];
  }),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
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
