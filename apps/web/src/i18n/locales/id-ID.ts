import type { WebMessages } from './en-US';

const idID: WebMessages = {
  'page.login': 'Masuk',
  'page.register': 'Buat akun',
  'page.registerResult': 'Pendaftaran terkirim',
  'page.alteration': 'Ubah kata sandi',
  'page.productList': 'Daftar produk',
  'page.productSummary': 'Ringkasan produk',
  'page.notFound': 'Halaman tidak ditemukan',
  'page.dashboard': 'Dasbor',
  'page.document': 'Dokumentasi',

  'login.heading': 'Selamat datang kembali',
  'login.subheading': 'Masuk ke {{brand}} untuk mengelola pembayaran Anda.',
  'login.formPending': 'Formulir masuk akan tersedia di sini bersama fitur masuk.',
  'login.secure': 'Dilindungi enkripsi setara bank',
  'public.formPending': 'Formulir ini akan tersedia di sini bersama fitur masuk.',

  'layout.headline': 'Pembayaran untuk setiap pasar Anda',
  'layout.subline': 'Penerimaan, pembayaran keluar, dan penyelesaian dalam satu dasbor.',
  'layout.feature.collections': 'Terima metode pembayaran lokal',
  'layout.feature.payouts': 'Kirim pembayaran secara real time',
  'layout.feature.settlement': 'Pantau setiap penyelesaian dan saldo',
  'layout.rights': 'Hak cipta dilindungi undang-undang.',
  'layout.country': 'Negara',
  'layout.language': 'Bahasa',

  'notFound.subtitle': 'Maaf, halaman yang Anda kunjungi tidak ada.',
  'notFound.backHome': 'Kembali ke beranda',

  'protected.placeholder': 'Dasbor Anda akan tersedia bersama fitur masuk.',
  'protected.logout': 'Keluar',
};

export default idID;
