// Turkish (tr): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-tr/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_tr.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const tr: LanguageTable = {
  tag: 'tr',
  name: 'Turkish',
  encryption: ['uçtan uca şifrel'],
  events: {
    'group-created': ['{} , "{}" grubunu oluşturdu', '"{}" grubunu oluşturdunuz'],
    'member-added': [
      '{} eklendi',
      'Eklendiniz',
      '{}, {} kişisini ekledi',
      '{} sizi ekledi',
      '{} kişisini eklediniz',
    ],
    'member-removed': ['{} çıkarıldı', '{}, {} kişisini çıkardı', '{} kişisini çıkardınız'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Çıkarıldınız', '{} sizi çıkardı'],
    'member-left': ['{} ayrıldı', 'Ayrıldınız'],
    'member-joined': [
      '{} bu grubun davet bağlantısını kullanarak katıldı',
      'Bu grubun davet bağlantısını kullanarak katıldınız',
    ],
    'subject-changed': [
      '{} grup konusunu “{}” olarak değiştirdi',
      '{}, “{}” olan konuyu “{}” olarak değiştirdi',
      'Konuyu “{}” olarak değiştirdiniz',
      '“{}” olan konuyu “{}” olarak değiştirdiniz',
    ],
    'description-changed': [
      '{} grup açıklamasını değiştirdi',
      'Grup açıklamasını değiştirdiniz',
      '{} grup açıklamasını sildi',
      'Grup açıklamasını sildiniz',
    ],
    'icon-changed': [
      '{} bu grubun simgesini değiştirdi',
      'Grubun simgesini değiştirdiniz',
      '{} bu grubun simgesini sildi',
      'Grubun simgesini sildiniz',
    ],
    'security-code-changed': ['{} kişisinin güvenlik kodu değişti. Daha fazla bilgi için dokunun'],
    'number-changed': ['{}, {} olan numarasını {} olarak değiştirdi', '{}, numarasını {} olarak değiştirdi'],
    'admin-changed': ['Artık yöneticisiniz', 'Artık bir yönetici değilsiniz'],
  },
  mediaOmitted: ['<Medya atlanmış>', '<Medya dahil edilmedi>'],
  deleted: [
    'Bu mesaj silindi',
    'Bu mesajı sildiniz',
    'Bu mesaj herkes için silindi',
    'Bu mesajı herkes için sildiniz',
  ],
  edited: [],
  fileAttached: ['{} (dosya ekli)'],
  attached: [],
  location: ['konum: {}'],
  liveLocation: ['Mevcut konum paylaşıldı'],
  missedCall: [
    'Cevapsız sesli arama',
    'Cevapsız görüntülü arama',
    'Cevapsız görüntülü grup araması',
    'Cevapsız sesli grup araması',
  ],
  poll: [],
};
