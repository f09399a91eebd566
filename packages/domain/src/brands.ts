import { darken, mix, shadeFor } from './contrast';
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
  /** The brand's colour (logo, tints, decoration); the shades that carry text derive from it: brandColours(). */
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

/** The signed-in shell's page background (apps/web styles.css `.mg-shell`), the darkest neutral behind text. */
export const SHELL_BACKGROUND = '#f4f6fa';

/** The brand's pale tints behind its text: a selected item (10 %) and a hovered selected item (14 %), over white. */
export function brandTints(brand: Pick<Brand, 'primaryColor'>): { selected: string; selectedHover: string } {
  return { selected: mix(brand.primaryColor, 0.1, '#ffffff'), selectedHover: mix(brand.primaryColor, 0.14, '#ffffff') };
}

/**
 * The light surfaces a brand's colour is read on as text: white (cards, dialogs, header, menu), the shell's
 * background (tabs, breadcrumb), the brand's tints (a selected menu item and its hover, the sign-in badge) and the
 * sign-in panel's 6 % tint over slate-50.
 */
export function brandSurfaces(brand: Pick<Brand, 'primaryColor'>): string[] {
  const tints = brandTints(brand);
  return ['#ffffff', SHELL_BACKGROUND, tints.selected, tints.selectedHover, mix(brand.primaryColor, 0.06, '#f8fafc')];
}

export interface BrandColours {
  /** The brand's own colour, for what carries no text: logo, tints, icons beside a label. */
  brand: string;
  /**
   * antd's primary and link colour: the brand's colour, darkened (same hue) only as far as it needs to read at
   * 4.5:1 as text on every surface of brandSurfaces() and to carry white text on a primary button.
   */
  primary: string;
  /** Hover and pressed shades of primary: darker still, so a hovered button or link never reads worse. */
  hover: string;
  active: string;
  /** Text on a primary fill. */
  onPrimary: string;
  /**
   * The background of a selected item and of its hover (antd's colorPrimaryBg and colorPrimaryBgHover): the brand's
   * own tints. antd's palette gives dark brand colours a grey first shade (#b4bfb6 for PagoVerde's green), on which
   * no brand-coloured text reads.
   */
  selectedBg: string;
  selectedBgHover: string;
}

/** The colours a brand's theme uses, derived from its one colour (docs/decisions.md "Contrast in every brand"). */
export function brandColours(brand: Pick<Brand, 'primaryColor'>): BrandColours {
  const primary = shadeFor(brand.primaryColor, brandSurfaces(brand));
  const tints = brandTints(brand);
  return {
    brand: brand.primaryColor,
    primary,
    hover: darken(primary, 0.05),
    active: darken(primary, 0.1),
    onPrimary: '#ffffff',
    selectedBg: tints.selected,
    selectedBgHover: tints.selectedHover,
  };
}

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
