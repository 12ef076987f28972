// Dutch (nl): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-nl/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_nl.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)
// - ChatExhibit's earlier marker and phrase lists, taken from real exports (git history of services/parse)

import type { LanguageTable } from './language-table';

export const nl: LanguageTable = {
  tag: 'nl',
  name: 'Dutch',
  encryption: ['end-to-end encryptie', 'end-to-end versleutel'],
  events: {
    'group-created': [
      "{} heeft de groep '{}' aangemaakt",
      "U hebt de groep '{}' gemaakt",
      '{}heeft groep {} aangemaakt{}',
    ],
    'member-added': [
      '{} is toegevoegd',
      'U bent toegevoegd',
      '{} heeft {} toegevoegd',
      '{} heeft u toegevoegd',
      'U hebt {} toegevoegd',
    ],
    'member-removed': ['{} is verwijderd', '{} heeft {} verwijderd', 'U hebt {} verwijderd'],
    // The exporting account removed: its export ends there.
    'removed-you': ['U bent verwijderd', '{} heeft u verwijderd'],
    'member-left': ['{} heeft de groep verlaten', 'U hebt de groep verlaten', '{}heeft de groep verlaten{}'],
    'member-joined': [
      '{} is deelnemer geworden via de uitnodigingslink van deze groep',
      'U bent deelnemer geworden via de uitnodigingslink van deze groep',
      '{}is lid geworden via{}',
    ],
    'subject-changed': [
      "{} heeft het onderwerp gewijzigd naar '{}'",
      "{} heeft het onderwerp gewijzigd van '{}' naar '{}'",
      "U hebt het onderwerp gewijzigd naar '{}'",
      "U hebt het onderwerp gewijzigd van '{}' naar '{}'",
      '{}heeft de groepsnaam{}',
    ],
    'description-changed': [
      '{} heeft het groepsonderwerp gewijzigd',
      'U hebt het groepsonderwerp gewijzigd',
      '{} heeft de groepsomschrijving gewijzigd',
      'U hebt de groepsomschrijving gewijzigd',
      '{} heeft de groepsomschrijving verwijderd',
      'U hebt de groepsomschrijving verwijderd',
      '{}groepsbeschrijving{}',
    ],
    'icon-changed': [
      '{} heeft de groepsafbeelding gewijzigd',
      'U hebt de groepsafbeelding gewijzigd',
      '{} heeft de groepsafbeelding verwijderd',
      'U hebt de groepsafbeelding verwijderd',
      '{}groepsafbeelding{}',
    ],
    'security-code-changed': [
      "{}'s beveiligingscode is gewijzigd. Tik hier voor meer informatie",
      '{}beveiligingscode{}',
    ],
    'disappearing-messages': ['{}tijdelijke berichten{}'],
    'number-changed': [
      '{} heeft een nieuw nummer: {} (was {})',
      '{} is gewijzigd naar {}',
      '{}heeft een nieuw nummer{}',
      '{}heeft nieuw nummer{}',
    ],
    'admin-changed': ['U bent nu beheerder', 'U bent geen beheerder meer', '{}nu beheerder{}'],
    'settings-changed': ['{}groepsinstellingen{}'],
  },
  mediaOmitted: [
    '<Media weggelaten>',
    'afbeelding weggelaten',
    'video weggelaten',
    'audio weggelaten',
    'sticker weggelaten',
    'GIF weggelaten',
    'document weggelaten',
  ],
  deleted: [
    'Dit bericht is verwijderd',
    'U hebt dit bericht verwijderd',
    'Dit bericht is verwijderd voor iedereen',
    'U hebt dit bericht verwijderd voor iedereen',
    'Je hebt dit bericht verwijderd',
  ],
  edited: ['<Dit bericht is bewerkt>'],
  fileAttached: ['{} (bestand bijgevoegd)'],
  attached: ['<bijlage: {}>'],
  location: ['locatie: {}'],
  liveLocation: ['live locatie gedeeld'],
  missedCall: [
    'Gemiste spraakoproep',
    'Gemiste video-oproep',
    'Gemiste groepsvideo-oproep',
    'Gemiste groepsoproep',
  ],
  poll: ['PEILING:'],
};
