import type { Messages } from './en-US';

const messages: Messages = {
  'audit.action.callback_resent': 'ส่งคอลแบ็กซ้ำ',
  'callback.error.invalidUrl': 'ไม่ใช่ที่อยู่ http(s) ที่ถูกต้อง: {{detail}}',
  'callback.error.blockedAddress':
    'ถูกปฏิเสธ: ที่อยู่นี้ไม่ใช่ที่อยู่สาธารณะ ({{detail}}) ปลายทางภายในเครือข่ายส่วนตัวและ loopback อนุญาตเฉพาะเมื่อตั้งค่า ALLOW_PRIVATE_CALLBACKS=true',
  'callback.error.dnsFailed': 'ไม่สามารถแปลงชื่อโฮสต์ได้: {{detail}}',
  'callback.error.timeout': 'ไม่มีการตอบกลับภายในเวลาที่กำหนด: {{detail}}',
  'callback.error.connectionFailed': 'การเชื่อมต่อล้มเหลว: {{detail}}',
  'callback.error.signingFailed': 'ไม่สามารถลงนามคอลแบ็กได้ (อ่านซีเคร็ตของเว็บฮุกไม่ได้) จึงไม่ได้ส่ง: {{detail}}',
};
export default messages;
