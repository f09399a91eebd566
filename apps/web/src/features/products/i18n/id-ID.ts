import type { Messages } from './en-US';

const messages: Messages = {
  'screens.products.country': 'Negara',
  'screens.products.loadFailed': 'Metode pembayaran tidak dapat dimuat.',
  'screens.products.empty': 'Belum ada metode pembayaran yang ditawarkan di negara ini.',
  'screens.products.listHint':
    'Metode pembayaran yang dapat dipakai pelanggan Anda, dengan batas nominal per pembayaran dan biaya Anda.',
  'screens.products.listHintPublic':
    'Metode pembayaran yang tersedia di negara ini, dengan batas nominal per pembayaran. Masuk untuk melihat biaya Anda.',
  'screens.products.summaryHint':
    'Per jenis pembayaran: jumlah kanal, nominal yang diterima, dan biaya Anda.',
  'screens.products.summaryHintPublic':
    'Per jenis pembayaran: jumlah kanal dan nominal yang diterima. Masuk untuk melihat biaya Anda.',
  'screens.products.paymentType': 'Jenis pembayaran',
  'screens.products.channel': 'Kanal',
  'screens.products.channels': 'Jumlah kanal',
  'screens.products.channelCount': '{{n}} kanal',
  'screens.products.minAmount': 'Nominal minimum ({{currency}})',
  'screens.products.maxAmount': 'Nominal maksimum ({{currency}})',
  'screens.products.fee': 'Biaya',
  'screens.products.noFee': 'Tanpa biaya',
  'screens.products.minFee': 'minimal {{amount}}',
  'screens.products.status': 'Status',
  'screens.products.available': 'Tersedia',
  'screens.products.unavailable': 'Tidak tersedia',
  'screens.products.signIn': 'Masuk',
  'screens.products.ownRate': 'Tarif khusus Anda',
  'screens.products.range': '{{min}} sampai {{max}} {{currency}}',
};
export default messages;
