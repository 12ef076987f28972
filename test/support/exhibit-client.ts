import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ExhibitResponse } from '@chatexhibit/proto/exhibit-api';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { openLink } from './pipeline-client';
import { type WhatsAppExport, writeWhatsAppExport } from './whatsapp-export';

const run = promisify(execFile);

/** What the exhibit's redactions remove: an SSN, a card number and a birth date, each in its own message. */
export const SECRETS = { ssn: '123-45-6789', card: '4111 1111 1111 1111', birth: '04/07/1989' } as const;

/**
 * Message 1 is the encryption notice, so the SSN is in message 4, the card in 6, the birth date in
 * 8; no text comes twice in the first 17 messages.
 */
const TEXTS = [
  'Hi, I moved out today and left the keys in the mailbox as agreed.',
  'Thanks. I will check the flat on Saturday.',
  `For the landlord form: my SSN is ${SECRETS.ssn}, please keep it private.`,
  'Can you confirm when the deposit of $1,200 will be returned?',
  `I paid the first month with my card ${SECRETS.card} remember.`,
  'After the inspection. There is a stain on the carpet in the bedroom.',
  `The form also wants my date of birth: born ${SECRETS.birth}.`,
  'That stain was there when I moved in, it is in the check-in report.',
  'I will look at the report tonight.',
  'It is on page 3, with photos of every room.',
  'Found it. The stain is there, you are right.',
  'So the full deposit comes back?',
  'Minus the cleaning fee we agreed on, yes.',
  'Fine. Please send it by the end of the month.',
  'Will do. Thanks for leaving the place tidy.',
  'Thanks, good luck with the next tenant.',
];

/** A chat with the three secrets ("WhatsApp Chat - Sam Porter.zip"): 17 messages, free; more text messages make it paid. */
export const writeExhibitExport = (dir: string, textMessages = 16): Promise<WhatsAppExport> =>
  writeWhatsAppExport(dir, {
    textMessages,
    voiceNotes: 0,
    photos: 0,
    texts: TEXTS,
    encryptionNotice: true,
    participants: ['Alex Rivera', 'Sam Porter'],
  });

const reason = (category: string) => ({ category });

/** Selections with context, a highlight and the three redactions. */
export const EXHIBIT_SPEC = {
  label: 'Exhibit P-7',
  selections: [{ from: 3, to: 8 }, { message: 12 }],
  context: 1,
  highlights: [6],
  redactions: [
    { kind: 'text', message: 4, text: SECRETS.ssn, reason: reason('taxpayer-id') },
    { kind: 'text', message: 6, text: SECRETS.card, reason: reason('financial-account') },
    { kind: 'text', message: 8, text: SECRETS.birth, reason: reason('birth-date') },
  ],
  batesPrefix: 'DOE',
  batesStart: 1001,
};

export async function postExhibit(
  baseUrl: string,
  exportId: string,
  spec: unknown,
): Promise<{ status: number; body: ExhibitResponse & { code?: string; reason?: string; message?: string } }> {
  const response = await fetch(`${baseUrl}/api/whatsapp/export/${exportId}/exhibits`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(spec),
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** One downloaded file of an exhibit. */
export interface DownloadedExhibitFile {
  name: string;
  contentType: string | null;
  disposition: string | null;
  bytes: Buffer;
}

/**
 * Downloads every file of a made exhibit by its link, as the web app opens it (rejects unless each answers 200 with the
 * size and SHA-256 the answer states) and writes them into `dir`.
 */
export async function downloadExhibit(
  baseUrl: string,
  exhibit: ExhibitResponse,
  dir: string,
): Promise<DownloadedExhibitFile[]> {
  const downloaded: DownloadedExhibitFile[] = [];
  for (const file of exhibit.files) {
    const response = await openLink(baseUrl, file.url);
    if (response.status !== 200) throw new Error(`${file.name} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== file.sha256 || bytes.length !== file.sizeBytes)
      throw new Error(`${file.name} is not the file the answer describes`);
    await writeFile(path.join(dir, file.name), bytes);
    downloaded.push({
      name: file.name,
      contentType: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      bytes,
    });
  }
  return downloaded;
}

/** The text of a downloaded PDF as pdftotext reads it, its runs of white space made single spaces. */
export async function pdfText(dir: string, name: string): Promise<string> {
  return (await run('pdftotext', [path.join(dir, name), '-'])).stdout.replace(/\s+/g, ' ');
}

/** The exhibit's own files' names, for checking what an answer lists. */
export const ALL_EXHIBIT_FILES = Object.values(EXHIBIT_PATHS).sort();
