// English (en): WhatsApp's own wording, as data. Sources:
// - WhatsApp for Android 2.17, res/values/strings.xml (github.com/HassanSardar/GBWhatsApp_Raw)
// - ChatExhibit's earlier marker and phrase lists, taken from real exports (git history of services/parse)

import type { LanguageTable } from './language-table';

export const en: LanguageTable = {
  tag: 'en',
  name: 'English',
  encryption: ['end-to-end encrypt'],
  events: {
    'group-created': ['{} created group "{}"', 'You created group "{}"', '{}created this group{}'],
    'member-added': ['{} was added', 'You were added', '{} added {}', '{} added you', 'You added {}'],
    'member-removed': ['{} was removed', '{} removed {}', 'You removed {}'],
    // The exporting account removed: its export ends there.
    'removed-you': ['You were removed', '{} removed you'],
    'member-left': ['{} left', 'You left'],
    'member-joined': [
      "{} joined using this group's invite link",
      "You joined using this group's invite link",
      "{}joined using this group's invite link{}",
      "{}joined using a group's invite link{}",
      "{}joined using this community's invite link{}",
      '{}joined from the community{}',
    ],
    'subject-changed': [
      '{} changed the subject to "{}"',
      '{} changed the subject from "{}" to "{}"',
      'You changed the subject to "{}"',
      'You changed the subject from "{}" to "{}"',
      '{}changed the group name{}',
      "{}changed this group's name{}",
    ],
    'description-changed': [
      '{} changed the group description',
      'You changed the group description',
      '{}changed the group description{}',
    ],
    'icon-changed': [
      "{} changed this group's icon",
      "You changed this group's icon",
      "{} deleted this group's icon",
      "You deleted this group's icon",
      "{}changed this group's icon{}",
      '{}changed the group icon{}',
    ],
    'security-code-changed': [
      "{}'s security code changed. Tap for more info",
      '{}security code with {} changed{}',
      '{}security code changed{}',
    ],
    'disappearing-messages': ['{}disappearing messages{}', '{}message timer{}'],
    'number-changed': [
      '{} changed from {} to {}',
      '{} changed to {}',
      '{}changed their phone number{}',
      '{}changed their number{}',
      '{}changed his phone number{}',
      '{}changed her phone number{}',
    ],
    'admin-changed': [
      "You're now an admin",
      "You're no longer an admin",
      '{}now an admin{}',
      '{}no longer an admin{}',
    ],
    'settings-changed': [
      "{}changed this group's settings{}",
      "{}changed the group's settings{}",
      '{}changed the settings{}',
    ],
    other: [
      '{}pinned a message{}',
      'This chat is with a business account{}',
      'This business uses{}',
      'This business is working with{}',
      'You blocked this contact{}',
      'You unblocked this contact{}',
      'This group was created{}',
    ],
  },
  mediaOmitted: [
    '<Media omitted>',
    'image omitted',
    'video omitted',
    'audio omitted',
    'sticker omitted',
    'GIF omitted',
    'document omitted',
    'Contact card omitted',
  ],
  deleted: [
    'This message was deleted',
    'You deleted this message',
    'This message was deleted for everyone',
    'You deleted this message for everyone',
  ],
  edited: ['<This message was edited>'],
  fileAttached: ['{} (file attached)'],
  attached: ['<attached: {}>'],
  location: ['location: {}'],
  liveLocation: ['live location shared', 'Live location shared'],
  missedCall: [
    'Missed voice call',
    'Missed video call',
    'Missed group voice call',
    'Missed group video call',
  ],
  poll: ['POLL:'],
};
