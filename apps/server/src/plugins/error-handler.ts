/**
 * The ONE error handler and the 404 handler. Every failure under /api leaves as an error envelope with the true
 * HTTP status, a stable `errorCode` and a message in the caller's language; input problems are 4xx, never 500.
 */
import { DATABASE_RETRY_AFTER_S, isDomainError, type ErrorCode, type ErrorParams } from '@mg/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseRejection, isDatabaseUnavailable } from '../db/errors';
import { fail, type FieldErrorView } from '../lib/envelope';
import { FieldValidationError } from '../lib/errors';
import { catalogueMessage, fieldLabel, fieldMessage, hasText, t } from '../lib/i18n';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
};

const I18N_KEY_RE = /^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

function scalarParams(p: Record<string, unknown> = {}): ErrorParams {
  const out: ErrorParams = {};
  for (const [k, v] of Object.entries(p)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    else if (typeof v === 'bigint' || typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

/** i18n key and params for one schema issue (zod issue codes, or an i18n key given as the schema's message). */
function issueKey(lang: FastifyRequest['lang'], issue: ValidationIssue): { key: string; params: ErrorParams } {
  const params = scalarParams(issue.params);
  if (issue.message && I18N_KEY_RE.test(issue.message) && hasText(lang, issue.message)) return { key: issue.message, params };
  switch (issue.keyword) {
    case 'invalid_type':
      return { key: /received undefined/.test(issue.message ?? '') ? 'validation.required' : 'validation.invalid', params };
    case 'too_small':
      return { key: 'validation.tooSmall', params: { ...params, min: params.minimum ?? '' } };
    case 'too_big':
      return { key: 'validation.tooBig', params: { ...params, max: params.maximum ?? '' } };
    default:
      return { key: 'validation.invalid', params };
  }
}

function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const parts = issue.instancePath.split('/').filter(Boolean);
  if (parts.length > 0) return parts.join('.');
  return context === 'body' ? 'body' : (context ?? 'request');
}

function lastName(field: string): string {
  const parts = field.split('.').filter((p) => !/^\d+$/.test(p));
  return parts[parts.length - 1] ?? field;
}

function validationReply(req: FastifyRequest, reply: FastifyReply, errors: FieldErrorView[]) {
  const message = errors.map((e) => e.message).join('; ') || catalogueMessage(req.lang, 'VALIDATION_FAILED');
  return reply.code(400).send(fail(400, 'VALIDATION_FAILED', message, { errors }));
}

export function registerErrorHandling(app: FastifyInstance, opts: { spaIndex: boolean }): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? 'en-US';

    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((issue) => {
        const field = fieldOf(issue, err.validationContext);
        const label = fieldLabel(lang, lastName(field));
        const { key, params } = issueKey(lang, issue);
        return { field, label, message: fieldMessage(lang, label, key, params) };
      });
      return validationReply(req, reply, errors);
    }

    if (err instanceof FieldValidationError) {
      const errors = err.issues.map((i) => {
        const label = fieldLabel(lang, i.labelOf ?? i.field);
        return { field: i.field, label, message: fieldMessage(lang, label, i.messageKey, i.params) };
      });
      return validationReply(req, reply, errors);
    }

    if (isDomainError(err)) {
      const status = err.httpStatus;
      if (status >= 500) req.log.error({ err, body: req.body }, 'domain error');
      let message = t(lang, err.messageKey, err.params);
      // Name the dictionary even when the catalogue text has no {{dict}} placeholder.
      const dict = err.params.dict;
      if (dict !== undefined && !message.includes(String(dict))) message = `${message}: ${String(dict)}`;
      return reply.code(status).send(fail(status, err.code, message, status >= 500 ? { requestId: String(req.id) } : {}));
    }

    if (isDatabaseUnavailable(err)) {
      req.log.warn({ errMessage: err.message }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send(fail(503, 'DATABASE_UNAVAILABLE', catalogueMessage(lang, 'DATABASE_UNAVAILABLE'), { retryable: true, requestId: String(req.id) }));
    }

    const rejected = databaseRejection(err);
    if (rejected) {
      // Input the schemas let through but PostgreSQL refused (a race on a unique index, a number beyond a column):
      // the caller's mistake or a conflict, never a 500.
      req.log.info({ errMessage: err.message, status: rejected.status }, 'statement refused by the database');
      const message = catalogueMessage(lang, rejected.code);
      const errors = rejected.field ? [{ field: rejected.field, label: fieldLabel(lang, rejected.field), message }] : undefined;
      return reply.code(rejected.status).send(fail(rejected.status, rejected.code, message, errors ? { errors } : {}));
    }

    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      // Fastify's own client errors: malformed or empty JSON, unsupported media type, body too large, rate limit.
      const code = STATUS_CODES[status] ?? 'VALIDATION_FAILED';
      req.log.info({ errCode: err.code, status }, err.message);
      const message = catalogueMessage(lang, code);
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        // Not a field problem: the body as a whole is not JSON.
        return reply.code(400).send(fail(400, 'VALIDATION_FAILED', message, { errors: [{ field: 'body', label: 'body', message }] }));
      }
      return reply.code(status).send(fail(status, code, message));
    }

    // An uploaded file's bytes are not logged (and pino's redaction cannot walk a Buffer).
    const body = Buffer.isBuffer(req.body) ? `<${req.body.length} bytes>` : req.body;
    req.log.error({ err, body, headers: req.headers }, 'unhandled error');
    return reply.code(500).send(fail(500, 'INTERNAL', catalogueMessage(lang, 'INTERNAL'), { requestId: String(req.id) }));
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const wantsPage =
      opts.spaIndex &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      /text\/html|\*\/\*/.test(req.headers.accept ?? '') &&
      !/\.[a-z0-9]{1,8}$/i.test(path); // a missing asset is a 404, not the page
    if (wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send(fail(404, 'NOT_FOUND', catalogueMessage(req.lang ?? 'en-US', 'NOT_FOUND')));
  });
}
