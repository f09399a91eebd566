import { BRANDS } from '../brands';
import { CHANNELS } from '../channels';

/** Keys whose text is a brand name, identical in every language, generated from the data. */
export function derivedMessages(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const ch of CHANNELS) if (!ch.generic) out[ch.i18nKey] = ch.name;
  for (const b of BRANDS) out[`brand.${b.value}`] = b.name;
  return out;
}
