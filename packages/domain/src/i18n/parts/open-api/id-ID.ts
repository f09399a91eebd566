import type { Messages } from './en-US';

const messages: Messages = {
  'openApi.sandboxOnly': 'Fungsi bantu sandbox hanya menerima kunci sandbox',
  'openApi.sandboxOrderOnly': 'Fungsi bantu sandbox hanya berlaku untuk pesanan sandbox; pesanan ini dibuat dengan kunci live',
  'openApi.currencyUnknown': 'Mata uang tidak dikenal: {{value}}',
  'openApi.failureReasonUnknown': 'Alasan kegagalan tidak dikenal: {{value}}',
  'paymentLink.notActive': 'Tautan pembayaran ini sudah tidak aktif',
  'paymentLink.alreadyPaid': 'Tautan pembayaran ini sudah dibayar',
  'paymentLink.noPaymentMethod': 'Tidak ada metode pembayaran untuk jumlah ini dalam mata uang ini',
  'paymentLink.paymentTypeUnavailable': 'Jenis pembayaran ini tidak tersedia untuk mata uang ini',
  'paymentLink.amountOutOfRange': 'Jumlah harus antara {{min}} dan {{max}}',
  'paymentLink.descriptionRequired': 'Masukkan deskripsi untuk pembayar',
  'paymentLink.expiryHoursInvalid': 'Masa berlaku harus berupa jumlah jam bulat dari 1 sampai {{max}}',
  'cashier.expired': 'Pembayaran ini sudah kedaluwarsa dan tidak dapat dibayar lagi',
  'cashier.notPayable': 'Pembayaran ini tidak dapat dibayar lagi',
  'cashier.alreadyPaid': 'Pembayaran ini sudah dibayar',
  'cashier.notCancellable': 'Pembayaran ini tidak dapat dibatalkan lagi',
  'cashier.linkNotCancellable': 'Tautan pembayaran tetap terbuka sampai dibayar atau kedaluwarsa; cukup tutup halaman ini untuk keluar',
  'cashier.liveNotSupported': 'Pembayaran live diselesaikan di kanal pembayaran, bukan di halaman ini',
};
export default messages;
