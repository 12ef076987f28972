// Slovak (sk): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-sk/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)

import type { LanguageTable } from './language-table';

export const sk: LanguageTable = {
  tag: 'sk',
  name: 'Slovak',
  encryption: ['počas celého spojenia'],
  events: {
    'group-created': ['{} vytvoril/a skupinu {}', 'Vytvorili ste skupinu {}'],
    'member-added': [
      '{} pridaný/á',
      'Ste v skupine',
      '{} pridal/a používateľa {}',
      '{} vás pridal/a',
      'Pridali ste používateľa {}',
    ],
    'member-removed': ['{} odobraný/á', '{} odobral/a používateľa {}', 'Odobrali ste používateľa {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Boli ste odobraný/á', '{} vás odobral/a'],
    'member-left': ['{} opustil/a skupinu', 'Opustili ste skupinu'],
    'member-joined': [
      '{} sa pripojil/a k tejto skupine pomocou pozývacieho odkazu',
      'K tejto skupine ste sa pripojili pomocou pozývacieho odkazu',
    ],
    'subject-changed': [
      '{} zmenil/a tému na {}',
      '{} zmenil/a tému {} na {}',
      'Zmenili ste tému na {}',
      'Zmenili ste tému {} na {}',
    ],
    'description-changed': ['{} zmenil/a popis skupiny', 'Zmenili ste popis skupiny'],
    'icon-changed': [
      '{} zmenil/a ikonu tejto skupiny',
      'Zmenili ste ikonu skupiny',
      '{} odstránil/a ikonu tejto skupiny',
      'Odstránili ste ikonu tejto skupiny',
    ],
    'security-code-changed': [
      'Bezpečnostný kód používateľa {} bol zmenený. Viac informácií zobrazíte ťuknutím',
    ],
    'number-changed': ['{} zmenil/a svoje číslo {} na {}', '{} je zmenené na {}'],
    'admin-changed': ['Teraz ste správcom skupiny', 'Už nie ste správcom skupiny'],
  },
  mediaOmitted: ['<Médiá vynechané>'],
  deleted: [
    'Táto správa bola odstránená',
    'Túto správu ste odstránili',
    'Táto správa bola u všetkých odstránená',
    'Túto správu ste u všetkých odstránili',
  ],
  edited: [],
  fileAttached: ['{} (súbor pripojený)'],
  attached: [],
  location: ['poloha: {}'],
  liveLocation: ['bola zdieľaná aktuálna poloha'],
  missedCall: ['Zmeškaný hlasový hovor', 'Zmeškaný videohovor'],
  poll: [],
};
