import type { Messages } from './en-US';

const messages: Messages = {
  'screens.exports.button': '导出',
  'screens.exports.empty': '没有符合条件的记录，导出文件只有表头。',
  'screens.exports.jobTitle': '正在导出',
  'screens.exports.running': '共 {{rows}} 行，文件较大，正在后台生成。',
  'screens.exports.mailHint': '完成后下载链接会发送到您的邮箱，可以关闭此窗口。',
  'screens.exports.ready': '导出完成',
  'screens.exports.mailed': '下载链接也已发送到您的邮箱。',
  'screens.exports.failed': '导出失败，请重试。',
  'screens.exports.download': '下载',
  'screens.exports.close': '关闭',
};
export default messages;
