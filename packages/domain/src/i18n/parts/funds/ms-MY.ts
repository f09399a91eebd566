import type { Messages } from './en-US';

const messages: Messages = {
  'audit.action.refund_created': 'Bayaran balik dibuat',
  'audit.action.balance_limit_changed': 'Had baki diubah',
  'audit.action.settlement_run': 'Penyelesaian dijalankan',
  'funds.limit.required': 'Had baki diperlukan',
  'funds.limit.positiveInteger': 'Masukkan integer positif',
};
export default messages;
