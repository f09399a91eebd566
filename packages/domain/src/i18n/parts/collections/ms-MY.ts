import type { Messages } from './en-US';

const messages: Messages = {
  'collections.notFound': 'Transaksi tidak dijumpai',
  'collections.merchantNotFound': 'Peniaga tidak dijumpai',
  'collections.merchantInactive': 'Peniaga tidak dapat menerima bayaran buat masa ini',
  'collections.tooLong': '{{field}} mestilah tidak melebihi {{max}} aksara',
  'collections.urlInvalid': '{{field}} mestilah alamat http:// atau https://',
  'collections.emailInvalid': 'Sila masukkan alamat e-mel yang sah',
  'collections.merchantOrderIdInvalid':
    'ID pesanan peniaga mestilah 1 hingga 64 aksara: huruf, digit dan - _ . : sahaja',
  'collections.duplicateOrderId': 'Transaksi dengan ID pesanan peniaga {{merchantOrderId}} sudah wujud',
  'collections.currencyNotOffered': 'Mata wang {{currency}} tidak diaktifkan untuk peniaga ini',
  'collections.paymentTypeNotOffered': 'Jenis pembayaran {{paymentType}} tidak tersedia dalam {{currency}}',
  'collections.channelNotOffered': 'Saluran {{channel}} tidak tersedia untuk jenis pembayaran dan mata wang ini',
  'collections.amountOutOfRange': 'Jumlah mestilah antara {{min}} dan {{max}} {{currency}} untuk kaedah pembayaran ini',
  'collections.expiryHoursInvalid': 'Tempoh luput mestilah nombor bulat jam dari 1 hingga {{max}}',
  'collections.paidAmountInvalid': 'Jumlah dibayar mestilah lebih daripada sifar dan tidak melebihi jumlah pesanan',
  'collections.notOpen': 'Transaksi ini tidak lagi boleh dibayar atau diubah (status: {{status}})',
  'collections.expired': 'Pembayaran ini telah luput',
  'collections.failureReasonInvalid': 'Sebab kegagalan tidak diketahui',
  'collections.lowBalance.title': 'Baki rendah: baki tersedia {{currency}} di bawah {{threshold}}',
  'collections.lowBalance.content':
    'Baki tersedia {{merchant}} dalam {{currency}} ialah {{available}}, di bawah had baki anda sebanyak {{threshold}}. Tambah nilai atau ubah had di halaman baki.',
  'refunds.refundWayInvalid': 'Sila pilih cara bayaran balik: laluan asal atau luar talian',
  'refunds.reasonRequired': 'Sila masukkan sebab bayaran balik',
  'refunds.merchantRefundIdInvalid':
    'ID bayaran balik peniaga mestilah 1 hingga 64 aksara: huruf, digit dan - _ . : sahaja',
  'refunds.duplicateMerchantRefundId': 'Bayaran balik dengan ID bayaran balik peniaga {{merchantRefundId}} sudah wujud',
  'refunds.notRefundable': 'Hanya transaksi yang berjaya boleh dibayar balik (status: {{status}})',
  'refunds.amountExceedsRefundable': 'Bayaran balik melebihi baki yang boleh dibayar balik: paling banyak {{refundable}} {{currency}}',
  'collectionFailure.insufficientFunds': 'Dana tidak mencukupi',
  'collectionFailure.payerDeclined': 'Ditolak oleh pembayar',
  'collectionFailure.channelDeclined': 'Ditolak oleh saluran',
  'collectionFailure.riskRejected': 'Ditolak oleh kawalan risiko',
  'collectionFailure.channelTimeout': 'Saluran tidak menjawab dalam masa',
  'collectionFailure.expired': 'Tidak disahkan sebelum pembayaran luput',
};
export default messages;
