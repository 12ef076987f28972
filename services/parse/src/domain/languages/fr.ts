// French (fr): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-fr/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_fr.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)
// - ChatExhibit's earlier marker and phrase lists, taken from real exports (git history of services/parse)

import type { LanguageTable } from './language-table';

export const fr: LanguageTable = {
  tag: 'fr',
  name: 'French',
  encryption: ['de bout en bout'],
  events: {
    'group-created': ['{} a créé le groupe "{}"', 'Vous avez créé le groupe “{}”', '{}a créé le groupe{}'],
    'member-added': [
      '{} a été ajouté(e)',
      'Vous avez été ajouté(e)',
      '{} a ajouté {}',
      '{} vous a ajouté',
      'Vous avez ajouté {}',
    ],
    'member-removed': ['{} a été retiré(e)', '{} a retiré {}', 'Vous avez retiré {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Vous avez été retiré(e)', '{} vous a retiré'],
    'member-left': [
      '{} est parti',
      'Groupe quitté',
      '{} est parti(e)',
      'Vous êtes parti(e)',
      '{} est parti{}',
      '{}a quitté le groupe{}',
    ],
    'member-joined': [
      "{} a intégré ce groupe grâce au lien d'invitation",
      "Vous avez intégré le groupe en utilisant le lien d'invitation",
      '{}a rejoint ce groupe via le lien{}',
      '{}a rejoint le groupe via le lien{}',
      '{}a rejoint ce groupe avec le lien{}',
      '{}a rejoint le groupe avec le lien{}',
    ],
    'subject-changed': [
      '{} a modifié le sujet en “{}”',
      '{} a modifié le sujet “{}” en “{}”',
      'Vous avez changé le sujet en "{}"',
      'Vous avez changé le sujet “{}” en “{}”',
      '{} a modifié le sujet en "{}"',
      '{} a modifié le sujet "{}" en "{}"',
      '{}a modifié le sujet{}',
      '{}a changé le sujet{}',
      '{}a modifié le nom du groupe{}',
    ],
    'description-changed': [
      '{} a changé la description du groupe',
      'Vous avez changé la description du groupe',
      '{} a supprimé la description du groupe',
      'Vous avez supprimé la description du groupe',
      '{}description du groupe{}',
    ],
    'icon-changed': [
      "{} a changé l'icône de ce groupe",
      "Vous avez changé l'icône de ce groupe",
      "{} a supprimé l'icône de ce groupe",
      "Vous avez supprimé l'icône de ce groupe",
      '{}icône de ce groupe{}',
      '{}icône du groupe{}',
    ],
    'security-code-changed': [
      "Le code de sécurité de {} a changé. Appuyez pour plus d'informations",
      '{}code de sécurité{}',
    ],
    'disappearing-messages': ['{}messages éphémères{}'],
    'number-changed': ['{} est passé de {} à {}', '{} est passé à {}', '{}a changé de numéro{}'],
    'admin-changed': [
      'Vous êtes maintenant un administrateur',
      "Vous n'êtes plus un administrateur",
      '{}désormais admin{}',
    ],
    'settings-changed': ['{}paramètres du groupe{}'],
  },
  mediaOmitted: [
    '<Fichier omis>',
    '<Médias omis>',
    'image absente',
    'vidéo absente',
    'audio omis',
    'autocollant omis',
    'GIF retiré',
    'document omis',
  ],
  deleted: [
    'Ce message a été supprimé',
    'Vous avez supprimé ce message',
    'Ce message a été supprimé pour tout le monde',
    'Vous avez supprimé ce message pour tout le monde',
  ],
  edited: ['<Ce message a été modifié>'],
  fileAttached: ['{} (fichier joint)'],
  attached: ['<pièce jointe : {}>', '<pièce jointe: {}>'],
  location: ['localisation : {}'],
  liveLocation: ['Localisation en direct partagée'],
  missedCall: [
    'Appel vocal manqué',
    'Appel vidéo manqué',
    'Appel vidéo de groupe manqué',
    'Appel vocal de groupe manqué',
  ],
  poll: ['SONDAGE :', 'SONDAGE:'],
};
