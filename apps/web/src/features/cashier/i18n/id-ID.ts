import type { Messages } from './en-US';

const messages: Messages = {
  'screens.cashier.pageTitle': 'Pembayaran',
  'screens.cashier.sandbox': 'Uji coba',
  'screens.cashier.sandboxHint':
    'Ini pembayaran uji: tidak ada uang sungguhan yang berpindah. Pilih hasilnya di bawah.',
  'screens.cashier.loadFailed': 'Pembayaran tidak dapat dimuat. Silakan coba lagi.',
  'screens.cashier.notFoundTitle': 'Pembayaran tidak ditemukan',
  'screens.cashier.notFoundHint':
    'Tautan mungkin salah ketik atau sudah tidak berlaku. Mintalah tautan baru kepada merchant.',
  'screens.cashier.timeLeft': 'Sisa waktu untuk membayar:',
  'screens.cashier.daysAndTime': '{{days}} hr {{time}}',
  'screens.cashier.payBefore': 'Bayar sebelum {{time}}, waktu setempat Anda',
  'screens.cashier.method': 'Metode pembayaran',
  'screens.cashier.methodAtPayment': 'Dipilih saat membayar',
  'screens.cashier.code.qr': 'Pindai kode QR ini dengan aplikasi bank atau dompet digital Anda',
  'screens.cashier.code.va': 'Nomor virtual account',
  'screens.cashier.code.otc': 'Kode pembayaran untuk kasir toko',
  'screens.cashier.code.wallet': 'Alamat dompet',
  'screens.cashier.code.slip': 'Baris slip pembayaran',
  'screens.cashier.code.reference': 'Referensi pembayaran',
  'screens.cashier.copy': 'Salin',
  'screens.cashier.copied': 'Disalin',
  'screens.cashier.copyFailed': 'Tidak dapat menyalin; pilih teksnya dan salin secara manual',
  'screens.cashier.pay': 'Bayar',
  'screens.cashier.payWithCode':
    'Selesaikan pembayaran di bank, dompet digital, atau toko dengan detail di atas; halaman ini diperbarui saat dana masuk.',
  'screens.cashier.stillPending':
    'Pembayaran belum dikonfirmasi. Halaman ini menampilkan hasilnya setelah dikonfirmasi.',
  'screens.cashier.simulateFailure': 'Simulasikan kegagalan',
  'screens.cashier.simulateFailureHint':
    'Pembayaran uji gagal dengan alasan yang Anda pilih, seperti yang dilaporkan kanal sungguhan.',
  'screens.cashier.failureReason': 'Alasan kegagalan',
  'screens.cashier.fail': 'Gagalkan pembayaran',
  'screens.cashier.cancelPayment': 'Batalkan pembayaran',
  'screens.cashier.cancelTitle': 'Batalkan pembayaran ini?',
  'screens.cashier.cancelConfirm': 'Pesanan ditutup dan tidak dapat dibayar lagi.',
  'screens.cashier.keepPaying': 'Lanjutkan membayar',
  'screens.cashier.lastAttemptFailed': 'Percobaan terakhir gagal: {{reason}}. Anda dapat mencoba lagi.',
  'screens.cashier.paidTitle': 'Pembayaran berhasil',
  'screens.cashier.paidAt': 'Dibayar pada {{time}}',
  'screens.cashier.partialPaid': 'Diterima: {{amount}}',
  'screens.cashier.paidHint': '{{merchant}} telah diberi tahu. Anda dapat menutup halaman ini.',
  'screens.cashier.returnToMerchant': 'Kembali ke merchant',
  'screens.cashier.failedTitle': 'Pembayaran gagal',
  'screens.cashier.failedReason': 'Alasan: {{reason}}',
  'screens.cashier.failedHint': 'Pembayaran tidak berhasil.',
  'screens.cashier.tryAgain': 'Coba lagi',
  'screens.cashier.expiredTitle': 'Pembayaran ini sudah kedaluwarsa',
  'screens.cashier.expiredHint':
    'Waktu pembayaran sudah habis. Mintalah pembayaran baru kepada {{merchant}}.',
  'screens.cashier.closedTitle': 'Pembayaran ini sudah ditutup',
  'screens.cashier.closedHint':
    'Pembayaran dibatalkan dan tidak dapat dibayar lagi. Hubungi {{merchant}} jika Anda masih ingin membayar.',
};
export default messages;
