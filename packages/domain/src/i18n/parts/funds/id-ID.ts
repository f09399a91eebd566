import type { Messages } from './en-US';

const messages: Messages = {
  'audit.action.refund_created': 'Pengembalian dana dibuat',
  'audit.action.balance_limit_changed': 'Batas saldo diubah',
  'audit.action.settlement_run': 'Penyelesaian dijalankan',
  'funds.limit.required': 'Batas saldo wajib diisi',
  'funds.limit.positiveInteger': 'Masukkan bilangan bulat positif',
};
export default messages;
