/** Number formats of the health page in the user's language: a rate as a percent, a time to final status. */
import { useMemo } from 'react';
import { useLocale } from '../../i18n/LocaleProvider';

const MS_PER_S = 1000;
const S_PER_MIN = 60;
const MIN_PER_H = 60;

export function useHealthFormat() {
  const { language } = useLocale();
  return useMemo(() => {
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const unit = (u: string) => new Intl.NumberFormat(language, { style: 'unit', unit: u, unitDisplay: 'narrow', maximumFractionDigits: 1 });
    const [ms, s, min, h] = [unit('millisecond'), unit('second'), unit('minute'), unit('hour')];
    return {
      rate: (r: number | null) => (r === null ? '-' : percent.format(r)),
      /** The largest unit that keeps the figure at or above one. */
      duration: (v: number | null) => {
        if (v === null) return '-';
        if (v < MS_PER_S) return ms.format(v);
        const secs = v / MS_PER_S;
        if (secs < S_PER_MIN) return s.format(secs);
        const mins = secs / S_PER_MIN;
        return mins < MIN_PER_H ? min.format(mins) : h.format(mins / MIN_PER_H);
      },
    };
  }, [language]);
}
