import type { Messages } from './en-US';

const messages: Messages = {
  'openApi.sandboxOnly': 'Fungsi bantuan sandbox hanya menerima kunci sandbox',
  'openApi.sandboxOrderOnly': 'Fungsi bantuan sandbox hanya untuk pesanan sandbox; pesanan ini dibuat dengan kunci langsung',
  'openApi.currencyUnknown': 'Mata wang tidak dikenali: {{value}}',
  'openApi.failureReasonUnknown': 'Sebab kegagalan tidak dikenali: {{value}}',
  'paymentLink.notActive': 'Pautan pembayaran ini tidak lagi aktif',
  'paymentLink.alreadyPaid': 'Pautan pembayaran ini telah dibayar',
  'paymentLink.noPaymentMethod': 'Tiada kaedah pembayaran untuk amaun ini dalam mata wang ini',
  'paymentLink.paymentTypeUnavailable': 'Jenis pembayaran ini tidak tersedia untuk mata wang ini',
  'paymentLink.amountOutOfRange': 'Amaun mestilah antara {{min}} dan {{max}}',
  'paymentLink.descriptionRequired': 'Sila masukkan keterangan untuk pembayar',
  'paymentLink.expiryHoursInvalid': 'Tempoh sah mestilah bilangan jam penuh dari 1 hingga {{max}}',
  'cashier.expired': 'Pembayaran ini telah tamat tempoh dan tidak boleh dibayar lagi',
  'cashier.notPayable': 'Pembayaran ini tidak boleh dibayar lagi',
  'cashier.alreadyPaid': 'Pembayaran ini telah dibayar',
  'cashier.notCancellable': 'Pembayaran ini tidak boleh dibatalkan lagi',
  'cashier.linkNotCancellable': 'Pautan pembayaran kekal dibuka sehingga dibayar atau tamat tempoh; tutup sahaja halaman ini untuk keluar',
  'cashier.liveNotSupported': 'Pembayaran langsung diselesaikan di saluran pembayaran, bukan di halaman ini',
};
export default messages;
