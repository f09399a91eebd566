import type { Messages } from './en-US';

const messages: Messages = {
  'screens.products.country': '国家',
  'screens.products.loadFailed': '支付方式加载失败。',
  'screens.products.empty': '该国家暂未提供支付方式。',
  'screens.products.listHint': '您的客户可以使用的支付方式，包括单笔金额限额和您的费率。',
  'screens.products.listHintPublic': '该国家可用的支付方式及单笔金额限额。登录后可查看您的费率。',
  'screens.products.summaryHint': '按支付类型汇总：渠道数量、可接受的金额范围和您的费率。',
  'screens.products.summaryHintPublic': '按支付类型汇总：渠道数量和可接受的金额范围。登录后可查看您的费率。',
  'screens.products.paymentType': '支付类型',
  'screens.products.channel': '渠道',
  'screens.products.channels': '渠道数',
  'screens.products.channelCount': '{{n}} 个渠道',
  'screens.products.minAmount': '最低金额（{{currency}}）',
  'screens.products.maxAmount': '最高金额（{{currency}}）',
  'screens.products.fee': '费率',
  'screens.products.noFee': '免费',
  'screens.products.minFee': '最低 {{amount}}',
  'screens.products.status': '状态',
  'screens.products.available': '可用',
  'screens.products.unavailable': '不可用',
  'screens.products.signIn': '登录',
  'screens.products.ownRate': '专属费率',
  'screens.products.range': '{{min}} 至 {{max}} {{currency}}',
};
export default messages;
