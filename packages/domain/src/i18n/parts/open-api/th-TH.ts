import type { Messages } from './en-US';

const messages: Messages = {
  'openApi.sandboxOnly': 'ฟังก์ชันช่วยของแซนด์บ็อกซ์รับเฉพาะคีย์แซนด์บ็อกซ์เท่านั้น',
  'openApi.sandboxOrderOnly': 'ฟังก์ชันช่วยของแซนด์บ็อกซ์ใช้ได้กับคำสั่งซื้อแซนด์บ็อกซ์เท่านั้น คำสั่งซื้อนี้สร้างด้วยคีย์จริง',
  'openApi.currencyUnknown': 'ไม่รู้จักสกุลเงิน: {{value}}',
  'openApi.failureReasonUnknown': 'ไม่รู้จักเหตุผลที่ล้มเหลว: {{value}}',
  'paymentLink.notActive': 'ลิงก์ชำระเงินนี้ไม่สามารถใช้งานได้แล้ว',
  'paymentLink.alreadyPaid': 'ลิงก์ชำระเงินนี้ได้รับการชำระแล้ว',
  'paymentLink.noPaymentMethod': 'ไม่มีวิธีชำระเงินที่รองรับจำนวนเงินนี้ในสกุลเงินนี้',
  'paymentLink.paymentTypeUnavailable': 'ประเภทการชำระเงินนี้ไม่รองรับสกุลเงินนี้',
  'paymentLink.amountOutOfRange': 'จำนวนเงินต้องอยู่ระหว่าง {{min}} ถึง {{max}}',
  'paymentLink.descriptionRequired': 'กรุณากรอกคำอธิบายสำหรับผู้ชำระเงิน',
  'paymentLink.expiryHoursInvalid': 'ระยะเวลาหมดอายุต้องเป็นจำนวนชั่วโมงเต็มตั้งแต่ 1 ถึง {{max}}',
  'cashier.expired': 'รายการชำระเงินนี้หมดอายุแล้วและไม่สามารถชำระได้',
  'cashier.notPayable': 'รายการชำระเงินนี้ไม่สามารถชำระได้อีกต่อไป',
  'cashier.alreadyPaid': 'รายการชำระเงินนี้ได้รับการชำระแล้ว',
  'cashier.notCancellable': 'รายการชำระเงินนี้ไม่สามารถยกเลิกได้อีกต่อไป',
  'cashier.linkNotCancellable': 'ลิงก์ชำระเงินจะเปิดอยู่จนกว่าจะชำระหรือหมดอายุ เพียงปิดหน้านี้เพื่อออก',
  'cashier.liveNotSupported': 'การชำระเงินจริงจะดำเนินการบนหน้าของช่องทางชำระเงิน ไม่ใช่หน้านี้',
};
export default messages;
