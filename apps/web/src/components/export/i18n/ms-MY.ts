import type { Messages } from './en-US';

const messages: Messages = {
  'screens.exports.button': 'Eksport',
  'screens.exports.empty': 'Tiada rekod sepadan; fail hanya mengandungi baris tajuk.',
  'screens.exports.jobTitle': 'Sedang mengeksport',
  'screens.exports.running': '{{rows}} baris: eksport besar sedang disediakan di latar belakang.',
  'screens.exports.mailHint': 'Apabila selesai, pautan muat turun dihantar ke e-mel anda; anda boleh menutup tetingkap ini.',
  'screens.exports.ready': 'Eksport sedia',
  'screens.exports.mailed': 'Pautan muat turun juga dihantar ke e-mel anda.',
  'screens.exports.failed': 'Eksport gagal. Sila cuba lagi.',
  'screens.exports.download': 'Muat turun',
  'screens.exports.close': 'Tutup',
};
export default messages;
