// Portuguese (Brazil) (pt-BR): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-pt-rBR/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - ChatExhibit's earlier marker and phrase lists, taken from real exports (git history of services/parse)

import type { LanguageTable } from './language-table';

export const ptBR: LanguageTable = {
  tag: 'pt-BR',
  name: 'Portuguese (Brazil)',
  encryption: ['de ponta-a-ponta', 'de ponta a ponta'],
  events: {
    'group-created': ['{} criou o grupo "{}"', 'Você criou o grupo "{}"', '{}criou o grupo{}'],
    'member-added': [
      '{} foi adicionado',
      'Você foi adicionado',
      '{} adicionou {}',
      '{} adicionou você',
      'Você adicionou {}',
    ],
    'member-removed': ['{} foi removido', '{} removeu {}', 'Você removeu {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Você foi removido', '{} removeu você'],
    'member-left': ['{} saiu', 'Você saiu', '{}saiu do grupo{}'],
    'member-joined': [
      '{} entrou usando o link de convite deste grupo',
      'Você entrou usando o link de convite deste grupo',
      '{}entrou usando o link{}',
    ],
    'subject-changed': [
      '{} alterou o nome do grupo para "{}"',
      '{} alterou o nome de "{}" para "{}"',
      'Você alterou o nome para "{}"',
      'Você alterou o nome de "{}" para "{}"',
      '{}mudou o assunto{}',
      '{}mudou o nome do grupo{}',
    ],
    'description-changed': [
      '{} alterou a descrição do grupo',
      'Você alterou a descrição do grupo',
      '{}descrição do grupo{}',
    ],
    'icon-changed': [
      '{} alterou a imagem deste grupo',
      'Você alterou a imagem deste grupo',
      '{} apagou a imagem deste grupo',
      'Você apagou a imagem deste grupo',
      '{}imagem deste grupo{}',
      '{}imagem do grupo{}',
    ],
    'security-code-changed': [
      'O código de segurança de {} mudou. Toque para mais informações',
      '{}código de segurança{}',
    ],
    'disappearing-messages': ['{}mensagens temporárias{}'],
    'number-changed': [
      '{} alterado de {} para {}',
      '{} alterado para {}',
      '{}mudou seu número{}',
      '{}mudou o número{}',
    ],
    'admin-changed': [
      'Você agora é um administrador',
      'Você não é mais um administrador',
      '{}agora é admin{}',
    ],
    'settings-changed': ['{}configurações do grupo{}'],
  },
  mediaOmitted: [
    '<Mídia omitida>',
    '<Mídia oculta>',
    'imagem ocultada',
    'vídeo ocultado',
    'áudio ocultado',
    'figurinha omitida',
    'GIF ocultado',
    'documento ocultado',
  ],
  deleted: [
    'Esta mensagem foi apagada',
    'Você apagou esta mensagem',
    'Esta mensagem foi apagada para todos',
    'Você apagou esta mensagem para todos',
    'Mensagem apagada',
  ],
  edited: ['<Mensagem editada>'],
  fileAttached: ['{} (arquivo anexado)'],
  attached: ['<anexo: {}>'],
  location: ['localização: {}'],
  liveLocation: ['localização atual compartilhada'],
  missedCall: ['Chamada de voz perdida', 'Chamada de vídeo perdida'],
  poll: ['ENQUETE:'],
};
