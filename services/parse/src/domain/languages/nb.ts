// Norwegian Bokmål (nb): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-nb/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_nb.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const nb: LanguageTable = {
  tag: 'nb',
  name: 'Norwegian Bokmål',
  encryption: ['kryptert fra ende til ende'],
  events: {
    'group-created': ['{}  opprettet gruppen "{}"', 'Du laget gruppen "{}"'],
    'member-added': ['{} ble lagt til', 'Du ble lagt til', '{} la til {}', '{} la deg til', 'Du la til {}'],
    'member-removed': ['{} ble fjernet', '{} fjernet {}', 'Du fjernet {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Du ble fjernet', '{} fjernet deg'],
    'member-left': ['{} forlot gruppen', 'Du forlot gruppen'],
    'member-joined': [
      '{} ble med ved bruk av denne gruppens invitasjonslenke',
      'Du ble med i gruppen ved å bruke gruppens invitasjonslenke',
    ],
    'subject-changed': [
      '{} endret emnet til "{}"',
      '{} endret emne fra "{}" til "{}"',
      'Du endret emnet til "{}"',
      'Du har endret emne fra "{}" til "{}"',
    ],
    'description-changed': [
      '{} endret gruppebeskrivelsen',
      'Du forandret gruppebeskrivelsen',
      '{} slettet gruppebeskrivelsen',
      'Du slettet gruppebeskrivelsen',
    ],
    'icon-changed': [
      '{} endret gruppeikonet i denne gruppen',
      'Du endret denne gruppens ikon',
      '{} slettet dette gruppeikonet',
      'Du slettet gruppebildet',
    ],
    'security-code-changed': ["{}'s sikkerhetskode er endret. Trykk for mer informasjon"],
    'number-changed': ['{} endret til {}'],
    'admin-changed': ['Du er ikke en administrator lenger', 'Du er nå en administrator'],
  },
  mediaOmitted: ['<Media utelatt>'],
  deleted: ['Denne meldingen ble slettet', 'Du slettet denne meldingen'],
  edited: [],
  fileAttached: ['{} (vedlagt fil)'],
  attached: [],
  location: ['posisjon: {}'],
  liveLocation: ['posisjon i sanntid delt'],
  missedCall: ['Tapt videoanrop', 'Tapt taleanrop', 'Tapt gruppevideoanrop', 'Tapt gruppetaleanrop'],
  poll: [],
};
