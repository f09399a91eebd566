import type { Messages } from './en-US';

const messages: Messages = {
  'collections.notFound': 'ไม่พบรายการธุรกรรม',
  'collections.merchantNotFound': 'ไม่พบร้านค้า',
  'collections.merchantInactive': 'ร้านค้านี้ไม่สามารถรับชำระเงินได้ในขณะนี้',
  'collections.tooLong': '{{field}} ยาวได้ไม่เกิน {{max}} ตัวอักษร',
  'collections.urlInvalid': '{{field}} ต้องเป็นที่อยู่ http:// หรือ https://',
  'collections.emailInvalid': 'กรุณากรอกอีเมลที่ถูกต้อง',
  'collections.merchantOrderIdInvalid':
    'หมายเลขคำสั่งซื้อของร้านค้าต้องมี 1 ถึง 64 ตัวอักษร: ตัวอักษร ตัวเลข และ - _ . : เท่านั้น',
  'collections.duplicateOrderId': 'มีธุรกรรมที่ใช้หมายเลขคำสั่งซื้อของร้านค้า {{merchantOrderId}} อยู่แล้ว',
  'collections.currencyNotOffered': 'สกุลเงิน {{currency}} ไม่ได้เปิดใช้งานสำหรับร้านค้านี้',
  'collections.paymentTypeNotOffered': 'ประเภทการชำระเงิน {{paymentType}} ไม่มีให้บริการใน {{currency}}',
  'collections.channelNotOffered': 'ช่องทาง {{channel}} ไม่รองรับประเภทการชำระเงินและสกุลเงินนี้',
  'collections.amountOutOfRange': 'จำนวนเงินต้องอยู่ระหว่าง {{min}} ถึง {{max}} {{currency}} สำหรับวิธีชำระเงินนี้',
  'collections.expiryHoursInvalid': 'ระยะเวลาหมดอายุต้องเป็นจำนวนชั่วโมงเต็มตั้งแต่ 1 ถึง {{max}}',
  'collections.paidAmountInvalid': 'จำนวนเงินที่ชำระต้องมากกว่าศูนย์และไม่เกินยอดคำสั่งซื้อ',
  'collections.notOpen': 'ธุรกรรมนี้ไม่สามารถชำระหรือเปลี่ยนแปลงได้อีก (สถานะ: {{status}})',
  'collections.expired': 'การชำระเงินนี้หมดอายุแล้ว',
  'collections.failureReasonInvalid': 'ไม่รู้จักสาเหตุที่ล้มเหลว',
  'collections.lowBalance.title': 'ยอดเงินต่ำ: ยอดคงเหลือที่ใช้ได้ {{currency}} ต่ำกว่า {{threshold}}',
  'collections.lowBalance.content':
    'ยอดคงเหลือที่ใช้ได้ของ {{merchant}} ในสกุล {{currency}} คือ {{available}} ซึ่งต่ำกว่าวงเงินขั้นต่ำ {{threshold}} ของคุณ กรุณาเติมเงินหรือปรับวงเงินที่หน้ายอดคงเหลือ',
  'refunds.refundWayInvalid': 'กรุณาเลือกวิธีคืนเงิน: คืนผ่านช่องทางเดิมหรือแบบออฟไลน์',
  'refunds.reasonRequired': 'กรุณากรอกเหตุผลในการคืนเงิน',
  'refunds.merchantRefundIdInvalid':
    'หมายเลขคืนเงินของร้านค้าต้องมี 1 ถึง 64 ตัวอักษร: ตัวอักษร ตัวเลข และ - _ . : เท่านั้น',
  'refunds.duplicateMerchantRefundId': 'มีการคืนเงินที่ใช้หมายเลขคืนเงินของร้านค้า {{merchantRefundId}} อยู่แล้ว',
  'refunds.notRefundable': 'คืนเงินได้เฉพาะธุรกรรมที่สำเร็จเท่านั้น (สถานะ: {{status}})',
  'refunds.amountExceedsRefundable': 'ยอดคืนเงินเกินยอดที่คืนได้: สูงสุด {{refundable}} {{currency}}',
  'collectionFailure.insufficientFunds': 'เงินไม่เพียงพอ',
  'collectionFailure.payerDeclined': 'ผู้ชำระปฏิเสธ',
  'collectionFailure.channelDeclined': 'ช่องทางปฏิเสธ',
  'collectionFailure.riskRejected': 'ถูกปฏิเสธโดยระบบควบคุมความเสี่ยง',
  'collectionFailure.channelTimeout': 'ช่องทางไม่ตอบกลับภายในเวลาที่กำหนด',
  'collectionFailure.expired': 'ไม่ได้รับการยืนยันก่อนการชำระเงินหมดอายุ',
};
export default messages;
