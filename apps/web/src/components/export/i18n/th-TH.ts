import type { Messages } from './en-US';

const messages: Messages = {
  'screens.exports.button': 'ส่งออก',
  'screens.exports.empty': 'ไม่มีรายการที่ตรงกับตัวกรอง ไฟล์จะมีเฉพาะหัวตาราง',
  'screens.exports.jobTitle': 'กำลังส่งออก',
  'screens.exports.running': '{{rows}} แถว: ไฟล์ขนาดใหญ่กำลังสร้างอยู่เบื้องหลัง',
  'screens.exports.mailHint': 'เมื่อเสร็จแล้วจะส่งลิงก์ดาวน์โหลดไปที่อีเมลของคุณ ปิดหน้าต่างนี้ได้',
  'screens.exports.ready': 'ส่งออกเสร็จแล้ว',
  'screens.exports.mailed': 'ส่งลิงก์ดาวน์โหลดไปที่อีเมลของคุณแล้วด้วย',
  'screens.exports.failed': 'การส่งออกล้มเหลว โปรดลองอีกครั้ง',
  'screens.exports.download': 'ดาวน์โหลด',
  'screens.exports.close': 'ปิด',
};
export default messages;
