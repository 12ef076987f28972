import type { ChatData } from '@chatexhibit/proto/chat';
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
