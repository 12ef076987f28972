// Spanish (es): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values-es/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - WhatsApp for Android 2.20, assets/app_strings_es.pack (github.com/sebasroldanm/RA-WA_8.26_iOS_Unclone)
// - ChatExhibit's earlier marker and phrase lists, taken from real exports (git history of services/parse)

import type { LanguageTable } from './language-table';

export const es: LanguageTable = {
  tag: 'es',
  name: 'Spanish',
  encryption: ['de extremo a extremo'],
  events: {
    'group-created': ['{} creó el grupo "{}"', 'Creaste el grupo "{}"', '{}creó el grupo{}'],
    'member-added': [
      'Se añadió a {}',
      'Se te añadió al grupo',
      '{} añadió a {}',
      '{} te añadió',
      'Añadiste a {}',
      '{} agregó a {}',
    ],
    'member-removed': ['Se eliminó a {}', '{} eliminó a {}', 'Eliminaste a {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['Se te eliminó del grupo', '{} te eliminó'],
    'member-left': ['{} salió', 'Saliste', '{} salió del grupo', 'Saliste del grupo', '{}salió del grupo{}'],
    'member-joined': [
      '{} se unió usando el enlace de invitación de este grupo',
      'Te uniste usando el enlace de invitación de este grupo',
      '{}se unió usando el enlace{}',
      '{}se unió con el enlace{}',
    ],
    'subject-changed': [
      '{} cambió el asunto a "{}"',
      '{} cambió el asunto de "{}" a "{}"',
      'Cambiaste el asunto a "{}"',
      'Cambiaste el asunto de "{}" a "{}"',
      '{}cambió el asunto{}',
      '{}cambió el nombre del grupo{}',
    ],
    'description-changed': [
      '{} cambió la descripción del grupo',
      'Cambiaste la descripción del grupo',
      '{} borró la descripción del grupo',
      'Eliminaste la descripción del grupo',
      '{}descripción del grupo{}',
    ],
    'icon-changed': [
      '{} cambió el icono de este grupo',
      'Cambiaste el icono del grupo',
      '{} eliminó el icono del grupo',
      'Eliminaste el icono de este grupo',
      '{} cambió el ícono de este grupo',
      'Cambiaste el ícono del grupo',
      '{} eliminó el ícono del grupo',
      'Eliminaste el ícono de este grupo',
      '{}icono del grupo{}',
      '{}ícono de este grupo{}',
      '{}imagen del grupo{}',
    ],
    'security-code-changed': [
      'El código de seguridad de {} cambió. Toca para más información',
      '{}código de seguridad{}',
    ],
    'disappearing-messages': ['{}mensajes temporales{}'],
    'number-changed': ['{} cambió de {} a {}', '{} cambió a {}', '{}cambió su número{}'],
    'admin-changed': [
      'Ahora eres un administrador',
      'Ya no eres administrador',
      'Ya no eres admin. del grupo',
      'Ahora eres admin. del grupo',
      '{}ahora eres admin{}',
    ],
    'settings-changed': ['{}ajustes del grupo{}'],
  },
  mediaOmitted: [
    '<Archivo omitido>',
    '<Multimedia omitido>',
    'imagen omitida',
    'video omitido',
    'audio omitido',
    'sticker omitido',
    'GIF omitido',
    'documento omitido',
    'tarjeta de contacto omitida',
  ],
  deleted: [
    'Este mensaje fue eliminado',
    'Eliminaste este mensaje',
    'Este mensaje fue eliminado para todos',
    'Eliminaste este mensaje para todos',
    'Se eliminó este mensaje',
  ],
  edited: ['<Se editó este mensaje.>'],
  fileAttached: ['{} (archivo adjuntado)', '{} (archivo adjunto)'],
  attached: ['<adjunto: {}>'],
  location: ['ubicación: {}'],
  liveLocation: ['ubicación en tiempo real compartida'],
  missedCall: [
    'Llamada de voz perdida',
    'Videollamada perdida',
    'Llamada perdida',
    'Videollamada grupal perdida',
    'Llamada grupal perdida',
  ],
  poll: ['ENCUESTA:'],
};
