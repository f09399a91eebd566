import { useCallback, useRef, useState } from 'react';

/** A field's check: the message of its first problem, or null. May load what it needs (features/auth/loginChecks.ts). */
export type PlainCheck = (value: string) => string | null | Promise<string | null>;

/**
 * Form state for the sign-in page without antd's Form (issue 10: rc-field-form is a tenth of that page's
 * JavaScript). Fields are strings; every field is checked on submit, and once submitted each is checked again as it
 * changes, as antd's Form does. Checks are read at call time, so they may close over the current language.
 */
export function usePlainForm<K extends string>(names: readonly K[], checks: Partial<Record<K, PlainCheck>>) {
  const empty = () => Object.fromEntries(names.map((n) => [n, ''])) as Record<K, string>;
  const [values, setValues] = useState<Record<K, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const checksRef = useRef(checks);
  checksRef.current = checks;
  const submitted = useRef(false);
  // A slower (loading) check of an older value must not overwrite the answer for a newer one.
  const seq = useRef<Partial<Record<K, number>>>({});

  const check = useCallback(async (name: K, value: string): Promise<boolean> => {
    const mine = (seq.current[name] ?? 0) + 1;
    seq.current[name] = mine;
    const message = (await checksRef.current[name]?.(value)) ?? null;
    if (seq.current[name] === mine) setErrors((e) => ({ ...e, [name]: message ?? undefined }));
    return message === null;
  }, []);

  const set = useCallback(
    (name: K, value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      if (submitted.current) void check(name, value);
    },
    [check],
  );

  /** Checks every field; true when all pass. */
  const validate = useCallback(async (): Promise<boolean> => {
    submitted.current = true;
    const results = await Promise.all(names.map((n) => check(n, values[n])));
    return results.every(Boolean);
  }, [check, names, values]);

  const reset = useCallback(() => {
    submitted.current = false;
    seq.current = {};
    setValues(empty());
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { values, errors, set, validate, reset };
}
