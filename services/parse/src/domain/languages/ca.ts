// Catalan (ca): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-ca/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_ca.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const ca: LanguageTable = {
  tag: 'ca',
  name: 'Catalan',
  encryption: ["d'extrem a extrem"],
  events: {
    'group-created': ['{} ha creat el grup "{}"', 'Has creat el grup "{}"'],
    'member-added': [
      "S'ha afegit a {}",
      "T'han afegit",
      '{} ha afegit {}',
      "{} t'ha afegit",
      'Has afegit a {}',
      "S'ha afegit {}",
      'Has afegit {}',
    ],
    'member-removed': [
      '{} ha estat esborrat',
      '{} ha expulsat a {}',
      'Has esborrat a {}',
      "S'ha eliminat {}",
      '{} ha suprimit {}',
      'Has suprimit {}',
    ],
    // The exporting account removed: its export ends there.
    'removed-you': ['Has estat esborrat', "{} t'ha expulsat", 'Has estat suprimit', "{} t'ha eliminat"],
    'member-left': ['{} ha marxat', 'Has marxat'],
    'member-joined': [
      "{} s'ha unit utilitzant aquest enllaç de convit al grup",
      "T'has unit fent servir aquest enllaç de convit del grup",
      "{} s'ha unit utilitzant aquest enllaç d'invitació al grup",
      "T'has unit fent servir aquest enllaç d'invitació al grup",
    ],
    'subject-changed': [
      '{} ha canviat l\'assumpte a "{}"',
      '{} ha canviat l\'assumpte de "{}" a "{}"',
      'Has canviat l\'assumpte per "{}"',
      'Has canviat l\'assumpte de "{}" a "{}"',
      'Has canviat l\'assumpte a "{}"',
    ],
    'description-changed': [
      '{} ha canviat la descripció del grup',
      'Has canviat la descripció del grup',
      'Has canviat la icona de descripció del grup',
      '{} ha suprimit la descripció del grup',
      'Has suprimit la descripció del grup',
    ],
    'icon-changed': [
      '{} ha canviat la icona del grup',
      "Has canviat la icona d'aquest grup",
      "{} ha esborrat la icona d'aquest grup",
      "Has esborrat la icona d'aquest grup",
      "{} ha suprimit la icona d'aquest grup",
      "Has suprimit la icona d'aquest grup",
    ],
    'security-code-changed': [
      'El codi de seguretat de {} ha canviat. Prem per més info',
      'El codi de seguretat de {} ha canviat. Toca per a més informació',
    ],
    'number-changed': ['{} que tenia el {} ara té el {}', '{} ha canviat al {}'],
    'admin-changed': ['Ara ets admin', 'Ja no ets administrador', 'Ara ets administrador'],
  },
  mediaOmitted: ['<Mitjans omesos>', '<Fitxers multimèdia omesos>'],
  deleted: [
    'Aquest missatge està esborrat',
    'Has esborrat aquest missatge',
    'Aquest missatge ha estat eliminat per a tothom',
    'Has eliminat aquest missatge per a tothom',
    "Aquest missatge s'ha suprimit",
    'Has suprimit el missatge',
  ],
  edited: [],
  fileAttached: ['{} (arxiu adjunt)', '{} (fitxer adjunt)'],
  attached: [],
  location: ['ubicació: {}'],
  liveLocation: ['Ubicació en directe compartida', 'ubicació en directe compartida'],
  missedCall: [
    'Trucada de veu perduda',
    'Trucada de vídeo perduda',
    'Videotrucada perduda',
    'Videotrucada de grup perduda',
    'Trucada de veu en grup perduda',
  ],
  poll: [],
};
