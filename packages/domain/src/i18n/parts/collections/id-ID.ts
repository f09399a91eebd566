import type { Messages } from './en-US';

const messages: Messages = {
  'collections.notFound': 'Transaksi tidak ditemukan',
  'collections.merchantNotFound': 'Merchant tidak ditemukan',
  'collections.merchantInactive': 'Merchant saat ini tidak dapat menerima pembayaran',
  'collections.tooLong': '{{field}} maksimal {{max}} karakter',
  'collections.urlInvalid': '{{field}} harus berupa alamat http:// atau https://',
  'collections.emailInvalid': 'Masukkan alamat e-mail yang valid',
  'collections.merchantOrderIdInvalid':
    'ID pesanan merchant harus 1 sampai 64 karakter: hanya huruf, angka, dan - _ . :',
  'collections.duplicateOrderId': 'Transaksi dengan ID pesanan merchant {{merchantOrderId}} sudah ada',
  'collections.currencyNotOffered': 'Mata uang {{currency}} tidak diaktifkan untuk merchant ini',
  'collections.paymentTypeNotOffered': 'Jenis pembayaran {{paymentType}} tidak tersedia untuk {{currency}}',
  'collections.channelNotOffered': 'Kanal {{channel}} tidak tersedia untuk jenis pembayaran dan mata uang ini',
  'collections.amountOutOfRange': 'Jumlah harus antara {{min}} dan {{max}} {{currency}} untuk metode pembayaran ini',
  'collections.expiryHoursInvalid': 'Masa berlaku harus bilangan bulat jam dari 1 sampai {{max}}',
  'collections.paidAmountInvalid': 'Jumlah dibayar harus lebih dari nol dan paling banyak sebesar jumlah pesanan',
  'collections.notOpen': 'Transaksi ini tidak dapat lagi dibayar atau diubah (status: {{status}})',
  'collections.expired': 'Pembayaran ini sudah kedaluwarsa',
  'collections.failureReasonInvalid': 'Alasan kegagalan tidak dikenal',
  'collections.lowBalance.title': 'Saldo rendah: saldo tersedia {{currency}} di bawah {{threshold}}',
  'collections.lowBalance.content':
    'Saldo tersedia {{merchant}} dalam {{currency}} adalah {{available}}, di bawah batas saldo Anda sebesar {{threshold}}. Isi ulang atau ubah batas di halaman saldo.',
  'refunds.refundWayInvalid': 'Pilih cara pengembalian dana: rute asal atau offline',
  'refunds.reasonRequired': 'Masukkan alasan pengembalian dana',
  'refunds.merchantRefundIdInvalid':
    'ID refund merchant harus 1 sampai 64 karakter: hanya huruf, angka, dan - _ . :',
  'refunds.duplicateMerchantRefundId': 'Refund dengan ID refund merchant {{merchantRefundId}} sudah ada',
  'refunds.notRefundable': 'Hanya transaksi yang berhasil yang dapat direfund (status: {{status}})',
  'refunds.amountExceedsRefundable': 'Refund melebihi sisa yang dapat direfund: paling banyak {{refundable}} {{currency}}',
  'collectionFailure.insufficientFunds': 'Dana tidak mencukupi',
  'collectionFailure.payerDeclined': 'Ditolak oleh pembayar',
  'collectionFailure.channelDeclined': 'Ditolak oleh kanal',
  'collectionFailure.riskRejected': 'Ditolak oleh kontrol risiko',
  'collectionFailure.channelTimeout': 'Kanal tidak merespons tepat waktu',
  'collectionFailure.expired': 'Tidak dikonfirmasi sebelum pembayaran kedaluwarsa',
};
export default messages;
