import type { Messages } from './en-US';

const messages: Messages = {
  'screens.products.country': 'ประเทศ',
  'screens.products.loadFailed': 'โหลดวิธีชำระเงินไม่สำเร็จ',
  'screens.products.empty': 'ยังไม่มีวิธีชำระเงินในประเทศนี้',
  'screens.products.listHint': 'วิธีชำระเงินที่ลูกค้าของคุณใช้ได้ พร้อมวงเงินต่อรายการและค่าธรรมเนียมของคุณ',
  'screens.products.listHintPublic': 'วิธีชำระเงินที่มีในประเทศนี้ พร้อมวงเงินต่อรายการ เข้าสู่ระบบเพื่อดูค่าธรรมเนียมของคุณ',
  'screens.products.summaryHint': 'แยกตามประเภทการชำระเงิน: จำนวนช่องทาง ยอดเงินที่รับได้ และค่าธรรมเนียมของคุณ',
  'screens.products.summaryHintPublic':
    'แยกตามประเภทการชำระเงิน: จำนวนช่องทางและยอดเงินที่รับได้ เข้าสู่ระบบเพื่อดูค่าธรรมเนียมของคุณ',
  'screens.products.paymentType': 'ประเภทการชำระเงิน',
  'screens.products.channel': 'ช่องทาง',
  'screens.products.channels': 'จำนวนช่องทาง',
  'screens.products.channelCount': '{{n}} ช่องทาง',
  'screens.products.minAmount': 'ขั้นต่ำ ({{currency}})',
  'screens.products.maxAmount': 'สูงสุด ({{currency}})',
  'screens.products.fee': 'ค่าธรรมเนียม',
  'screens.products.noFee': 'ไม่มีค่าธรรมเนียม',
  'screens.products.minFee': 'ขั้นต่ำ {{amount}}',
  'screens.products.status': 'สถานะ',
  'screens.products.available': 'พร้อมใช้งาน',
  'screens.products.unavailable': 'ไม่พร้อมใช้งาน',
  'screens.products.signIn': 'เข้าสู่ระบบ',
  'screens.products.ownRate': 'อัตราเฉพาะของคุณ',
  'screens.products.range': '{{min}} ถึง {{max}} {{currency}}',
};
export default messages;
