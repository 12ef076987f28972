import {
  BUNDLE_PRICE,
  EXTRA_STORAGE_MONTH_PRICE_CENTS,
  FREE_TIER_LIMITS,
  REFUND_WINDOW_DAYS,
  FREE_EXPORT_RETENTION_DAYS,
  RETENTION_DAYS,
  UNPAID_EXPORT_RETENTION_DAYS,
} from '@chatexhibit/proto/constants';

export type FaqItem = { question: string; answer: string };

const MiB = 1024 * 1024;
const freeMessages = FREE_TIER_LIMITS.maxMessages;
const freeMegabytes = FREE_TIER_LIMITS.maxMediaBytes / MiB;
const extraMonth = `$${(EXTRA_STORAGE_MONTH_PRICE_CENTS / 100).toFixed(0)}`;
const refundDays = REFUND_WINDOW_DAYS === 7 ? 'seven' : String(REFUND_WINDOW_DAYS);

/** The nine questions in the SPEC's topic order; the page and its FAQPage JSON-LD both read them. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'Will the transcript be accepted in court?',
    answer:
      'ChatExhibit prepares the export the way courts expect electronic evidence to be presented: every message is numbered and timestamped, and every original file is listed with its SHA-256 hash in a manifest. Anyone can recompute the hashes to check that each file is still the one listed when the package was made (they show a later change, not what happened on the phone before the export), and the manifest with the included declaration template supports self-authentication under Federal Rule of Evidence 902(14). Whether a particular exhibit is admitted is always for the court to decide.',
  },
  {
    question: 'What file do I upload?',
    answer:
      'Upload the ZIP file that WhatsApp creates when you use Export chat and choose to include media. It works with exports from both iOS and Android; the ZIP holds the chat text together with voice notes, photos and documents.',
  },
  {
    question: 'What does the free tier include?',
    answer: `Exports with up to ${freeMessages} messages and ${freeMegabytes} MB of media are processed and delivered free of charge, with no account and no card needed.`,
  },
  {
    question: 'How long do you keep my files?',
    answer: `Files are deleted automatically ${RETENTION_DAYS} days after purchase, and the download link stays valid for those ${RETENTION_DAYS} days. If you need them stored longer, each extra month costs ${extraMonth}; contact support to arrange it. An export over the free tier that is not purchased is deleted ${UNPAID_EXPORT_RETENTION_DAYS} days after upload, and a free export ${FREE_EXPORT_RETENTION_DAYS} days after upload, so download a free export's files soon.`,
  },
  {
    question: 'Are voice notes and images included in the PDF?',
    answer:
      'Yes. Each voice note is attached as an MP3 to its message in transcript.pdf, where desktop PDF readers such as Adobe Acrobat Reader can play it (most phone and browser viewers cannot, and the PDF/A filing copy carries no audio); every voice note is also in the evidence package as its original file and an MP3 copy. Images can be included in the PDF next to the messages they belong to.',
  },
  {
    question: 'How long does processing take?',
    answer:
      'Most exports finish processing in under 2 minutes. Very large exports with many voice notes can take a little longer; the page shows live progress while it works.',
  },
  {
    question: 'Is my payment secure?',
    answer: `Payment of ${BUNDLE_PRICE.label} is taken on Stripe's hosted checkout page. Your card details are entered on Stripe's page and never touch our servers.`,
  },
  {
    question: 'What happens to the original OPUS voice files?',
    answer:
      'The original OPUS voice files are kept bit-for-bit in the evidence ZIP, with their SHA-256 hashes in the manifest, so their integrity can be verified. MP3 copies are added for easy playback on any device.',
  },
  {
    question: 'Can I get a refund?',
    answer: `Yes. If the PDF or the evidence ZIP fails or is incomplete, the charge is refunded. Email support within ${refundDays} days of your purchase.`,
  },
];

/** schema.org FAQPage structured data for the same questions. */
export function faqJsonLd(items: readonly FaqItem[] = FAQ_ITEMS) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
