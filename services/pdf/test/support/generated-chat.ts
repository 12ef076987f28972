import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { transcriptMessage } from './transcript-message';

/** The two people of a generated chat. */
export const GENERATED_SENDERS = ['Sam Carter', 'Alex Morgan'];

const ENGLISH = [
  'Can you send me the invoice from last month?',
  'Sure, I will forward it tonight. The amount was $1,250 as agreed.',
  'The landlord said the deposit would be returned by Friday, but nothing has arrived yet.',
  'ok',
  'Please keep all the receipts, we might need them for the hearing.',
  'I called twice this morning and nobody answered. I will try again after lunch.',
];
const OTHER = [
  'مرحبا، هل وصلت الأوراق؟',
  'שלום, המסמכים אצלי',
  '我们明天下午三点见面。',
  'Привет! Встреча в 15:00',
  'Thanks 👍🏽 see you 🙂',
];

/** A chat of `count` messages: two people, mostly English, one in ten in another script or with emoji. */
export function generateMessages(count: number): TranscriptMessage[] {
  return Array.from({ length: count }, (_, i) => {
    // One message every seven minutes from 1 January 2024.
    const timestamp = new Date(Date.UTC(2024, 0, 1) + i * 7 * 60_000).toISOString().slice(0, 19);
    return transcriptMessage(i + 1, {
      timestamp,
      sender: i % 2 === 0 ? GENERATED_SENDERS[0]! : GENERATED_SENDERS[1]!,
      content: i % 10 === 9 ? OTHER[((i / 10) % OTHER.length) | 0]! : ENGLISH[i % ENGLISH.length]!,
    });
  });
}
