import type { ChatData } from '@chatexhibit/proto/chat';
import type { ExhibitMessagesResponse, ExhibitResponse } from '@chatexhibit/proto/exhibit-api';
import { DEFAULT_PROCESSING_OPTIONS } from '@chatexhibit/proto/processing-options';

/** A processed export's chat data as the API answers it. */
export const CHAT_DATA: ChatData = {
  id: '6f1c2a4e-3b5d-4c7e-8f90-a1b2c3d4e5f6',
  originalFilename: 'WhatsApp Chat with Sam.zip',
  fileHash: 'a'.repeat(64),
  participants: ['Alex', 'Sam'],
  processingOptions: DEFAULT_PROCESSING_OPTIONS,
  messages: [{ timestamp: '2024-03-14T09:02:00', sender: 'Alex', type: 'text', content: 'Morning.' }],
};

/** A processed export's messages as the exhibit endpoint answers them: one with an SSN, one with a photo. */
export const EXHIBIT_MESSAGES: ExhibitMessagesResponse = {
  totalMessages: 4,
  participants: ['Alex', '+1 555 010 4477'],
  timeZone: 'America/New_York',
  messages: [
    {
      number: 1,
      timestamp: '2024-03-14T09:02:00',
      secondsRecorded: false,
      sender: 'Alex',
      content: 'Morning.',
      type: 'text',
      attachment: null,
    },
    {
      number: 2,
      timestamp: '2024-03-14T09:05:00',
      secondsRecorded: false,
      sender: '+1 555 010 4477',
      content: 'My SSN is 123-45-6789, the old one was 123-45-6789 too.',
      type: 'text',
      attachment: null,
    },
    {
      number: 3,
      timestamp: '2024-03-15T10:00:00',
      secondsRecorded: false,
      sender: 'Alex',
      content: 'IMG-0001.jpg (file attached)',
      type: 'image',
      attachment: 'IMG-0001.jpg',
    },
    {
      number: 4,
      timestamp: '2024-03-16T11:30:00',
      secondsRecorded: false,
      sender: 'Alex',
      content: 'See you at the hearing.',
      type: 'text',
      attachment: null,
    },
  ],
};

/** What making an exhibit answers. */
export const EXHIBIT_RESPONSE: ExhibitResponse = {
  exhibitId: '0b9d7a52-6f0e-4e0f-9b7e-2c1f7d6a9e10',
  included: 'messages 0002–0003 of 4',
  redactions: 1,
  warnings: [],
  files: [
    {
      name: 'exhibit.pdf',
      sizeBytes: 48_213,
      sha256: 'b'.repeat(64),
      url: '/api/files/t/exhibits/0b9d7a52-6f0e-4e0f-9b7e-2c1f7d6a9e10/exhibit.pdf',
    },
    {
      name: 'redaction-log.csv',
      sizeBytes: 212,
      sha256: 'c'.repeat(64),
      url: '/api/files/t/exhibits/0b9d7a52-6f0e-4e0f-9b7e-2c1f7d6a9e10/redaction-log.csv',
    },
  ],
};
