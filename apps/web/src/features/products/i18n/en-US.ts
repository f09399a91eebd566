/** Screen strings of features/products (English); the other five files carry the same keys (checked by type). */
const messages = {
  'screens.products.country': 'Country',
  'screens.products.loadFailed': 'The payment methods could not be loaded.',
  'screens.products.empty': 'No payment methods are offered in this country yet.',
  'screens.products.listHint':
    'The payment methods your customers can use, with the amount limits of one payment and your fee.',
  'screens.products.listHintPublic':
    'The payment methods available in this country, with the amount limits of one payment. Sign in to see your fees.',
  'screens.products.summaryHint':
    'Per payment type: how many channels, the amounts they accept and your fee.',
  'screens.products.summaryHintPublic':
    'Per payment type: how many channels and the amounts they accept. Sign in to see your fees.',
  'screens.products.paymentType': 'Payment type',
  'screens.products.channel': 'Channel',
  'screens.products.channels': 'Channels',
  'screens.products.channelCount': '{{n}} channel(s)',
  'screens.products.minAmount': 'Minimum ({{currency}})',
  'screens.products.maxAmount': 'Maximum ({{currency}})',
  'screens.products.fee': 'Fee',
  'screens.products.noFee': 'No fee',
  'screens.products.minFee': 'minimum {{amount}}',
  'screens.products.status': 'Status',
  'screens.products.available': 'Available',
  'screens.products.unavailable': 'Unavailable',
  'screens.products.signIn': 'Sign in',
  'screens.products.ownRate': 'Your rate',
  'screens.products.range': '{{min}} to {{max}} {{currency}}',
};
export type Messages = Record<keyof typeof messages, string>;
export default messages;
