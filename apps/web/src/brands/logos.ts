import tikipay from './logos/tikipay.svg';
import lumipay from './logos/lumipay.svg';
import pagoverde from './logos/pagoverde.svg';
import coinrail from './logos/coinrail.svg';
import sakurapay from './logos/sakurapay.svg';
import siampay from './logos/siampay.svg';
import formkit from './logos/formkit.svg';
import relaypay from './logos/relaypay.svg';
import andespay from './logos/andespay.svg';

/** Logo URL per brand value. A brand added as data without a logo file gets the wordmark fallback (null). */
const LOGOS: Readonly<Record<string, string>> = {
  tikipay, lumipay, pagoverde, coinrail, sakurapay, siampay, formkit, relaypay, andespay,
};

export function logoOf(brandValue: string): string | null {
  return LOGOS[brandValue] ?? null;
}
