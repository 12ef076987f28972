// Danish (da): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-da/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_da.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const da: LanguageTable = {
  tag: 'da',
  name: 'Danish',
  encryption: ['end-to-end-krypter', 'sikret med kryptering'],
  events: {
    'group-created': [
      '{} oprettede gruppen "{}"',
      'Du oprettede gruppen "{}"',
      '{} har oprettet gruppen "{}"',
      'Du har oprettet gruppen "{}"',
    ],
    'member-added': [
      '{} blev tilføjet',
      'Du blev tilføjet',
      '{} tilføjede {}',
      '{} tilføjede dig',
      'Du tilføjede {}',
      '{} er blevet tilføjet',
      '{} har tilføjet {}',
      '{} har tilføjet dig',
      'Du har tilføjet {}',
    ],
    'member-removed': [
      '{} blev fjernet',
      '{} fjernede {}',
      'Du fjernede {}',
      '{} er blevet fjernet',
      '{} har fjernet {}',
      'Du har fjernet {}',
    ],
    // The exporting account removed: its export ends there.
    'removed-you': ['Du blev fjernet', '{} fjernede dig', '{} har fjernet dig'],
    'member-left': ['{} forlod', 'Du forlod'],
    'member-joined': [
      '{} tilsluttede sig via denne gruppes invitation link',
      'Du deltager via denne gruppes invitations link',
      '{} har tilsluttet sig via denne gruppes invitationslink',
      'Du blev medlem via denne gruppes invitationslink',
    ],
    'subject-changed': [
      '{} ændrede emnet til "{}"',
      '{} ændrede emnet fra "{}" til "{}"',
      'Du ændrede emnet til "{}"',
      'Du ændrede emnet fra "{}" til "{}"',
      '{} har ændret emnet til "{}"',
      '{} har ændret emnet fra "{}" til "{}"',
      'Du har ændret emnet til "{}"',
      'Du har ændret emnet fra "{}" til "{}"',
    ],
    'description-changed': [
      '{} ændrede gruppe beskrivelsen',
      'Du ændrede gruppe beskrivelsen',
      '{} har ændret gruppebeskrivelsen',
      'Du har ændret gruppebeskrivelsen',
      '{} har slettet gruppebeskrivelsen',
      'Du har slettet gruppebeskrivelsen',
    ],
    'icon-changed': [
      '{} ændrede denne gruppes ikon',
      'Du ændrede denne gruppes ikon',
      '{} slettede denne gruppes ikon',
      'Du slettede denne gruppes ikon',
      '{} har ændret denne gruppes ikon',
      'Du har ændret denne gruppes ikon',
      '{} har slettet denne gruppes ikon',
      'Du har slettet denne gruppes ikon',
    ],
    'security-code-changed': [
      "{}'s sikkerheds kode blev ændret. Tryk for mere info",
      '{}s sikkerhedskode er blevet ændret. Tryk for at få flere oplysninger',
    ],
    'number-changed': ['{} ændrede fra {} til {}', '{} ændrede til {}', '{} er blevet ændret til {}'],
    'admin-changed': [
      'Du er nu admin',
      'Du er ikke længere admin',
      'Du er ikke længere administrator',
      'Du er nu administrator',
    ],
  },
  mediaOmitted: ['<Mediefil udeladt>', '<Medier udeladt>'],
  deleted: [
    'Denne besked blev slettet',
    'Du slettede denne besked',
    'Denne besked blev slettet hos alle',
    'Du slettede denne besked hos alle',
    'Du har slettet denne besked',
  ],
  edited: [],
  fileAttached: ['{} (fil vedhæftet)'],
  attached: [],
  location: ['placering: {}', 'lokation: {}'],
  liveLocation: ['live placering delt', 'livelokation delt'],
  missedCall: [
    'Mistet opkald',
    'Mistede video opkald',
    'Ubesvaret videoopkald',
    'Ubesvaret taleopkald',
    'Ubesvaret gruppevideoopkald',
    'Ubesvaret gruppetaleopkald',
  ],
  poll: [],
};
