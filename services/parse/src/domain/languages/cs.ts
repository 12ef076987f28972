// Czech (cs): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-cs/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_cs.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const cs: LanguageTable = {
  tag: 'cs',
  name: 'Czech',
  encryption: ['koncovým šifrováním'],
  events: {
    'group-created': ['{} vytvořil/a skupinu {}', 'Vytvořil/a jste skupinu {}'],
    'member-added': [
      'Přidán/a {}',
      'Byl/a jste přidán/a',
      '{} přidal/a uživatele {}',
      '{} vás přidal/a',
      'Přidal/a jste uživatele {}',
      '{} byl/a přidán/a do skupiny',
      '{} vás přidal/a do skupiny',
    ],
    'member-removed': [
      '{} odebrán/a',
      '{} odebral(a) uživatele {}',
      'Odebrali jste uživatele {}',
      '{} byl/a odebrán/a',
      '{} odebral/a uživatele {}',
      'Odebral/a jste uživatele {}',
    ],
    // The exporting account removed: its export ends there.
    'removed-you': ['Byli jste odebráni', '{} vás odebral(a)', 'Byl/a jste odebrán/a', '{} vás odebral/a'],
    'member-left': ['{} opustil/a skupinu', 'Opustil/a jste skupinu'],
    'member-joined': [
      '{} se připojil/a k této skupině pomocí zvacího odkazu',
      'K této skupině jste se připojil/a pomocí zvacího odkazu',
    ],
    'subject-changed': [
      '{} změnil/a téma na {}',
      '{} změnil/a téma {} na {}',
      'Změnil/a jste téma na {}',
      'Změnil/a jste téma {} na {}',
      '{} změnil/a téma skupiny na „{}“',
      'Změnil/a jste téma skupiny na „{}“',
    ],
    'description-changed': [
      '{} změnil/a popis skupiny',
      'Popis skupiny byl změněn',
      'Změnil/a jste popis skupiny',
      '{} odstranil/a popis skupiny',
      'Odstranil/a jste popis skupiny',
    ],
    'icon-changed': [
      '{} změnil/a ikonu této skupiny',
      'Ikona skupiny byla vámi změněna',
      '{} odstranil/a ikonu této skupiny',
      'Ikona této skupiny byla vámi odstraněna',
      'Změnil/a jste ikonu této skupiny',
      'Odstranil/a jste ikonu této skupiny',
    ],
    'security-code-changed': [
      'Bezpečnostní kód uživatele {} byl změněn. Další informace zobrazíte klepnutím',
    ],
    'number-changed': ['{} změnil/a své číslo z {} na {}', '{} používá nové číslo {}'],
    'admin-changed': [
      'Nyní jste správcem',
      'Nejste již správcem skupiny',
      'Už nejste správcem skupiny',
      'Nyní jste správcem skupiny',
    ],
  },
  mediaOmitted: ['< Média vynechána >', '<Média vynechány>'],
  deleted: [
    'Tato zpráva byla odstraněna',
    'Tuto zprávu jste odstranil/a',
    'Tato zpráva byla pro všechny odstraněna',
    'Tuto zprávu jste u všech odstranil/a',
  ],
  edited: [],
  fileAttached: ['{} (soubor byl přiložen)'],
  attached: [],
  location: ['poloha: {}'],
  liveLocation: ['byla sdílena aktuální poloha'],
  missedCall: [
    'Zmeškaný hlasový hovor',
    'Zmeškaný videohovor',
    'Zmeškaný hovor',
    'Zmeškaný skupinový videohovor',
    'Zmeškaný skupinový hovor',
  ],
  poll: [],
};
