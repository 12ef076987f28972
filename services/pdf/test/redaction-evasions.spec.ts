// Security finding M5, round two: a name and a number removed everywhere, written the ways that
// still slipped past the match. The redacted exhibit's text, as poppler reads it, holds none of
// them; the sealed copy holds every one, so the check reads text that is really drawn.

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { writeExhibit } from './support/chat-transcripts';
import { transcriptMessage } from './support/transcript-message';

const run = promisify(execFile);

/** Each written to hide "Emma" or +1 555 010 4477. */
const ATTACKS = [
  '\u1d07\u1d0d\u1d0d\u1d00',
  'E\u0336m\u0336m\u0336a\u0336',
  'E+m+m+a',
  'E|m|m|a',
  'Em\nma',
  'E\u30fcm\u30fcm\u30fca',
  'E\u0640m\u0640m\u0640a',
  'Em-\nma',
  'Em\u2800ma',
  'Emm%2561',
  'Em&amp;#109;a',
  '555\u2212010\u22124477',
  '555\u2011010\u20114477',
  '555:010:4477',
  '555|010|4477',
  '555\u3002010\u30024477',
  '555 - - - 010 - - - 4477',
  '&#53;55 010 44&#55;7',
  '%3555 010 4477',
  '%2535%2535%2535 010 4477',
  '\u0665\u0665\u0665\u066b\u0660\u0661\u0660\u066b\u0664\u0664\u0667\u0667',
];
/** What must stay: a word holding the name, and a date, a time and a price. */
const KEPT = ['Gemma', 'On 5/5/2024 at 10:15 it cost $5.55.'];

const withoutSpaces = (text: string): string => text.replace(/\s+/g, '');
/** The text poppler reads, without the embedding marks it puts around a right-to-left run ("ـ"). */
const pdftotext = async (file: string): Promise<string> =>
  withoutSpaces((await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout).replace(
    /[\u202a-\u202e]/g,
    '',
  );

describe('an exhibit whose name and number removed everywhere are written to slip past the match', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-redaction-evasions-'));
    // Written plainly once too, as an exhibit that redacts them would.
    const messages = ['Emma, 555 010 4477.', ...ATTACKS, ...KEPT].map((content, i) =>
      transcriptMessage(i + 1, { sender: i % 2 === 0 ? 'Lina Ortiz' : 'Omar Haddad', content }),
    );
    await writeExhibit(
      messages,
      ['Lina Ortiz', 'Omar Haddad'],
      {
        label: 'Exhibit P-9',
        selections: [{ from: 1, to: messages.length }],
        redactions: [
          { kind: 'text-everywhere', text: 'Emma', reason: { category: 'minor-name' } },
          {
            kind: 'phone-number',
            number: '+1 555 010 4477',
            reason: { category: 'other', note: 'a number' },
          },
        ],
      },
      dir,
    );
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('leaves none of them in the redacted copy, and keeps the word and the numbers around them', async () => {
    const redacted = await pdftotext(path.join(dir, EXHIBIT_PATHS.exhibit));
    expect(ATTACKS.filter((attack) => redacted.includes(withoutSpaces(attack)))).toEqual([]);
    for (const kept of KEPT) expect(redacted).toContain(withoutSpaces(kept));
    const sealed = await pdftotext(path.join(dir, EXHIBIT_PATHS.sealed));
    // A line that does not fit its row goes on at the end of the sealed copy.
    const drawn = (attack: string) =>
      attack.split('\n').every((line) => sealed.includes(withoutSpaces(line)));
    expect(ATTACKS.filter((attack) => !drawn(attack))).toEqual([]);
  });
});
