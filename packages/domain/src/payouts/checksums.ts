/** Check digits of the national account and tax ids payouts need (pure; tested in packages/domain/test). */

const onlyDigits = (s: string) => /^\d+$/.test(s);

/** Brazil CPF: 11 digits, two mod-11 check digits; all-equal digits are refused (they pass the arithmetic). */
export function isValidCpf(value: string): boolean {
  const d = value.replace(/[.\-\s]/g, '');
  if (d.length !== 11 || !onlyDigits(d) || /^(\d)\1{10}$/.test(d)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

/** Brazil CNPJ: 14 digits, two mod-11 check digits with weights 5..2,9..2 and 6..2,9..2. */
export function isValidCnpj(value: string): boolean {
  const d = value.replace(/[./\-\s]/g, '');
  if (d.length !== 14 || !onlyDigits(d) || /^(\d)\1{13}$/.test(d)) return false;
  const check = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (weights[i] ?? 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === Number(d[12]) && check(13) === Number(d[13]);
}

/** A CPF (person) or a CNPJ (company). */
export function isValidBrazilDocument(value: string): boolean {
  return isValidCpf(value) || isValidCnpj(value);
}

/** Mexico CLABE: 18 digits, weights 3,7,1 repeated over the first 17, check = (10 - sum mod 10) mod 10. */
export function isValidClabe(value: string): boolean {
  if (value.length !== 18 || !onlyDigits(value)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(value[i]) * (weights[i % 3] ?? 0)) % 10;
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

/** India IFSC: four letters of the bank, a zero, six letters or digits of the branch. */
export function isValidIfsc(value: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value);
}
