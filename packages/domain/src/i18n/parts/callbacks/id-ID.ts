import type { Messages } from './en-US';

const messages: Messages = {
  'audit.action.callback_resent': 'Callback dikirim ulang',
  'callback.error.invalidUrl': 'Bukan alamat http(s) yang valid: {{detail}}',
  'callback.error.blockedAddress':
    'Ditolak: alamat ini bukan alamat publik ({{detail}}). Tujuan privat dan loopback hanya diizinkan dengan ALLOW_PRIVATE_CALLBACKS=true.',
  'callback.error.dnsFailed': 'Nama host tidak dapat di-resolve: {{detail}}',
  'callback.error.timeout': 'Tidak ada jawaban dalam batas waktu: {{detail}}',
  'callback.error.connectionFailed': 'Koneksi gagal: {{detail}}',
  'callback.error.signingFailed': 'Callback tidak dapat ditandatangani (secret webhook tidak terbaca), tidak ada yang dikirim: {{detail}}',
};
export default messages;
