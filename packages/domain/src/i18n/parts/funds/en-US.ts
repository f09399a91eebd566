/** Domain messages of the funds area (issue 4), English; the other five files carry the same keys. */
const messages = {
  'audit.action.refund_created': 'Refund created',
  'audit.action.balance_limit_changed': 'Balance limit changed',
  'audit.action.settlement_run': 'Settlement run',
  'funds.limit.required': 'Balance limit is required',
  'funds.limit.positiveInteger': 'Enter a positive integer',
} satisfies Record<string, string>;
export type Messages = Record<keyof typeof messages, string>;
export default messages;
