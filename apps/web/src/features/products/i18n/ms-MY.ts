import type { Messages } from './en-US';

const messages: Messages = {
  'screens.products.country': 'Negara',
  'screens.products.loadFailed': 'Kaedah pembayaran tidak dapat dimuatkan.',
  'screens.products.empty': 'Belum ada kaedah pembayaran ditawarkan di negara ini.',
  'screens.products.listHint':
    'Kaedah pembayaran yang boleh digunakan pelanggan anda, dengan had amaun setiap pembayaran dan fi anda.',
  'screens.products.listHintPublic':
    'Kaedah pembayaran yang tersedia di negara ini, dengan had amaun setiap pembayaran. Log masuk untuk melihat fi anda.',
  'screens.products.summaryHint':
    'Mengikut jenis pembayaran: bilangan saluran, amaun yang diterima dan fi anda.',
  'screens.products.summaryHintPublic':
    'Mengikut jenis pembayaran: bilangan saluran dan amaun yang diterima. Log masuk untuk melihat fi anda.',
  'screens.products.paymentType': 'Jenis pembayaran',
  'screens.products.channel': 'Saluran',
  'screens.products.channels': 'Bilangan saluran',
  'screens.products.channelCount': '{{n}} saluran',
  'screens.products.minAmount': 'Amaun minimum ({{currency}})',
  'screens.products.maxAmount': 'Amaun maksimum ({{currency}})',
  'screens.products.fee': 'Fi',
  'screens.products.noFee': 'Tiada fi',
  'screens.products.minFee': 'sekurang-kurangnya {{amount}}',
  'screens.products.status': 'Status',
  'screens.products.available': 'Tersedia',
  'screens.products.unavailable': 'Tidak tersedia',
  'screens.products.signIn': 'Log masuk',
  'screens.products.ownRate': 'Kadar khas anda',
  'screens.products.range': '{{min}} hingga {{max}} {{currency}}',
};
export default messages;
