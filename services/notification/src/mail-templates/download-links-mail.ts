import { DOWNLOAD_LINK_VALIDITY_DAYS, EXTRA_STORAGE_MONTH_PRICE_CENTS } from '@chatexhibit/proto/constants';
import type { MailMessage } from '@chatexhibit/kit/mail/mail-transport';
import { renderMailBody } from './mail-body';

export const DOWNLOAD_LINKS_SUBJECT = 'Your ChatExhibit transcript and evidence package';

export interface DownloadLinksMailData {
  to: string;
  /** The export's non-secret reference, which the documents print too; never an id that opens anything. */
  exportReference: string;
  /** Absolute, signed links. */
  transcriptUrl: string;
  evidenceZipUrl: string;
  linksExpireAt: Date;
  deleteAfter: Date;
  supportEmail: string;
  /** The app's /verify page, where anyone checks the package in a browser. */
  verifyUrl: string;
  /** Bought (the buyer's mail), or a free export whose uploader asked for the links. */
  purchased: boolean;
}

const longDate = (date: Date): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/**
 * The links mail: the two download links, how long they last, and what to keep. The buyer's after
 * payment; a free export's, asked for on the page, whose files are deleted before its links expire.
 */
export function downloadLinksMail(data: DownloadLinksMailData): MailMessage {
  // Named by its reference, never by the upload's file name: any text the uploader chose would
  // otherwise go to any address they typed, from our sender.
  const ready = `The documents of your chat export ${data.exportReference} are ready.`;
  const lasting = data.purchased
    ? `These links are valid for ${DOWNLOAD_LINK_VALIDITY_DAYS} days, until ${longDate(data.linksExpireAt)}. ` +
      `The files are deleted from our servers on ${longDate(data.deleteAfter)}: download them and keep ` +
      `your own copies before then. Each extra month of storage costs ` +
      `$${(EXTRA_STORAGE_MONTH_PRICE_CENTS / 100).toFixed(2)}; ask support.`
    : `These links work until the files are deleted from our servers on ${longDate(data.deleteAfter)}: ` +
      `download them and keep your own copies before then.`;
  return {
    to: data.to,
    replyTo: data.supportEmail,
    subject: DOWNLOAD_LINKS_SUBJECT,
    ...renderMailBody([
      { paragraph: data.purchased ? `Thank you for your purchase. ${ready}` : ready },
      {
        links: [
          ['Transcript (PDF)', data.transcriptUrl],
          ['Evidence package (ZIP)', data.evidenceZipUrl],
        ],
      },
      { paragraph: lasting },
      {
        paragraph:
          'The evidence package holds your original export bit for bit, a SHA-256 manifest that ' +
          '`sha256sum -c SHA256SUMS` checks, the court-filing copy of the transcript (PDF/A) and a ' +
          'declaration template for self-authentication under Federal Rule of Evidence 902(14).',
      },
      {
        paragraph:
          'Anyone who receives the package can check, without a command line, that every file still has ' +
          'the SHA-256 its manifest lists: drop the ZIP on this page, which computes them in the browser ' +
          'and uploads nothing.',
      },
      { links: [['Verify a package', data.verifyUrl]] },
      {
        fields: [
          ['Export reference', data.exportReference],
          ['Support', data.supportEmail],
        ],
      },
    ]),
  };
}
