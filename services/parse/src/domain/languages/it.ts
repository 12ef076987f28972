// Italian (it): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-it/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_it.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)
// - ChatExhibit's earlier marker and phrase lists, taken from real exports (git history of services/parse)

import type { LanguageTable } from './language-table';

export const it: LanguageTable = {
  tag: 'it',
  name: 'Italian',
  encryption: ['crittografia end-to-end', 'crittografati end-to-end'],
  events: {
    'group-created': ['{} ha creato il gruppo “{}”', 'Hai creato il gruppo “{}”', '{}ha creato il gruppo{}'],
    'member-added': [
      '{} è stato aggiunto',
      'Sei stato aggiunto',
      '{} ha aggiunto {}',
      '{} ti ha aggiunto',
      'Hai aggiunto {}',
    ],
    'member-removed': ['{} è stato rimosso', '{} ha rimosso {}', 'Hai rimosso {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Sei stato rimosso', '{} ti ha rimosso'],
    'member-left': [
      '{} ha abbandonato',
      'Hai abbandonato',
      '{}è uscito dal gruppo{}',
      '{}è uscita dal gruppo{}',
    ],
    'member-joined': [
      "{} è entrato usando il link d'invito al gruppo",
      "Sei entrato usando il link d'invito al gruppo",
      "{}  è entrato usando il link d'invito al gruppo",
      '{}si è unito tramite il link{}',
      '{}si è unita tramite il link{}',
    ],
    'subject-changed': [
      "{} ha cambiato l'oggetto in “{}”",
      "{} ha cambiato l'oggetto da “{}” a “{}”",
      "Hai cambiato l'oggetto in “{}”",
      "Hai cambiato l'oggetto da “{}” a “{}”",
      "{}ha cambiato l'oggetto{}",
      '{}ha cambiato il nome del gruppo{}',
    ],
    'description-changed': [
      '{} ha cambiato la descrizione del gruppo',
      'Hai cambiato la descrizione del gruppo',
      '{} ha eliminato la descrizione del gruppo',
      'Hai eliminato la descrizione del gruppo',
      '{}descrizione del gruppo{}',
    ],
    'icon-changed': [
      "{} ha cambiato l'immagine del gruppo",
      "Hai cambiato l'immagine del gruppo",
      "{} ha eliminato l'immagine del gruppo",
      "Hai eliminato l'immagine del gruppo",
      '{}immagine di questo gruppo{}',
      '{}immagine del gruppo{}',
    ],
    'security-code-changed': [
      'Il codice sicurezza di {} è cambiato. Tocca per maggiori informazioni',
      'Il codice sicurezza di {} è cambiato. Tocca per maggiori info',
      '{}codice di sicurezza{}',
    ],
    'disappearing-messages': ['{}messaggi effimeri{}'],
    'number-changed': [
      '{} ha cambiato numero da {} a {}',
      '{} è stato cambiato con {}',
      '{}ha cambiato il suo numero{}',
      '{}ha cambiato numero{}',
    ],
    'admin-changed': [
      'Ora sei un amministratore',
      'Non sei più un amministratore',
      '{}ora sei un amministratore{}',
    ],
    'settings-changed': ['{}impostazioni del gruppo{}'],
  },
  mediaOmitted: [
    '<Media omesso>',
    '<Media omessi>',
    'immagine omessa',
    'video omesso',
    'audio omesso',
    'sticker omesso',
    'GIF omessa',
    'documento omesso',
  ],
  deleted: [
    'Questo messaggio è stato eliminato',
    'Hai eliminato questo messaggio',
    'Il messaggio è stato eliminato per tutti',
    'Hai eliminato questo messaggio per tutti',
  ],
  edited: ['<Questo messaggio è stato modificato>'],
  fileAttached: ['{} (file allegato)'],
  attached: ['<allegato: {}>'],
  location: ['posizione: {}'],
  liveLocation: ['posizione attuale condivisa', 'posizione in tempo reale condivisa'],
  missedCall: [
    'Chiamata vocale persa',
    'Videochiamata persa',
    'Videochiamata di gruppo persa',
    'Chiamata vocale di gruppo persa',
  ],
  poll: ['SONDAGGIO:'],
};
