import type { CurrencyCode } from './currencies';
import type { Language } from './languages';

/**
 * The nine white-label brands (BRANDS-AND-COUNTRIES.md). Spec §1 fields: value, name, title, needHide,
 * newRoute, registerSwitch, isProxy; the rest is what the table beside them decides.
 */
export interface Brand {
  value: string;
  name: string;
  title: string;
  /** Default host a deployment maps to this brand. */
  host: string;
  defaultLanguage: Language;
  /** true: `/login` style routes; false: legacy `/user/login`. */
  newRoute: boolean;
  registerSwitch: boolean;
  /** Hides the language switcher. */
  needHide: boolean;
  /** Whether requests carry the payment brand (spec §7: all but two brands). */
  sendsBrand: boolean;
  /** Calls go through the brand's own API base (a proxy in front of the gateway). */
  isProxy: boolean;
  currencies: readonly CurrencyCode[];
  /** Country kept across sessions; false: cleared at logout. */
  storesCountry: boolean;
  /** Crypto role variant of spec §6. */
  crypto: boolean;
  /** Onboarding pages use the blank simple layout. */
  simpleOnboardingLayout: boolean;
  /** antd primary colour. */
  primaryColor: string;
}

export const BRANDS: readonly Brand[] = [
  {
    value: 'tikipay', name: 'TikiPay', title: 'TikiPay Merchant', host: 'merchant.tikipay.test',
    defaultLanguage: 'zh-CN', newRoute: false, registerSwitch: false, needHide: false, sendsBrand: false,
    isProxy: false, currencies: ['IDR', 'THB', 'PHP', 'MYR', 'VND', 'MMK', 'MXN', 'BRL', 'PKR'],
    storesCountry: true, crypto: false, simpleOnboardingLayout: false, primaryColor: '#1f6feb',
  },
  {
    value: 'lumipay', name: 'LumiPay', title: 'LumiPay Dashboard', host: 'dashboard.lumipay.test',
    defaultLanguage: 'en-US', newRoute: true, registerSwitch: true, needHide: false, sendsBrand: true,
    isProxy: false, currencies: ['IDR', 'THB', 'PHP', 'MYR', 'VND'],
    storesCountry: true, crypto: false, simpleOnboardingLayout: false, primaryColor: '#7c3aed',
  },
  {
    value: 'pagoverde', name: 'PagoVerde', title: 'PagoVerde Portal', host: 'portal.pagoverde.test',
    defaultLanguage: 'pt-BR', newRoute: true, registerSwitch: true, needHide: false, sendsBrand: true,
    isProxy: false, currencies: ['BRL'],
    storesCountry: true, crypto: false, simpleOnboardingLayout: false, primaryColor: '#15803d',
  },
  {
    value: 'coinrail', name: 'CoinRail', title: 'CoinRail Merchant', host: 'app.coinrail.test',
    defaultLanguage: 'en-US', newRoute: true, registerSwitch: true, needHide: false, sendsBrand: true,
    isProxy: false, currencies: ['USDT'],
    storesCountry: true, crypto: true, simpleOnboardingLayout: false, primaryColor: '#d97706',
  },
  {
    value: 'sakurapay', name: 'SakuraPay', title: 'SakuraPay Merchant', host: 'merchant.sakurapay.test',
    defaultLanguage: 'zh-CN', newRoute: true, registerSwitch: false, needHide: false, sendsBrand: true,
    isProxy: false, currencies: ['JPY', 'KRW'],
    storesCountry: true, crypto: false, simpleOnboardingLayout: false, primaryColor: '#db2777',
  },
  {
    value: 'siampay', name: 'SiamPay', title: 'SiamPay Merchant', host: 'merchant.siampay.test',
    defaultLanguage: 'zh-CN', newRoute: false, registerSwitch: false, needHide: true, sendsBrand: true,
    isProxy: false, currencies: ['THB'],
    storesCountry: false, crypto: false, simpleOnboardingLayout: false, primaryColor: '#0e7490',
  },
  {
    value: 'formkit', name: 'FormKit Pay', title: 'FormKit Onboarding', host: 'onboard.formkitpay.test',
    defaultLanguage: 'zh-CN', newRoute: true, registerSwitch: true, needHide: false, sendsBrand: true,
    isProxy: false, currencies: ['IDR', 'PHP'],
    storesCountry: true, crypto: false, simpleOnboardingLayout: true, primaryColor: '#4f46e5',
  },
  {
    value: 'relaypay', name: 'RelayPay', title: 'RelayPay Merchant', host: 'merchant.relaypay.test',
    defaultLanguage: 'zh-CN', newRoute: false, registerSwitch: false, needHide: false, sendsBrand: false,
    isProxy: true, currencies: ['IDR', 'THB', 'VND'],
    storesCountry: false, crypto: false, simpleOnboardingLayout: false, primaryColor: '#b91c1c',
  },
  {
    value: 'andespay', name: 'AndesPay', title: 'AndesPay Merchant', host: 'merchant.andespay.test',
    defaultLanguage: 'zh-CN', newRoute: true, registerSwitch: true, needHide: false, sendsBrand: true,
    isProxy: false, currencies: ['MXN', 'BRL', 'COP'],
    storesCountry: true, crypto: false, simpleOnboardingLayout: false, primaryColor: '#0369a1',
  },
];

/** The platform's own brand: the fallback when neither host nor stored choice names one. */
export const DEFAULT_BRAND_VALUE = 'tikipay';

export function findBrand(value: string | null | undefined): Brand | undefined {
  return value ? BRANDS.find((b) => b.value === value) : undefined;
}

export function brandForHost(host: string | null | undefined): Brand | undefined {
  if (!host) return undefined;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return BRANDS.find((b) => b.host === name);
}

/** Host name first, then the stored choice, then the platform brand. */
export function resolveBrand(host: string | null | undefined, stored: string | null | undefined): Brand {
  return brandForHost(host) ?? findBrand(stored) ?? (findBrand(DEFAULT_BRAND_VALUE) as Brand);
}

export function hasCountrySwitcher(brand: Brand): boolean {
  return brand.currencies.length > 1;
}

/** The pages outside the shell: sign-in, registration and the forgotten-password page (alteration). */
export type AuthPage = 'login' | 'register' | 'register-result' | 'alteration';

/** A sign-in page in the brand's route style ('/login' or '/user/login'); the server's e-mails link to them too. */
export function authPath(brand: Brand, page: AuthPage): string {
  return `${brand.newRoute ? '' : '/user'}/${page}`;
}

/** Login route of a brand's route style. */
export function loginPath(brand: Brand): string {
  return authPath(brand, 'login');
}

/** Spec §2: "/" goes to /dashboard/home for new-route brands, /dashboard/analysis otherwise. */
export function homePath(brand: Brand): string {
  return brand.newRoute ? '/dashboard/home' : '/dashboard/analysis';
}
