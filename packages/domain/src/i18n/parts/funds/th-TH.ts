import type { Messages } from './en-US';

const messages: Messages = {
  'audit.action.refund_created': 'สร้างการคืนเงิน',
  'audit.action.balance_limit_changed': 'เปลี่ยนเกณฑ์ยอดคงเหลือ',
  'audit.action.settlement_run': 'ดำเนินการชำระบัญชี',
  'funds.limit.required': 'กรุณากรอกเกณฑ์ยอดคงเหลือ',
  'funds.limit.positiveInteger': 'กรุณากรอกจำนวนเต็มบวก',
};
export default messages;
