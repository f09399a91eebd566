import type { Messages } from './en-US';

const messages: Messages = {
  'audit.action.callback_resent': '重发回调',
  'callback.error.invalidUrl': '不是有效的 http(s) 地址：{{detail}}',
  'callback.error.blockedAddress':
    '已拒绝：该地址不是公网地址（{{detail}}）。仅在设置 ALLOW_PRIVATE_CALLBACKS=true 时才允许回调到内网或本机地址。',
  'callback.error.dnsFailed': '无法解析主机名：{{detail}}',
  'callback.error.timeout': '在时限内未收到响应：{{detail}}',
  'callback.error.connectionFailed': '连接失败：{{detail}}',
  'callback.error.signingFailed': '无法签名回调（Webhook 密钥无法读取），未发送：{{detail}}',
};
export default messages;
