import type { Messages } from './en-US';

const messages: Messages = {
  'audit.action.refund_created': 'Reembolso criado',
  'audit.action.balance_limit_changed': 'Limite de saldo alterado',
  'audit.action.settlement_run': 'Liquidação executada',
  'funds.limit.required': 'O limite de saldo é obrigatório',
  'funds.limit.positiveInteger': 'Informe um número inteiro positivo',
};
export default messages;
