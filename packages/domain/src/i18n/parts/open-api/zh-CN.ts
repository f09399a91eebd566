import type { Messages } from './en-US';

const messages: Messages = {
  'openApi.sandboxOnly': '沙箱辅助接口仅接受沙箱密钥',
  'openApi.sandboxOrderOnly': '沙箱辅助接口只能操作沙箱订单；该订单由正式密钥创建',
  'openApi.currencyUnknown': '未知币种：{{value}}',
  'openApi.failureReasonUnknown': '未知的失败原因：{{value}}',
  'paymentLink.notActive': '该支付链接已失效',
  'paymentLink.alreadyPaid': '该支付链接已支付',
  'paymentLink.noPaymentMethod': '该币种下没有适用于此金额的支付方式',
  'paymentLink.paymentTypeUnavailable': '该币种不支持此支付类型',
  'paymentLink.amountOutOfRange': '金额必须在 {{min}} 与 {{max}} 之间',
  'paymentLink.descriptionRequired': '请填写付款人可见的描述',
  'paymentLink.expiryHoursInvalid': '有效期必须是 1 到 {{max}} 之间的整数小时',
  'cashier.expired': '该笔支付已过期，无法继续支付',
  'cashier.notPayable': '该笔支付已无法支付',
  'cashier.alreadyPaid': '该笔支付已完成',
  'cashier.notCancellable': '该笔支付已无法取消',
  'cashier.linkNotCancellable': '支付链接在支付或过期前一直有效，直接关闭页面即可离开',
  'cashier.liveNotSupported': '正式环境的支付需在支付渠道页面完成，而非本页面',
};
export default messages;
