/**
 * The open API's error table (OPEN_API_ERRORS) is the order the documentation lists the codes in; what each call can
 * answer is declared apart (common, idempotency, per call). The table holds exactly what some call can answer: a
 * code no call gives would be documented for nothing, and one missing would be declared but never listed.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, OPEN_API_CALLS, OPEN_API_CALL_KEYS, OPEN_API_COMMON_ERRORS, OPEN_API_ERRORS, OPEN_API_IDEMPOTENCY_ERRORS, openApiCallErrors } from '../src';

describe('open API error codes', () => {
  it('the table lists each code once, and exactly the codes the calls can answer', () => {
    expect(new Set(OPEN_API_ERRORS).size).toBe(OPEN_API_ERRORS.length);
    const answered = new Set(OPEN_API_CALL_KEYS.flatMap((k) => openApiCallErrors(k)));
    expect([...answered].sort()).toEqual([...OPEN_API_ERRORS].sort());
  });

  it('every call answers the common codes, every POST the idempotency ones, each in the table order', () => {
    for (const k of OPEN_API_CALL_KEYS) {
      const codes = openApiCallErrors(k);
      expect(codes).toEqual(expect.arrayContaining([...OPEN_API_COMMON_ERRORS]));
      const idempotency = codes.filter((c) => (OPEN_API_IDEMPOTENCY_ERRORS as readonly string[]).includes(c));
      expect(idempotency).toEqual(OPEN_API_CALLS[k].method === 'POST' ? [...OPEN_API_IDEMPOTENCY_ERRORS] : []);
      expect(codes).toEqual(OPEN_API_ERRORS.filter((c) => codes.includes(c)));
    }
  });

  it('each code is in the error catalogue with an error status', () => {
    for (const c of OPEN_API_ERRORS) expect(ERROR_CATALOGUE[c].httpStatus).toBeGreaterThanOrEqual(400);
  });
});
