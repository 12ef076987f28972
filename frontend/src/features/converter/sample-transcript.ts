import type { ChatData } from '@chatexhibit/proto/chat';
import { DEFAULT_PROCESSING_OPTIONS } from '@chatexhibit/proto/processing-options';

/** The preview before a file is processed (SPEC §2): a sample, marked 'Preview Mode'. */
export const SAMPLE_TRANSCRIPT: ChatData = {
  id: 'sample',
  originalFilename: 'WhatsApp Chat with Jordan Lee.zip',
  fileHash: '3f9a1c0d5e7b2a4c6e8f0a1b3c5d7e9f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d',
  participants: ['Alex Morgan', 'Jordan Lee'],
  processingOptions: DEFAULT_PROCESSING_OPTIONS,
  messages: [
    {
      timestamp: '2024-03-14T09:02:00',
      sender: 'Alex Morgan',
      type: 'text',
      content: 'Morning. Did you get the signed lease back from the landlord?',
    },
    {
      timestamp: '2024-03-14T09:05:00',
      sender: 'Jordan Lee',
      type: 'text',
      content: 'Not yet. He said he would send it by Friday.',
    },
    { timestamp: '2024-03-14T09:06:00', sender: 'Jordan Lee', type: 'voice', content: '', duration: 42 },
    {
      timestamp: '2024-03-14T09:11:00',
      sender: 'Alex Morgan',
      type: 'text',
      content: 'OK. Please forward it to me as soon as it arrives.',
    },
    {
      timestamp: '2024-03-15T18:40:00',
      sender: 'Jordan Lee',
      type: 'text',
      content: 'Still nothing from him. I called twice.',
    },
    { timestamp: '2024-03-15T18:42:00', sender: 'Alex Morgan', type: 'voice', content: '', duration: 67 },
    {
      timestamp: '2024-03-15T18:45:00',
      sender: 'Jordan Lee',
      type: 'text',
      content: 'Understood. I will put it in writing tomorrow.',
    },
    {
      timestamp: '2024-03-16T10:15:00',
      sender: 'Jordan Lee',
      type: 'text',
      content: 'Sent him the email this morning, copied you.',
    },
    {
      timestamp: '2024-03-16T10:17:00',
      sender: 'Alex Morgan',
      type: 'text',
      content: 'Got it, thanks. Keep every message from him.',
    },
    { timestamp: '2024-03-16T10:18:00', sender: 'Jordan Lee', type: 'text', content: 'Will do.' },
    {
      timestamp: '2024-03-18T08:30:00',
      sender: 'Jordan Lee',
      type: 'text',
      content: 'He replied: the deposit will not be returned.',
    },
    { timestamp: '2024-03-18T08:31:00', sender: 'Alex Morgan', type: 'voice', content: '', duration: 95 },
    {
      timestamp: '2024-03-18T08:36:00',
      sender: 'Alex Morgan',
      type: 'text',
      content: 'Let us export this chat for the file.',
    },
  ],
};
