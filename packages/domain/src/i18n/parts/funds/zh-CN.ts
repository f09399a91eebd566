import type { Messages } from './en-US';

const messages: Messages = {
  'audit.action.refund_created': '发起退款',
  'audit.action.balance_limit_changed': '修改余额预警',
  'audit.action.settlement_run': '执行结算',
  'funds.limit.required': '余额预警值不能为空',
  'funds.limit.positiveInteger': '请输入正整数',
};
export default messages;
