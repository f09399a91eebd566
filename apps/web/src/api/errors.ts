/** A failed API call. Every rejection of `request()` is one of these (except a caller's own abort). */
export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived (network failure), 504 for a client-side timeout. */
  readonly httpStatus: number;
  /** Envelope `code` (string form), or a client code: 'TIMEOUT', 'NETWORK', 'DUPLICATE_REQUEST'. */
  readonly code: string;
  /** Stable catalogue code when the server names one (`errorCode`), e.g. 'WRONG_CREDENTIALS'. */
  readonly errorCode: string | undefined;
  /** Field errors of a validation failure, as the server sent them. */
  readonly errors: unknown;

  constructor(init: { httpStatus: number; code: string; message: string; errorCode?: string | undefined; errors?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.httpStatus = init.httpStatus;
    this.code = init.code;
    this.errorCode = init.errorCode;
    this.errors = init.errors;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
