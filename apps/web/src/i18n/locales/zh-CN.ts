import type { WebMessages } from './en-US';

const zhCN: WebMessages = {
  'page.login': '登录',
  'page.register': '注册账号',
  'page.registerResult': '注册结果',
  'page.alteration': '修改密码',
  'page.productList': '产品列表',
  'page.productSummary': '产品概览',
  'page.notFound': '页面不存在',
  'page.dashboard': '控制台',
  'page.document': '文档中心',

  'login.heading': '欢迎回来',
  'login.subheading': '登录 {{brand}}，管理您的收付款业务。',
  'login.formPending': '登录表单将随登录功能一同上线。',
  'login.secure': '银行级加密保护',
  'public.formPending': '此表单将随登录功能一同上线。',

  'layout.headline': '覆盖您所有市场的支付服务',
  'layout.subline': '代收、代付与结算，尽在一个控制台。',
  'layout.feature.collections': '接入本地主流支付方式',
  'layout.feature.payouts': '实时发起代付',
  'layout.feature.settlement': '随时掌握每笔结算与余额',
  'layout.rights': '保留所有权利。',
  'layout.country': '国家/地区',
  'layout.language': '语言',

  'notFound.subtitle': '抱歉，您访问的页面不存在。',
  'notFound.backHome': '返回首页',

  'protected.placeholder': '控制台将随登录功能一同上线。',
  'protected.logout': '退出登录',
};

export default zhCN;
