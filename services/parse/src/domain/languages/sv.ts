// Swedish (sv): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-sv/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_sv.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const sv: LanguageTable = {
  tag: 'sv',
  name: 'Swedish',
  encryption: ['komplett kryptering', 'komplett krypterade'],
  events: {
    'group-created': ['{} skapade gruppen "{}"', 'Du skapade gruppen "{}"'],
    'member-added': [
      '{} har lagts till',
      'Du har lagts till',
      '{} lade till {}',
      '{} lade till dig',
      'Du lade till {}',
    ],
    'member-removed': ['{} togs bort', '{} tog bort {}', 'Du tog bort {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Du togs bort', '{} tog bort dig'],
    'member-left': ['{} lämnade', 'Du lämnade'],
    'member-joined': [
      '{} anslöt genom att använda denna gruppens inbjuningslänk',
      'Du anslöt genom att använda denna gruppens inbjudningslänk',
    ],
    'subject-changed': [
      '{} ändrade ämnet till "{}"',
      '{} ändrade ämnet från "{}" till "{}"',
      'Du ändrade ämnet till "{}"',
      'Du ändrade ämnet från "{}" till "{}"',
    ],
    'description-changed': [
      '{} ändrade gruppens beskrivning',
      'Du ändrade gruppens beskrivning',
      '{} raderade gruppens beskrivning',
      'Du raderade gruppens beskrivning',
    ],
    'icon-changed': [
      '{} ändrade gruppens ikon',
      'Du ändrade gruppens symbol',
      '{} raderade gruppens ikon',
      'Du raderade gruppens symbol',
    ],
    'security-code-changed': ['{}:s säkerhetskod har ändrats. Tryck för mer info'],
    'number-changed': ['{} har bytt från {} till {}', '{} har bytt till {}'],
    'admin-changed': ['Du är nu administratör', 'Du är inte längre administratör'],
  },
  mediaOmitted: ['<Media har utelämnats>', '<Media utelämnat>'],
  deleted: [
    'Detta meddelande raderades',
    'Du raderade detta meddelande',
    'Detta meddelande raderades för alla',
    'Du raderade detta meddelande för alla',
    'Du raderade meddelandet',
  ],
  edited: [],
  fileAttached: ['{} (bifogad fil)'],
  attached: [],
  location: ['plats: {}'],
  liveLocation: ['liveposition delad'],
  missedCall: [
    'Missat röstsamtal',
    'Missat videosamtal',
    'Missat gruppvideosamtal',
    'Missat gruppröstsamtal',
  ],
  poll: [],
};
