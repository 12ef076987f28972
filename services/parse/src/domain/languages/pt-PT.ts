// Portuguese (Portugal) (pt-PT): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-pt-rPT/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_pt.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)

import type { LanguageTable } from './language-table';

export const ptPT: LanguageTable = {
  tag: 'pt-PT',
  name: 'Portuguese (Portugal)',
  encryption: ['ponto a ponto'],
  events: {
    'group-created': ['{} criou o grupo "{}"', 'Criou o grupo "{}"'],
    'member-added': [
      '{} foi adicionado(a)',
      'Foi adicionado',
      '{} adicionou {}',
      '{} adicionou-o(a)',
      'Adicionou {}',
    ],
    'member-removed': ['{} foi removido(a)', '{} removeu {}', 'Removeu {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Foi removido', 'Foi removido(a) por {}'],
    'member-left': ['{} saiu do grupo', 'Saiu do grupo'],
    'member-joined': [
      '{} aderiu através da ligação de convite deste grupo',
      'Aderiu através da ligação de convite deste grupo',
    ],
    'subject-changed': [
      '{} alterou o assunto para "{}"',
      '{} alterou o assunto de "{}" para "{}"',
      'Alterou o assunto para "{}"',
      'Alterou o assunto de "{}" para "{}"',
    ],
    'description-changed': [
      '{} alterou a descrição do grupo',
      'Alterou a descrição do grupo',
      '{} apagou a descrição do grupo',
      'Apagou a descrição do grupo',
    ],
    'icon-changed': [
      '{} alterou o ícone deste grupo',
      'Alterou o ícone deste grupo',
      '{} apagou o ícone deste grupo',
      'Apagou o ícone deste grupo',
    ],
    'security-code-changed': ['O código de segurança de {} foi alterado. Toque para saber mais'],
    'number-changed': ['{} mudou o número para {}'],
    'admin-changed': ['Já não é um administrador', 'Passou a ser administrador'],
  },
  mediaOmitted: ['<Ficheiro não revelado>'],
  deleted: ['Esta mensagem foi apagada', 'Apagou esta mensagem'],
  edited: [],
  fileAttached: ['{} (ficheiro anexado)'],
  attached: [],
  location: ['localização: {}'],
  liveLocation: ['Está a partilhar a sua localização'],
  missedCall: [
    'Videochamada não atendida',
    'Chamada de voz não atendida',
    'Videochamada em grupo não atendida',
    'Chamada de voz em grupo não atendida',
  ],
  poll: [],
};
