import type { WebMessages } from './en-US';

const thTH: WebMessages = {
  'page.login': 'เข้าสู่ระบบ',
  'page.register': 'สร้างบัญชี',
  'page.registerResult': 'ส่งการลงทะเบียนแล้ว',
  'page.alteration': 'เปลี่ยนรหัสผ่าน',
  'page.productList': 'รายการผลิตภัณฑ์',
  'page.productSummary': 'สรุปผลิตภัณฑ์',
  'page.notFound': 'ไม่พบหน้าที่ต้องการ',
  'page.dashboard': 'แดชบอร์ด',
  'page.document': 'เอกสาร',

  'login.heading': 'ยินดีต้อนรับกลับมา',
  'login.subheading': 'เข้าสู่ระบบ {{brand}} เพื่อจัดการการชำระเงินของคุณ',
  'login.formPending': 'แบบฟอร์มเข้าสู่ระบบจะแสดงที่นี่เมื่อฟีเจอร์เข้าสู่ระบบพร้อมใช้งาน',
  'login.secure': 'ปกป้องด้วยการเข้ารหัสระดับธนาคาร',
  'public.formPending': 'แบบฟอร์มนี้จะแสดงที่นี่เมื่อฟีเจอร์เข้าสู่ระบบพร้อมใช้งาน',

  'layout.headline': 'การชำระเงินสำหรับทุกตลาดที่คุณขาย',
  'layout.subline': 'รับชำระ จ่ายเงิน และการชำระบัญชี ครบในแดชบอร์ดเดียว',
  'layout.feature.collections': 'รับชำระผ่านช่องทางท้องถิ่น',
  'layout.feature.payouts': 'โอนจ่ายได้แบบเรียลไทม์',
  'layout.feature.settlement': 'ติดตามทุกการชำระบัญชีและยอดคงเหลือ',
  'layout.rights': 'สงวนลิขสิทธิ์',
  'layout.country': 'ประเทศ',
  'layout.language': 'ภาษา',

  'notFound.subtitle': 'ขออภัย ไม่พบหน้าที่คุณเข้าชม',
  'notFound.backHome': 'กลับสู่หน้าหลัก',

  'protected.placeholder': 'แดชบอร์ดของคุณจะพร้อมใช้งานเมื่อฟีเจอร์เข้าสู่ระบบพร้อม',
  'protected.logout': 'ออกจากระบบ',
};

export default thTH;
