import type { Messages } from './en-US';

const messages: Messages = {
  'screens.cashier.pageTitle': 'Pembayaran',
  'screens.cashier.sandbox': 'Kotak pasir',
  'screens.cashier.sandboxHint':
    'Ini pembayaran ujian: tiada wang sebenar berpindah. Pilih apa yang berlaku di bawah.',
  'screens.cashier.loadFailed': 'Pembayaran tidak dapat dimuatkan. Sila cuba lagi.',
  'screens.cashier.notFoundTitle': 'Pembayaran tidak ditemui',
  'screens.cashier.notFoundHint':
    'Pautan mungkin salah taip atau tidak sah lagi. Sila minta pautan baharu daripada pedagang.',
  'screens.cashier.timeLeft': 'Baki masa untuk membayar:',
  'screens.cashier.daysAndTime': '{{days}} hari {{time}}',
  'screens.cashier.payBefore': 'Bayar sebelum {{time}}, waktu tempatan anda',
  'screens.cashier.method': 'Kaedah pembayaran',
  'screens.cashier.methodAtPayment': 'Dipilih semasa membayar',
  'screens.cashier.code.qr': 'Imbas kod QR ini dengan aplikasi bank atau e-dompet anda',
  'screens.cashier.code.va': 'Nombor akaun maya',
  'screens.cashier.code.otc': 'Kod pembayaran untuk juruwang kedai',
  'screens.cashier.code.wallet': 'Alamat dompet',
  'screens.cashier.code.slip': 'Baris slip pembayaran',
  'screens.cashier.code.reference': 'Rujukan pembayaran',
  'screens.cashier.copy': 'Salin',
  'screens.cashier.copied': 'Disalin',
  'screens.cashier.copyFailed': 'Tidak dapat menyalin; sila pilih teks dan salin secara manual',
  'screens.cashier.pay': 'Bayar',
  'screens.cashier.payWithCode':
    'Selesaikan pembayaran di bank, e-dompet atau kedai dengan butiran di atas; halaman ini dikemas kini apabila dana diterima.',
  'screens.cashier.stillPending':
    'Pembayaran belum disahkan. Halaman ini menunjukkan keputusannya sebaik sahaja disahkan.',
  'screens.cashier.simulateFailure': 'Simulasikan kegagalan',
  'screens.cashier.simulateFailureHint':
    'Pembayaran ujian gagal dengan sebab yang anda pilih, seperti yang dilaporkan saluran sebenar.',
  'screens.cashier.failureReason': 'Sebab kegagalan',
  'screens.cashier.fail': 'Gagalkan pembayaran',
  'screens.cashier.cancelPayment': 'Batalkan pembayaran',
  'screens.cashier.cancelTitle': 'Batalkan pembayaran ini?',
  'screens.cashier.cancelConfirm': 'Pesanan ditutup dan tidak boleh dibayar lagi.',
  'screens.cashier.keepPaying': 'Teruskan membayar',
  'screens.cashier.lastAttemptFailed': 'Cubaan terakhir gagal: {{reason}}. Anda boleh cuba lagi.',
  'screens.cashier.paidTitle': 'Pembayaran berjaya',
  'screens.cashier.paidAt': 'Dibayar pada {{time}}',
  'screens.cashier.partialPaid': 'Diterima: {{amount}}',
  'screens.cashier.paidHint': '{{merchant}} telah dimaklumkan. Anda boleh menutup halaman ini.',
  'screens.cashier.returnToMerchant': 'Kembali kepada pedagang',
  'screens.cashier.failedTitle': 'Pembayaran gagal',
  'screens.cashier.failedReason': 'Sebab: {{reason}}',
  'screens.cashier.failedHint': 'Pembayaran tidak berjaya.',
  'screens.cashier.tryAgain': 'Cuba lagi',
  'screens.cashier.expiredTitle': 'Pembayaran ini telah tamat tempoh',
  'screens.cashier.expiredHint':
    'Masa untuk membayar telah tamat. Sila minta pembayaran baharu daripada {{merchant}}.',
  'screens.cashier.closedTitle': 'Pembayaran ini telah ditutup',
  'screens.cashier.closedHint':
    'Ia telah dibatalkan dan tidak boleh dibayar lagi. Sila hubungi {{merchant}} jika anda masih mahu membayar.',
};
export default messages;
