// Romanian (ro): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-ro/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_ro.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const ro: LanguageTable = {
  tag: 'ro',
  name: 'Romanian',
  encryption: ['criptare integrală', 'criptate integral'],
  events: {
    'group-created': [
      '{} a creat grupul "{}"',
      'Ați creat grupul "{}"',
      '{} a creat grupul „{}”',
      'Ați creat grupul „{}”',
    ],
    'member-added': [
      '{} a fost adăugat/ă',
      'Ați fost adăugat/ă',
      '{} a adăugat {}',
      '{} v-a adăugat',
      'Ați adăugat pe {}',
      '{} a fost adăugat/ă în grup',
      'Ați fost adăugat/ă în grup',
      '{} a adăugat în grup pe {}',
      '{} v-a adăugat în grup',
      'Ați adăugat în grup pe {}',
    ],
    'member-removed': [
      '{} a fost eliminat(ă)',
      '{} a eliminat pe {}',
      'Ați eliminat pe {}',
      '{} a fost eliminat/ă din grup',
      'Ați eliminat din grup pe {}',
    ],
    // The exporting account removed: its export ends there.
    'removed-you': [
      'Ați fost eliminat/ă',
      '{} v-a eliminat',
      'Ați fost eliminat/ă din grup',
      '{} v-a eliminat din grup',
    ],
    'member-left': ['{} a ieșit', 'Ați ieșit', '{} a ieșit din grup', 'Ați ieșit din grup'],
    'member-joined': [
      '{} s-a alăturat grupului utilizând acest link de invitație',
      'V-ați alăturat grupului utilizând acest link de invitație',
      '{} a intrat în grup prin linkul de invitație',
      'Ați intrat în grup prin linkul de invitație',
    ],
    'subject-changed': [
      '{} a schimbat subiectul în "{}"',
      '{} a schimbat subiectul din "{}" în "{}"',
      'Ați schimbat subiectul grupului în "{}"',
      'Ați schimbat subiectul din "{}" în "{}"',
      '{} a schimbat subiectul în „{}”',
      '{} a schimbat subiectul din „{}” în „{}”',
      'Ați schimbat subiectul grupului în „{}”',
      'Ați schimbat subiectul din „{}” în „{}”',
    ],
    'description-changed': [
      '{} a schimbat descrierea grupului',
      'Ați schimbat descrierea grupului',
      '{} a șters descrierea grupului',
      'Ați șters descrierea grupului',
    ],
    'icon-changed': [
      '{} a schimbat imaginea acestui grup',
      'Ați schimbat imaginea acestui grup',
      '{} a șters imaginea acestui grup',
      'Ați șters imaginea acestui grup',
      '{} a schimbat imaginea grupului',
      'Ați schimbat imaginea grupului',
      '{} a șters imaginea grupului',
      'Ați șters imaginea grupului',
    ],
    'security-code-changed': [
      'Codul de securitate pentru {} a fost schimbat. Apăsați pentru mai multe detalii',
      'Codul de securitate pentru {} s-a schimbat. Atingeți pentru detalii',
    ],
    'number-changed': [
      '{} a schimbat numărul de la {} la {}',
      '{} s-a schimbat cu {}',
      '{} s-a schimbat în {}',
    ],
    'admin-changed': [
      'Sunteți acum admin. de grup',
      'Nu mai sunteți admin. de grup',
      'Nu mai sunteți admin',
      'Acum sunteți admin',
    ],
  },
  mediaOmitted: ['<Conținut media omis>'],
  deleted: [
    'Acest mesaj a fost șters',
    'Ați șters acest mesaj',
    'Acest mesaj a fost șters pentru toată lumea',
    'Ați șters acest mesaj pentru toată lumea',
  ],
  edited: [],
  fileAttached: ['{} (fișier atașat)'],
  attached: [],
  location: ['locație: {}'],
  liveLocation: ['locație în timp real distribuită'],
  missedCall: [
    'Apel vocal nepreluat',
    'Apel video nepreluat',
    'Apel video pierdut',
    'Apel vocal pierdut',
    'Apel video de grup pierdut',
    'Apel vocal de grup pierdut',
  ],
  poll: [],
};
