// Finnish (fi): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-fi/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_fi.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const fi: LanguageTable = {
  tag: 'fi',
  name: 'Finnish',
  encryption: ['salataan täysin', 'täysin salattu'],
  events: {
    'group-created': ['{} loi ryhmän "{}"', 'Loit ryhmän "{}"'],
    'member-added': [
      '{} lisättiin',
      'Sinut lisättiin',
      '{} lisäsi henkilön {}',
      '{} lisäsi sinut',
      'Lisäsit henkilön {}',
    ],
    'member-removed': ['{} poistettiin', '{} poisti henkilön {}', 'Poistit henkilön {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Sinut poistettiin', '{} poisti sinut'],
    'member-left': ['{} poistui', 'Sinä poistuit'],
    'member-joined': ['{} liittyi ryhmään kutsulinkillä', 'Liityit ryhmään kutsulinkillä'],
    'subject-changed': [
      '{} vaihtoi aiheeksi "{}"',
      '{} vaihtoi aiheen “{}” aiheeksi “{}”',
      'Vaihdoit aiheeksi “{}”',
      'Vaihdoit aiheen "{}" aiheeksi "{}"',
    ],
    'description-changed': [
      '{} muutti ryhmän kuvausta',
      'Muutit ryhmän kuvausta',
      '{} poisti ryhmän kuvauksen',
      'Poistit ryhmän kuvauksen',
    ],
    'icon-changed': [
      '{} vaihtoi ryhmän kuvaketta',
      'Muutit ryhmän kuvakkeen',
      '{} poisti ryhmän kuvakkeen',
      'Poistit ryhmän kuvakkeen',
    ],
    'security-code-changed': ['Henkilön {} turvanumero muuttui. Napauta saadaksesi lisätietoja'],
    'number-changed': ['{} muutti numerosta {} numeroon {}', '{} muuttui numeroon {}'],
    'admin-changed': ['Olet nyt ylläpitäjä', 'Et ole enää ylläpitäjä'],
  },
  mediaOmitted: ['<Media jätetty pois>', '<Media jätettiin pois>'],
  deleted: [
    'Tämä viesti poistettiin',
    'Poistit tämän viestin',
    'Tämä viesti poistettiin kaikilta',
    'Poistit tämän viestin kaikilta',
  ],
  edited: [],
  fileAttached: ['{} (liitetiedosto)'],
  attached: [],
  location: ['sijainti: {}'],
  liveLocation: ['live-sijainti jaettu'],
  missedCall: [
    'Vastaamaton äänipuhelu',
    'Vastaamaton videopuhelu',
    'Vastaamaton ryhmävideopuhelu',
    'Vastaamaton ryhmä-äänipuhelu',
  ],
  poll: [],
};
