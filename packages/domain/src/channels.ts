/**
 * Channel dictionary (spec §3 "Channel codes"; DESIGN §7: channels are data). The real code-to-name mapping is not
 * shown in the spec; this is our own plausible set within the spec's range 1-113, plus 99 (cashier) and -1 (all).
 *
 * Names are brand names and need no translation. Every channel still has an `i18nKey` (`channel.<code>`, or
 * `channel.all`): the generic ones (`generic: true`: credit card, payout bank transfer, cashier, all) are translated
 * in the locale files; for the others the catalogue maps the key to the brand name in every language (see i18n/).
 */
import { CURRENCY_CODES, type CurrencyCode } from './currencies';
import { PaymentType } from './enums';

export interface Channel {
  code: number;
  name: string;
  countries: CurrencyCode[];
  paymentType: number;
  i18nKey: string;
  /** True for the generic entries whose name is a word, not a brand: translated in every locale. */
  generic?: boolean;
}

export const CHANNEL_ALL = -1;
export const CHANNEL_CASHIER = 99;

const FIAT: CurrencyCode[] = CURRENCY_CODES.filter((c) => c !== 'USDT');

function ch(
  code: number,
  name: string,
  countries: CurrencyCode[],
  paymentType: number,
  generic = false,
): Channel {
  const entry: Channel = {
    code,
    name,
    countries,
    paymentType,
    i18nKey: code === CHANNEL_ALL ? 'channel.all' : `channel.${code}`,
  };
  if (generic) entry.generic = true;
  return entry;
}

const P = PaymentType;

export const CHANNELS: readonly Channel[] = [
  // Indonesia
  ch(1, 'BCA Virtual Account', ['IDR'], P.VA),
  ch(2, 'Mandiri Virtual Account', ['IDR'], P.VA),
  ch(3, 'BNI Virtual Account', ['IDR'], P.VA),
  ch(4, 'BRI Virtual Account', ['IDR'], P.VA),
  ch(5, 'Permata Virtual Account', ['IDR'], P.VA),
  ch(6, 'OVO', ['IDR'], P.WALLET),
  ch(7, 'DANA', ['IDR'], P.WALLET),
  ch(8, 'GoPay', ['IDR'], P.WALLET),
  ch(9, 'ShopeePay', ['IDR'], P.WALLET),
  ch(10, 'LinkAja', ['IDR'], P.WALLET),
  ch(11, 'QRIS', ['IDR'], P.WALLET),
  ch(12, 'Alfamart', ['IDR'], P.OTC),
  ch(13, 'Indomaret', ['IDR'], P.OTC),
  // Thailand
  ch(20, 'PromptPay', ['THB'], P.BANK_TRANSFER),
  ch(21, 'TrueMoney Wallet', ['THB'], P.WALLET),
  ch(22, 'KBank Internet Banking', ['THB'], P.ONLINE_BANKING),
  ch(23, 'SCB Easy', ['THB'], P.MOBILE_BANKING),
  // Philippines
  ch(30, 'GCash', ['PHP'], P.WALLET),
  ch(31, 'Maya', ['PHP'], P.WALLET),
  ch(32, 'InstaPay', ['PHP'], P.BANK_TRANSFER),
  ch(33, '7-Eleven (PH)', ['PHP'], P.OTC),
  // Malaysia
  ch(36, 'DuitNow QR', ['MYR'], P.BANK_TRANSFER),
  ch(37, "Touch 'n Go eWallet", ['MYR'], P.WALLET),
  ch(38, 'FPX', ['MYR'], P.ONLINE_BANKING),
  ch(39, 'Boost', ['MYR'], P.WALLET),
  // Vietnam
  ch(42, 'MoMo', ['VND'], P.WALLET),
  ch(43, 'VietQR', ['VND'], P.BANK_TRANSFER),
  ch(44, 'ZaloPay', ['VND'], P.WALLET),
  // Myanmar
  ch(46, 'KBZPay', ['MMK'], P.WALLET),
  ch(47, 'WavePay', ['MMK'], P.WALLET),
  ch(48, 'AYA Pay', ['MMK'], P.WALLET),
  // Mexico
  ch(50, 'SPEI', ['MXN'], P.BANK_TRANSFER),
  ch(51, 'OXXO', ['MXN'], P.OTC),
  // Brazil
  ch(53, 'PIX', ['BRL'], P.BANK_TRANSFER),
  ch(54, 'Boleto', ['BRL'], P.INVOICE),
  // Pakistan
  ch(56, 'JazzCash', ['PKR'], P.WALLET),
  ch(57, 'Easypaisa', ['PKR'], P.WALLET),
  // Crypto
  ch(60, 'USDT-TRC20 (TRON)', ['USDT'], P.CRYPTO),
  ch(61, 'USDT-ERC20 (ETH)', ['USDT'], P.CRYPTO),
  ch(62, 'BTC', ['USDT'], P.CRYPTO),
  // India
  ch(64, 'UPI', ['INR'], P.UPI),
  ch(65, 'Paytm', ['INR'], P.WALLET),
  ch(66, 'NetBanking (IN)', ['INR'], P.ONLINE_BANKING),
  // Colombia
  ch(68, 'PSE', ['COP'], P.ONLINE_BANKING),
  ch(69, 'Nequi', ['COP'], P.WALLET),
  // Singapore, Brunei
  ch(71, 'PayNow', ['SGD'], P.BANK_TRANSFER),
  ch(73, 'BIBD Online', ['BND'], P.ONLINE_BANKING),
  // Japan, Korea
  ch(75, 'PayPay', ['JPY'], P.WALLET),
  ch(76, 'Konbini', ['JPY'], P.OTC),
  ch(78, 'KakaoPay', ['KRW'], P.WALLET),
  ch(79, 'Naver Pay', ['KRW'], P.WALLET),
  // Generic
  ch(90, 'Credit card', ['THB', 'PHP', 'MYR', 'MXN', 'BRL', 'INR', 'SGD', 'JPY', 'KRW'], P.CREDIT_CARD, true),
  ch(CHANNEL_CASHIER, 'Cashier', [...CURRENCY_CODES], P.CASHIER, true),
  ch(100, 'Bank transfer (payout)', FIAT, P.PAYOUT, true),
];

/** The "all channels" choice of filters (spec: -1 means all). Not a real channel, so not in CHANNELS. */
export const CHANNEL_ALL_ENTRY: Channel = ch(CHANNEL_ALL, 'All', [...CURRENCY_CODES], P.CASHIER, true);

export function findChannel(code: number | string): Channel | undefined {
  const n = typeof code === 'number' ? code : /^-?\d+$/.test(code) ? Number(code) : NaN;
  if (n === CHANNEL_ALL) return CHANNEL_ALL_ENTRY;
  return CHANNELS.find((c) => c.code === n);
}

export function channelsForCurrency(currency: CurrencyCode): Channel[] {
  return CHANNELS.filter((c) => c.countries.includes(currency));
}
