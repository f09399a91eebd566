import type { Messages } from './en-US';

const messages: Messages = {
  'audit.action.callback_resent': 'Panggilan balik dihantar semula',
  'callback.error.invalidUrl': 'Bukan alamat http(s) yang sah: {{detail}}',
  'callback.error.blockedAddress':
    'Ditolak: alamat ini bukan alamat awam ({{detail}}). Sasaran peribadi dan loopback hanya dibenarkan dengan ALLOW_PRIVATE_CALLBACKS=true.',
  'callback.error.dnsFailed': 'Nama hos tidak dapat diselesaikan: {{detail}}',
  'callback.error.timeout': 'Tiada jawapan dalam had masa: {{detail}}',
  'callback.error.connectionFailed': 'Sambungan gagal: {{detail}}',
  'callback.error.signingFailed': 'Panggilan balik tidak dapat ditandatangani (rahsia webhook tidak dapat dibaca), tiada apa-apa dihantar: {{detail}}',
};
export default messages;
