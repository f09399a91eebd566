/** Web UI strings, en-US. The key set here is the reference: every other locale has exactly these keys. */
const enUS = {
  'page.login': 'Sign in',
  'page.register': 'Create account',
  'page.registerResult': 'Registration submitted',
  'page.alteration': 'Change password',
  'page.productList': 'Products',
  'page.productSummary': 'Product summary',
  'page.notFound': 'Page not found',
  'page.dashboard': 'Dashboard',
  'page.document': 'Documentation',

  'login.heading': 'Welcome back',
  'login.subheading': 'Sign in to {{brand}} to manage your payments.',
  'login.formPending': 'The sign-in form will appear here with the sign-in feature.',
  'login.secure': 'Protected by bank-grade encryption',
  'public.formPending': 'This form will appear here with the sign-in feature.',

  'layout.headline': 'Payments for every market you sell in',
  'layout.subline': 'Collections, payouts and settlements in one dashboard.',
  'layout.feature.collections': 'Accept local payment methods',
  'layout.feature.payouts': 'Send payouts in real time',
  'layout.feature.settlement': 'Track every settlement and balance',
  'layout.rights': 'All rights reserved.',
  'layout.country': 'Country',
  'layout.language': 'Language',

  'notFound.subtitle': 'Sorry, the page you visited does not exist.',
  'notFound.backHome': 'Back to home',

  'protected.placeholder': 'Your dashboard arrives with the sign-in feature.',
  'protected.logout': 'Log out',
} as const;

export type WebMessageKey = keyof typeof enUS;
export type WebMessages = Record<WebMessageKey, string>;

export default enUS satisfies WebMessages;
