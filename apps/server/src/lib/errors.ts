import type { ErrorParams } from '@mg/domain';

export interface FieldIssue {
  /** The request field as sent. */
  field: string;
  /** Field name in the domain's field catalogue (for the label); defaults to `field`. */
  labelOf?: string;
  /** i18n key of the problem. */
  messageKey: string;
  params?: ErrorParams;
}

/**
 * A 400 VALIDATION_FAILED naming one or more fields; thrown by code that validates outside the route schema
 * (request context headers, wall-clock dates). The error handler translates it.
 */
export class FieldValidationError extends Error {
  override readonly name = 'FieldValidationError';
  readonly statusCode = 400;
  constructor(readonly issues: FieldIssue[]) {
    super(`invalid ${issues.map((i) => i.field).join(', ')}`);
  }
}

export function fieldError(field: string, messageKey: string, opts: { labelOf?: string; params?: ErrorParams } = {}): FieldValidationError {
  return new FieldValidationError([{ field, messageKey, ...opts }]);
}
