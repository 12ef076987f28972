// `npm run make-sample`: writes samples/WhatsApp Chat - Sam Carter.zip, the export README's first
// steps upload: an iPhone-style WhatsApp export of a deposit dispute, with a voice note and a
// photo, small enough for the free tier. The same bytes every run (fixed texts, dates and entry
// times), so the committed file changes only when this script does.
// `-- --messages N` writes the same chat at N messages (its texts in turn) beside it, named for
// its count: 120 makes a paid-size export. `--out DIR` writes into DIR instead of samples/.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeWhatsAppExport } from '../test/support/whatsapp-export';

const TEXTS = [
  'Hi Sam, I moved out today and left the keys in the mailbox as agreed.',
  'Thanks Alex. I will check the flat on Saturday.',
  'Can you confirm when the deposit of $1,200 will be returned?',
  'After the inspection. There is a stain on the carpet in the bedroom.',
  'That stain was there when I moved in, it is in the check-in report.',
  'I do not have that report.',
  'I sent it to you by email on 3 January. Sending it again now.',
  'Received. I will look at it.',
  'It has been two weeks. Please return the deposit by Friday.',
  'I am keeping $400 for the carpet cleaning.',
  'That is not what we agreed. I will take this further if needed.',
];

/** Messages besides the texts: WhatsApp's encryption notice, the voice note and the photo. */
const NOT_TEXTS = 3;

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  const { values } = parseArgs({ options: { messages: { type: 'string' }, out: { type: 'string' } } });
  const messages = values.messages === undefined ? undefined : Number(values.messages);
  if (messages !== undefined && !(Number.isInteger(messages) && messages > NOT_TEXTS)) {
    process.stderr.write(
      `make-sample: --messages takes a whole number from ${NOT_TEXTS + 1} (the chat has a notice, a voice note and a photo)\n`,
    );
    process.exitCode = 1;
    return;
  }
  const work = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-sample-'));
  try {
    const made = await writeWhatsAppExport(work, {
      textMessages: messages === undefined ? TEXTS.length : messages - NOT_TEXTS,
      voiceNotes: 1,
      photos: 1,
      voiceSeconds: 3,
      texts: TEXTS,
      encryptionNotice: true,
      participants: ['Alex Rivera', 'Sam Carter'],
      modifiedAt: new Date(Date.UTC(2023, 5, 7, 9, 0, 0)),
    });
    const name = path.basename(made.zipPath);
    const target = path.join(
      path.resolve(values.out ?? path.join(root, 'samples')),
      messages === undefined ? name : name.replace(/\.zip$/, ` (${messages} messages).zip`),
    );
    await copyFile(made.zipPath, target);
    process.stdout.write(`${path.relative(root, target)}: ${made.messageCount} messages\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

void main();
