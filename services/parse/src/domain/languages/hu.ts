// Hungarian (hu): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-hu/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_hu.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const hu: LanguageTable = {
  tag: 'hu',
  name: 'Hungarian',
  encryption: ['végpontok között'],
  events: {
    'group-created': ['{} létrehozta a következő csoportot: "{}"', 'Létrehoztál egy csoportot: "{}"'],
    'member-added': [
      '{} csatlakozott',
      'Hozzá lettél adva',
      '{} hozzáadta {}',
      '{} hozzáadott téged',
      '{} hozzáadva',
      '{} hozzáadta őt: {}',
    ],
    'member-removed': ['{} eltávolítva', '{} eltávolította {}', 'Eltávolítottad őt: {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['El lettél távolítva', '{} eltávolított a csoportból'],
    'member-left': ['{} kilépett', 'Kiléptél'],
    'member-joined': [
      '{} csatlakozott a csoporthoz a meghívó linkkel',
      'Csatlakoztál a csoporthoz a meghívó linkkel',
      '{} csatlakozott a csoporthoz a meghívólink segítségével',
      'A meghívólinken keresztül csatlakoztál a csoporthoz',
    ],
    'subject-changed': [
      '{} megváltoztatta a témát erre: "{}"',
      '{} megváltoztatta a témát erről: "{}", erre: "{}"',
      'Megváltoztattad a témát erre: "{}"',
      'Megváltoztattad a témát erről: "{}", erre: "{}"',
    ],
    'description-changed': [
      '{} megváltoztatta a csoport témáját',
      'Megváltoztattad a csoport témáját',
      '{} megváltoztatta a csoportleírást',
      'Megváltoztattad a csoportleírást',
      '{} törölte a csoport leírását',
      'Törölted a csoport leírását',
    ],
    'icon-changed': [
      '{} megváltoztatta a csoport ikonját',
      'Megváltoztattad a csoport ikonját',
      '{} törölte a csoport ikonját',
      'Törölted a csoport ikonját',
    ],
    'security-code-changed': ['{} biztonsági kódja megváltozott. Koppints további információkért'],
    'number-changed': ['{} száma megváltozott erről: {}, erre: {}', '{} megváltozott erre: {}'],
    'admin-changed': ['Admin lettél', 'Nem vagy többé admin'],
  },
  mediaOmitted: ['<Hiányzó médiafájl>', '<Média elhagyva>'],
  deleted: [
    'Ez az üzenet törlésre került',
    'Törölted ezt az üzenetet',
    'Ez az üzenet mindenkinél törlésre került',
    'Mindenkinél törölted ezt az üzenetet',
  ],
  edited: [],
  fileAttached: ['{} (fájl csatolva)'],
  attached: [],
  location: ['Helyzet: {}'],
  liveLocation: ['tartózkodási hely megosztva'],
  missedCall: [
    'Nem fogadott hanghívás',
    'Nem fogadott videóhívás',
    'Nem fogadott videohívás',
    'Nem fogadott csoportos videohívás',
    'Nem fogadott csoportos hanghívás',
  ],
  poll: [],
};
