import type { WebMessages } from './en-US';

const msMY: WebMessages = {
  'page.login': 'Log masuk',
  'page.register': 'Cipta akaun',
  'page.registerResult': 'Pendaftaran dihantar',
  'page.alteration': 'Tukar kata laluan',
  'page.productList': 'Senarai produk',
  'page.productSummary': 'Ringkasan produk',
  'page.notFound': 'Halaman tidak dijumpai',
  'page.dashboard': 'Papan pemuka',
  'page.document': 'Dokumentasi',

  'login.heading': 'Selamat kembali',
  'login.subheading': 'Log masuk ke {{brand}} untuk mengurus pembayaran anda.',
  'login.formPending': 'Borang log masuk akan dipaparkan di sini bersama ciri log masuk.',
  'login.secure': 'Dilindungi penyulitan bertaraf bank',
  'public.formPending': 'Borang ini akan dipaparkan di sini bersama ciri log masuk.',

  'layout.headline': 'Pembayaran untuk setiap pasaran anda',
  'layout.subline': 'Kutipan, pembayaran keluar dan penyelesaian dalam satu papan pemuka.',
  'layout.feature.collections': 'Terima kaedah pembayaran tempatan',
  'layout.feature.payouts': 'Hantar pembayaran secara masa nyata',
  'layout.feature.settlement': 'Jejak setiap penyelesaian dan baki',
  'layout.rights': 'Hak cipta terpelihara.',
  'layout.country': 'Negara',
  'layout.language': 'Bahasa',

  'notFound.subtitle': 'Maaf, halaman yang anda lawati tidak wujud.',
  'notFound.backHome': 'Kembali ke laman utama',

  'protected.placeholder': 'Papan pemuka anda akan tersedia bersama ciri log masuk.',
  'protected.logout': 'Log keluar',
};

export default msMY;
