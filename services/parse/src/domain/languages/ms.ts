// Malay (ms): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-ms/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_ms.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const ms: LanguageTable = {
  tag: 'ms',
  name: 'Malay',
  encryption: ['hujung ke hujung'],
  events: {
    'group-created': ['{} telah mencipta grup "{}"', 'Anda telah mencipta grup "{}"'],
    'member-added': [
      '{} telah ditambah',
      'Anda telah ditambah',
      '{} telah menambah {}',
      '{} telah menambah anda',
      'Anda telah menambah {}',
    ],
    'member-removed': [
      '{} telah dibuang',
      '{} telah mengeluarkan {}',
      'Anda telah mengeluarkan {}',
      '{} telah dikeluarkan',
    ],
    // The exporting account removed: its export ends there.
    'removed-you': ['Anda telah dibuang', '{} telah mengeluarkan anda', 'Anda telah dikeluarkan'],
    'member-left': ['{} keluar', 'Anda telah keluar'],
    'member-joined': [
      '{} telah menyertai menggunakan pautan jemputan grup ini',
      'Anda telah menyertai menggunakan pautan jemputan grup ini',
    ],
    'subject-changed': [
      '{} mengubah subjek grup ke "{}"',
      '{} telah mengubah subjek dari "{}" ke "{}"',
      'Anda telah mengubah subjek ke "{}"',
      'Anda telah mengubah subjek dari "{}" ke "{}"',
      '{} mengubah subjek kepada "{}"',
      '{} telah mengubah subjek daripada "{}" kepada "{}"',
    ],
    'description-changed': [
      '{} telah mengubah deskripsi grup',
      'Anda telah mengubah deskripsi grup',
      '{} telah memadamkan deskripsi grup',
      'Anda telah memadamkan deskripsi grup',
    ],
    'icon-changed': [
      '{} telah menukar ikon grup',
      'Anda telah mengubah ikon grup ini',
      '{} telah memadam ikon grup ini',
      'Anda telah memadam ikon grup ini',
    ],
    'security-code-changed': ['Kod keselamatan {} telah ditukar. Ketik untuk lebih info'],
    'number-changed': ['{} telah menukar nombor dari {} ke {}', '{} telah diubah kepada {}'],
    'admin-changed': ['Anda kini adalah pentadbir', 'Anda bukan lagi pentadbir'],
  },
  mediaOmitted: ['<Media disingkirkan>', '<Media dikecualikan>'],
  deleted: [
    'Mesej ini telah dipadam',
    'Anda telah memadamkan mesej ini',
    'Mesej ini telah dipadam untuk semua orang',
    'Anda telah memadamkan mesej ini untuk semua orang',
  ],
  edited: [],
  fileAttached: ['{} (fail dilampirkan)'],
  attached: [],
  location: ['lokasi: {}'],
  liveLocation: ['lokasi terkini dikongsi', 'lokasi langsung dikongsi'],
  missedCall: [
    'Panggilan suara terlepas',
    'Panggilan video terlepas',
    'Panggilan video grup terlepas',
    'Panggilan suara grup terlepas',
  ],
  poll: [],
};
