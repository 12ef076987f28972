// Indonesian (id): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-in/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_in.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const id: LanguageTable = {
  tag: 'id',
  name: 'Indonesian',
  encryption: ['enkripsi end-to-end', 'terenkripsi secara end-to-end'],
  events: {
    'group-created': [
      '{} membuat grup "{}"',
      'Anda membuat grup "{}"',
      '{} telah membuat grup "{}"',
      'Anda telah membuat grup "{}"',
    ],
    'member-added': [
      '{} telah ditambahkan',
      'Anda telah ditambahkan',
      '{} menambahkan {}',
      '{} telah menambahkan Anda',
      'Anda menambahkan {}',
      '{} telah menambahkan {}',
      '{} menambahkan Anda',
      'Anda telah menambahkan {}',
    ],
    'member-removed': [
      '{} telah dikeluarkan',
      '{} mengeluarkan {}',
      'Anda mengeluarkan {}',
      '{} telah mengeluarkan {}',
      'Anda telah mengeluarkan {}',
    ],
    // The exporting account removed: its export ends there.
    'removed-you': ['Anda telah dikeluarkan', '{} telah mengeluarkan Anda'],
    'member-left': ['{} keluar', 'Anda keluar'],
    'member-joined': [
      '{} telah bergabung menggunakan tautan undangan grup ini',
      'Anda telah bergabung menggunakan tautan undangan grup ini',
      'Anda bergabung menggunakan tautan undangan grup ini',
    ],
    'subject-changed': [
      '{} mengubah subjek menjadi "{}"',
      '{} telah mengubah subjek dari "{}" menjadi "{}"',
      'Anda telah mengubah subjek menjadi "{}"',
      'Anda mengubah subjek dari "{}" menjadi "{}"',
      'Anda telah mengubah subjek dari "{}" menjadi "{}"',
    ],
    'description-changed': [
      '{} telah mengubah deskripsi grup',
      'Anda telah mengubah deskripsi grup',
      '{} telah menghapus deskripsi grup',
      'Anda telah menghapus deskripsi grup',
    ],
    'icon-changed': [
      '{} telah mengubah ikon grup ini',
      'Anda mengubah ikon grup ini',
      '{} telah menghapus ikon grup ini',
      'Anda menghapus ikon grup ini',
      'Anda telah mengubah ikon grup ini',
      'Anda telah menghapus ikon grup ini',
    ],
    'security-code-changed': ['Kode keamanan {} berubah. Ketuk untuk info selengkapnya'],
    'number-changed': [
      '{} telah mengganti nomor dari {} ke {}',
      '{} diganti menjadi {}',
      '{} telah diganti ke {}',
    ],
    'admin-changed': ['Anda sekarang adalah admin', 'Anda bukan lagi seorang admin', 'Anda bukan admin lagi'],
  },
  mediaOmitted: ['<Media tidak disertakan>'],
  deleted: [
    'Pesan ini telah dihapus',
    'Anda telah menghapus pesan ini',
    'Pesan ini telah dihapus untuk semua orang',
    'Anda telah menghapus pesan ini untuk semua orang',
  ],
  edited: [],
  fileAttached: ['{} (file terlampir)'],
  attached: [],
  location: ['lokasi : {}'],
  liveLocation: ['Lokasi terkini dibagikan'],
  missedCall: [
    'Panggilan suara tak terjawab',
    'Panggilan video tak terjawab',
    'Panggilan video grup tak terjawab',
    'Panggilan suara grup tak terjawab',
  ],
  poll: [],
};
