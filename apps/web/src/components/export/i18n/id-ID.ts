import type { Messages } from './en-US';

const messages: Messages = {
  'screens.exports.button': 'Ekspor',
  'screens.exports.empty': 'Tidak ada catatan yang cocok; file hanya berisi baris judul.',
  'screens.exports.jobTitle': 'Sedang mengekspor',
  'screens.exports.running': '{{rows}} baris: ekspor besar sedang disiapkan di latar belakang.',
  'screens.exports.mailHint': 'Setelah selesai, tautan unduhan dikirim ke email Anda; Anda boleh menutup jendela ini.',
  'screens.exports.ready': 'Ekspor siap',
  'screens.exports.mailed': 'Tautan unduhan juga dikirim ke email Anda.',
  'screens.exports.failed': 'Ekspor gagal. Silakan coba lagi.',
  'screens.exports.download': 'Unduh',
  'screens.exports.close': 'Tutup',
};
export default messages;
