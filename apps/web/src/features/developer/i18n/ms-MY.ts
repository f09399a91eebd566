import type { Messages } from './en-US';

const messages: Messages = {
  'screens.developer.loadFailed': 'Parameter pembangun tidak dapat dimuatkan.',
  'screens.developer.totpOn':
    'Google Authenticator dihidupkan: mencipta, memutar dan membatalkan kunci serta memaparkan rahsia webhook memerlukan kod enam digit.',
  'screens.developer.noSections': 'Peranan anda tidak boleh mengubah sebarang parameter pembangun.',
  'screens.developer.codeHint':
    'Masukkan kod enam digit yang dipaparkan dalam Google Authenticator untuk mengesahkan.',
  'screens.developer.codeLabel': 'Kod Google Authenticator',
  'screens.developer.copy': 'Salin',
  'screens.developer.copied': 'Disalin',
  'screens.developer.copyFailed': 'Tidak dapat menyalin; sila pilih teks dan salin secara manual',
  'screens.developer.keysTitle': 'Kunci API',
  'screens.developer.keysHint':
    'Kunci menandatangani permintaan integrasi anda kepada API terbuka. Kunci kotak pasir hanya untuk pembayaran ujian. Paling banyak {{max}} kunci aktif.',
  'screens.developer.noKeys': 'Belum ada kunci API',
  'screens.developer.createKey': 'Cipta kunci',
  'screens.developer.create': 'Cipta',
  'screens.developer.keyId': 'ID kunci',
  'screens.developer.keyName': 'Nama',
  'screens.developer.keyNameRequired': 'Sila namakan kunci ini',
  'screens.developer.mode': 'Mod',
  'screens.developer.modeHint':
    'Kunci kotak pasir hanya untuk pembayaran ujian; kunci langsung memindahkan wang sebenar dan memerlukan senarai putih IP.',
  'screens.developer.mode.sandbox': 'Kotak pasir',
  'screens.developer.mode.live': 'Langsung',
  'screens.developer.secret': 'Rahsia',
  'screens.developer.status': 'Status',
  'screens.developer.keyState.active': 'Aktif',
  'screens.developer.keyState.rolled': 'Diputar, masih sah',
  'screens.developer.keyState.expired': 'Tamat tempoh',
  'screens.developer.keyState.revoked': 'Dibatalkan',
  'screens.developer.expiresAt': 'Berhenti berfungsi pada',
  'screens.developer.lastUsedAt': 'Terakhir digunakan',
  'screens.developer.neverUsed': 'Tidak pernah',
  'screens.developer.createdTitle': 'Kunci dicipta',
  'screens.developer.rolledTitle': 'Kunci diputar',
  'screens.developer.secretOnce':
    'Salin rahsia sekarang dan simpan di tempat selamat: ia tidak akan dipaparkan lagi.',
  'screens.developer.secretSaved': 'Saya telah menyimpan rahsia',
  'screens.developer.oldKeyUntil':
    'Kunci lama kekal berfungsi sehingga {{time}}; tukar integrasi anda kepada kunci baharu sebelum itu.',
  'screens.developer.roll': 'Putar',
  'screens.developer.rollConfirmTitle': 'Putar kunci "{{name}}"?',
  'screens.developer.rollConfirm':
    'Kunci baharu dengan rahsia baharu menggantikannya. Kunci lama kekal berfungsi selama {{hours}} jam, kemudian berhenti.',
  'screens.developer.revoke': 'Batalkan',
  'screens.developer.revokeConfirmTitle': 'Batalkan kunci "{{name}}"?',
  'screens.developer.revokeConfirm':
    'Permintaan yang ditandatangani dengan kunci ini ditolak serta-merta. Tindakan ini tidak boleh diundur.',
  'screens.developer.revoked': 'Kunci telah dibatalkan',
  'screens.developer.callbacksTitle': 'Alamat panggil balik',
  'screens.developer.callbacksHint':
    'Ke alamat ini kami menghantar pemberitahuan bertandatangan apabila status pesanan berubah. Alamat yang diberikan bersama pesanan diutamakan.',
  'screens.developer.collectionCallbackUrl': 'URL panggil balik kutipan',
  'screens.developer.payoutCallbackUrl': 'URL panggil balik pembayaran keluar',
  'screens.developer.urlInvalid': 'Sila masukkan alamat yang bermula dengan http:// atau https://',
  'screens.developer.urlTooLong': 'Paling banyak {{max}} aksara',
  'screens.developer.whitelistTitle': 'Senarai putih IP',
  'screens.developer.whitelistHint':
    'Panggilan API terbuka hanya diterima dari alamat ini: IPv4 atau IPv6, alamat tunggal atau julat CIDR seperti 203.0.113.0/24. Paling banyak {{max}} entri.',
  'screens.developer.whitelistEmpty':
    'Senarai putih kosong: hanya kunci kotak pasir boleh memanggil API terbuka.',
  'screens.developer.ipEntry': 'Entri {{n}}',
  'screens.developer.ipAdd': 'Tambah alamat',
  'screens.developer.ipRemove': 'Buang alamat',
  'screens.developer.ipRequired': 'Masukkan alamat atau buang baris ini',
  'screens.developer.ipInvalid':
    'Bukan alamat IPv4 atau IPv6 atau julat CIDR (cth. 203.0.113.7, 203.0.113.0/24, 2001:db8::/32)',
  'screens.developer.ipDuplicate': 'Alamat ini sudah ada dalam senarai',
  'screens.developer.webhookTitle': 'Rahsia webhook',
  'screens.developer.webhookHint':
    'Panggilan balik membawa pengepala webhook-signature yang dikira dengan rahsia ini (Standard Webhooks). Sahkan sebelum mempercayai panggilan balik.',
  'screens.developer.secretSet': 'Telah ditetapkan',
  'screens.developer.secretNotSet': 'Belum ditetapkan',
  'screens.developer.reveal': 'Papar',
  'screens.developer.revealSecret': 'Papar rahsia webhook',
  'screens.developer.hide': 'Sembunyi',
  'screens.developer.rollSecretTitle': 'Putar rahsia webhook?',
  'screens.developer.rollSecretConfirm':
    'Panggilan balik terus ditandatangani dengan rahsia baharu; kemas kini pengesahan anda sebelum atau sejurus selepas itu.',
  'screens.developer.createSecretTitle': 'Cipta rahsia webhook?',
  'screens.developer.createSecretConfirm': 'Mulai sekarang panggilan balik ditandatangani dengannya.',
  'screens.developer.secretRolled': 'Rahsia webhook baharu sedang digunakan',
  'screens.developer.signTitle': 'Cara menandatangani permintaan',
  'screens.developer.merchantId': 'ID pedagang',
  'screens.developer.signIntro':
    'Setiap permintaan API terbuka membawa pengepala ini; permintaan POST juga membawa kunci idempotensi:',
  'screens.developer.signCanonical':
    'Tandatangan ialah HMAC-SHA256 heksadesimal huruf kecil, dengan rahsia kunci, ke atas lima baris ini yang disambung dengan pemisah baris:',
  'screens.developer.signWebhooks':
    'Cap masa dalam saat Unix dan boleh berbeza paling banyak lima minit daripada jam kami; nonce tidak boleh digunakan semula. Rujukan penuh dengan contoh ada dalam dokumentasi API.',
  'screens.developer.docsLink': 'Buka dokumentasi API',
};
export default messages;
