/**
 * Identity errors: a catalogue code (the stable `errorCode` clients switch on) with, where the catalogue text is
 * not precise enough, a more specific i18n message key and/or another HTTP status. The error handler treats it as
 * any DomainError (translated message in the caller's language).
 */
import { DomainError, type ErrorCode, type ErrorParams } from '@mg/domain';

export class AuthError extends DomainError {
  constructor(
    code: ErrorCode,
    private readonly opts: { key?: string; status?: number; params?: ErrorParams } = {},
  ) {
    super(code, opts.params ?? {});
    this.name = 'AuthError';
  }

  override get httpStatus(): number {
    return this.opts.status ?? super.httpStatus;
  }

  override get messageKey(): string {
    return this.opts.key ?? super.messageKey;
  }
}

export const unauthorized = () => new AuthError('UNAUTHORIZED');
export const forbidden = (key?: string, params?: ErrorParams) => new AuthError('FORBIDDEN', { key, params });
