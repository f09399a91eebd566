import type { Messages } from './en-US';

const messages: Messages = {
  'screens.developer.loadFailed': 'Parameter pengembang tidak dapat dimuat.',
  'screens.developer.totpOn':
    'Google Authenticator aktif: membuat, merotasi, dan mencabut kunci serta menampilkan rahasia webhook meminta kode enam digit.',
  'screens.developer.noSections': 'Peran Anda tidak dapat mengubah parameter pengembang apa pun.',
  'screens.developer.codeHint':
    'Masukkan kode enam digit yang tampil di Google Authenticator untuk mengonfirmasi.',
  'screens.developer.codeLabel': 'Kode Google Authenticator',
  'screens.developer.copy': 'Salin',
  'screens.developer.copied': 'Disalin',
  'screens.developer.copyFailed': 'Tidak dapat menyalin; pilih teksnya dan salin secara manual',
  'screens.developer.keysTitle': 'Kunci API',
  'screens.developer.keysHint':
    'Kunci menandatangani permintaan integrasi Anda ke API terbuka. Kunci sandbox hanya untuk pembayaran uji. Paling banyak {{max}} kunci aktif.',
  'screens.developer.noKeys': 'Belum ada kunci API',
  'screens.developer.createKey': 'Buat kunci',
  'screens.developer.create': 'Buat',
  'screens.developer.keyId': 'ID kunci',
  'screens.developer.keyName': 'Nama',
  'screens.developer.keyNameRequired': 'Beri nama untuk kunci ini',
  'screens.developer.mode': 'Mode kunci',
  'screens.developer.modeHint':
    'Kunci sandbox hanya untuk pembayaran uji; kunci produksi memindahkan uang sungguhan dan memerlukan daftar putih IP.',
  'screens.developer.mode.sandbox': 'Uji coba (sandbox)',
  'screens.developer.mode.live': 'Produksi',
  'screens.developer.secret': 'Rahasia',
  'screens.developer.status': 'Status',
  'screens.developer.keyState.active': 'Aktif',
  'screens.developer.keyState.rolled': 'Dirotasi, masih berlaku',
  'screens.developer.keyState.expired': 'Kedaluwarsa',
  'screens.developer.keyState.revoked': 'Dicabut',
  'screens.developer.expiresAt': 'Berhenti berlaku pada',
  'screens.developer.lastUsedAt': 'Terakhir dipakai',
  'screens.developer.neverUsed': 'Belum pernah',
  'screens.developer.createdTitle': 'Kunci dibuat',
  'screens.developer.rolledTitle': 'Kunci dirotasi',
  'screens.developer.secretOnce':
    'Salin rahasia sekarang dan simpan di tempat aman: rahasia ini tidak akan ditampilkan lagi.',
  'screens.developer.secretSaved': 'Saya sudah menyimpan rahasianya',
  'screens.developer.oldKeyUntil':
    'Kunci lama tetap berlaku sampai {{time}}; alihkan integrasi Anda ke kunci baru sebelum itu.',
  'screens.developer.roll': 'Rotasi',
  'screens.developer.rollConfirmTitle': 'Rotasi kunci "{{name}}"?',
  'screens.developer.rollConfirm':
    'Kunci baru dengan rahasia baru menggantikannya. Kunci lama tetap berlaku selama {{hours}} jam, lalu berhenti.',
  'screens.developer.revoke': 'Cabut',
  'screens.developer.revokeConfirmTitle': 'Cabut kunci "{{name}}"?',
  'screens.developer.revokeConfirm':
    'Permintaan yang ditandatangani dengan kunci ini langsung ditolak. Tindakan ini tidak dapat dibatalkan.',
  'screens.developer.revoked': 'Kunci telah dicabut',
  'screens.developer.callbacksTitle': 'Alamat callback',
  'screens.developer.callbacksHint':
    'Ke alamat ini kami mengirim notifikasi bertanda tangan saat status pesanan berubah. Alamat yang diberikan bersama pesanan lebih diutamakan.',
  'screens.developer.collectionCallbackUrl': 'URL callback penerimaan',
  'screens.developer.payoutCallbackUrl': 'URL callback pencairan',
  'screens.developer.urlInvalid': 'Masukkan alamat yang diawali http:// atau https://',
  'screens.developer.urlTooLong': 'Paling banyak {{max}} karakter',
  'screens.developer.whitelistTitle': 'Daftar putih IP',
  'screens.developer.whitelistHint':
    'Panggilan API terbuka hanya diterima dari alamat ini: IPv4 atau IPv6, alamat tunggal atau rentang CIDR seperti 203.0.113.0/24. Paling banyak {{max}} entri.',
  'screens.developer.whitelistEmpty':
    'Daftar putih kosong: hanya kunci sandbox yang dapat memanggil API terbuka.',
  'screens.developer.ipEntry': 'Entri {{n}}',
  'screens.developer.ipAdd': 'Tambah alamat',
  'screens.developer.ipRemove': 'Hapus alamat',
  'screens.developer.ipRequired': 'Masukkan alamat atau hapus barisnya',
  'screens.developer.ipInvalid':
    'Bukan alamat IPv4 atau IPv6 atau rentang CIDR (mis. 203.0.113.7, 203.0.113.0/24, 2001:db8::/32)',
  'screens.developer.ipDuplicate': 'Alamat ini sudah ada di daftar',
  'screens.developer.webhookTitle': 'Rahasia webhook',
  'screens.developer.webhookHint':
    'Callback membawa header webhook-signature yang dihitung dengan rahasia ini (Standard Webhooks). Verifikasi sebelum memercayai callback.',
  'screens.developer.secretSet': 'Sudah diatur',
  'screens.developer.secretNotSet': 'Belum diatur',
  'screens.developer.reveal': 'Tampilkan',
  'screens.developer.revealSecret': 'Tampilkan rahasia webhook',
  'screens.developer.hide': 'Sembunyikan',
  'screens.developer.rollSecretTitle': 'Rotasi rahasia webhook?',
  'screens.developer.rollSecretConfirm':
    'Callback langsung ditandatangani dengan rahasia baru; perbarui verifikasi Anda sebelum atau segera sesudahnya.',
  'screens.developer.createSecretTitle': 'Buat rahasia webhook?',
  'screens.developer.createSecretConfirm': 'Mulai sekarang callback ditandatangani dengan rahasia ini.',
  'screens.developer.secretRolled': 'Rahasia webhook baru sudah dipakai',
  'screens.developer.signTitle': 'Cara menandatangani permintaan',
  'screens.developer.merchantId': 'ID merchant',
  'screens.developer.signIntro':
    'Setiap permintaan API terbuka membawa header berikut; permintaan POST juga membawa kunci idempotensi:',
  'screens.developer.signCanonical':
    'Tanda tangan adalah HMAC-SHA256 heksadesimal huruf kecil, dengan rahasia kunci, atas lima baris ini yang digabung dengan pemisah baris:',
  'screens.developer.signWebhooks':
    'Stempel waktu dalam detik Unix dan boleh berbeda paling banyak lima menit dari jam kami; nonce tidak boleh dipakai ulang. Referensi lengkap beserta contoh ada di dokumentasi API.',
  'screens.developer.docsLink': 'Buka dokumentasi API',
};
export default messages;
