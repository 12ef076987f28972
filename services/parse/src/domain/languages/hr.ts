// Croatian (hr): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-hr/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_hr.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const hr: LanguageTable = {
  tag: 'hr',
  name: 'Croatian',
  encryption: ['end-to-end metodom'],
  events: {
    'group-created': ['{} je stvorio/la grupu "{}"', 'Stvorili ste grupu "{}"'],
    'member-added': ['{} je dodan/a', 'Dodani ste', '{} dodao/la {}', '{} te je dodao', 'Dodali ste {}'],
    'member-removed': ['{} je uklonjen/a', '{} je uklonio {}', 'Uklonili ste {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Uklonjeni ste', '{} Vas je uklonio/la'],
    'member-left': ['{} izašao', 'Izašli ste'],
    'member-joined': [
      '{} se pridružio/la koristeći pozivnicu grupe',
      'Pridružili ste se ovoj grupi putem pozivnice',
    ],
    'subject-changed': [
      '{} je promijenio naslov u "{}"',
      '{} je promijenio naslov iz "{}" u "{}"',
      'Promijenili ste naslov u "{}"',
      'Promijenili ste naslov iz "{}" u "{}"',
      'Promijenili ste naslov iz  "{}" u "{}"',
    ],
    'description-changed': [
      '{} je promijenio/la opis grupe',
      'Promijenili ste opis grupe',
      '{} je obrisao/la opis grupe',
      'Obrisali ste opis grupe',
    ],
    'icon-changed': [
      '{} je promijenio/la ikonu grupe',
      'Promijenili ste ikonu grupe',
      '{} je izbrisao/la ikonu grupe',
      'Izbrisali ste ikonu ove grupe',
    ],
    'security-code-changed': [
      'Sigurnosni kôd kontakta {} je promjenjen. Dodirnite za više informacija',
      'Sigurnosni kôd kontakta {} je promijenjen. Dodirnite za više informacija',
    ],
    'number-changed': ['{} je promijenio/la {} u {}', '{} promijenjen u {}'],
    'admin-changed': ['Sad ste administrator', 'Niste više administrator'],
  },
  mediaOmitted: ['<Medijski zapis izostavljen>'],
  deleted: [
    'Ova poruka je izbrisana',
    'Izbrisali ste ovu poruku',
    'Ova poruka je izbrisana za svakoga',
    'Izbrisali ste ovu poruku za svakoga',
  ],
  edited: [],
  fileAttached: ['{} (datoteka u privitku)'],
  attached: [],
  location: ['lokacija: {}'],
  liveLocation: ['trenutna lokacija podijeljena'],
  missedCall: [
    'Propušten glasovni poziv',
    'Propušten video poziv',
    'Propušten grupni videopoziv',
    'Propušten grupni glasovni poziv',
  ],
  poll: [],
};
