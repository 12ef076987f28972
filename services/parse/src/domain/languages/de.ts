// German (de): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-de/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_de.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)
// - ChatExhibit's earlier marker and phrase lists, taken from real exports (git history of services/parse)

import type { LanguageTable } from './language-table';

export const de: LanguageTable = {
  tag: 'de',
  name: 'German',
  encryption: ['Ende-zu-Ende'],
  events: {
    'group-created': [
      '{} hat die Gruppe "{}" erstellt',
      'Du hast die Gruppe "{}" erstellt',
      '{} hat die Gruppe „{}“ erstellt',
    ],
    'member-added': [
      '{} wurde hinzugefügt',
      'Du wurdest hinzugefügt',
      '{} hat {} hinzugefügt',
      '{} hat dich hinzugefügt',
      'Du hast {} hinzugefügt',
    ],
    'member-removed': ['{} wurde entfernt', '{} hat {} entfernt', 'Du hast {} entfernt'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Du wurdest entfernt', '{} hat dich entfernt'],
    'member-left': ['{} hat die Gruppe verlassen', 'Du hast die Gruppe verlassen'],
    'member-joined': [
      '{} ist dieser Gruppe mit dem Einladungslink beigetreten',
      'Du bist dieser Gruppe mit dem Einladungslink beigetreten',
      '{}über den Einladungslink{}',
    ],
    'subject-changed': [
      '{} hat den Betreff zu "{}" geändert',
      '{} hat den Betreff von "{}" zu "{}" geändert',
      'Du hast den Betreff zu "{}" geändert',
      'Du hast den Betreff von "{}" zu "{}" geändert',
      '{} hat den Betreff zu „{}“ geändert',
      '{} hat den Betreff von „{}“ zu „{}“ geändert',
      '{}hat den Gruppennamen{}',
    ],
    'description-changed': [
      '{} hat die Gruppenbeschreibung geändert',
      'Du hast die Gruppenbeschreibung geändert',
      '{} hat die Gruppenbeschreibung gelöscht',
      'Du hast die Gruppenbeschreibung gelöscht',
      '{}Gruppenbeschreibung{}',
    ],
    'icon-changed': [
      '{} hat das Gruppenbild geändert',
      'Du hast das Gruppenbild geändert',
      '{} hat das Gruppenbild gelöscht',
      'Du hast das Gruppenbild gelöscht',
      '{}Gruppenbild{}',
    ],
    'security-code-changed': [
      'Die Sicherheitsnummer von {} hat sich geändert. Tippe für mehr Infos',
      '{}Sicherheitsnummer{}',
      '{}Sicherheitscode{}',
    ],
    'disappearing-messages': ['{}selbstlöschende Nachrichten{}', '{}verschwindende Nachrichten{}'],
    'number-changed': [
      '{} hat von {} zu {} gewechselt',
      '{} hat zu {} gewechselt',
      '{}Telefonnummer geändert{}',
    ],
    'admin-changed': [
      'Du bist jetzt ein Admin',
      'Du bist kein Admin mehr',
      '{}jetzt Admin{}',
      '{}kein Admin mehr{}',
    ],
    'settings-changed': ['{}Gruppeneinstellungen{}'],
  },
  mediaOmitted: [
    '<Medien weggelassen>',
    '<Medien ausgeschlossen>',
    'Bild weggelassen',
    'Video weggelassen',
    'Audio weggelassen',
    'Sticker weggelassen',
    'GIF weggelassen',
    'Dokument weggelassen',
    'Kontaktkarte weggelassen',
  ],
  deleted: [
    'Diese Nachricht wurde gelöscht',
    'Du hast diese Nachricht gelöscht',
    'Diese Nachricht wurde für alle gelöscht',
    'Du hast diese Nachricht für alle gelöscht',
  ],
  edited: ['<Diese Nachricht wurde bearbeitet>'],
  fileAttached: ['{} (Datei angehängt)'],
  attached: ['<Anhang: {}>'],
  location: ['Standort: {}'],
  liveLocation: ['Live-Standort wird geteilt'],
  missedCall: [
    'Verpasster Sprachanruf',
    'Verpasster Videoanruf',
    'Verpasster Gruppen-Videoanruf',
    'Verpasster Gruppen-Sprachanruf',
  ],
  poll: ['UMFRAGE:'],
};
