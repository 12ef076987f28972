import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { coverOf } from './support/cover-fixture';
import { SCRIPT_LINES } from './support/text-fixture';
import { transcriptMessage } from './support/transcript-message';

const HEADING = 'Characters not drawn';

const cover = (messages: TranscriptMessage[]) => coverOf(messages, {}, { timeZone: 'UTC' });
const section = (content: Awaited<ReturnType<typeof cover>>['content']) =>
  content.sections.find((s) => s.heading === HEADING);

describe('characters no font draws', () => {
  it('are not mentioned on the cover when every character of a chat in every script is drawn', async () => {
    const { summary, content } = await cover(
      SCRIPT_LINES.map(([, line], i) =>
        transcriptMessage(i + 1, { content: line, sender: line.slice(0, 12) }),
      ),
    );
    expect(summary.undrawable).toEqual(new Map());
    expect(section(content)).toBeUndefined();
  });

  it('are listed on the cover by code point with the numbers of the messages whose text, sender or attachment name has them', async () => {
    const { summary, content } = await cover([
      transcriptMessage(1, { content: 'hello' }),
      transcriptMessage(2, { content: 'logo \uE000 here, and \uE000 again' }),
      transcriptMessage(3, { sender: 'Sam \u{F0000}', content: 'hi' }),
      transcriptMessage(4, { type: 'document', attachment: 'plan\u0378.pdf', content: '' }),
      transcriptMessage(5, { content: 'once more \uE000' }),
      // A system event's sender is not drawn (the row says "System event").
      transcriptMessage(6, {
        type: 'system',
        sender: '\uE001',
        content: 'Messages are end-to-end encrypted.',
      }),
    ]);
    expect([...summary.undrawable]).toEqual([
      ['\uE000', [2, 5]],
      ['\u{F0000}', [3]],
      ['\u0378', [4]],
    ]);
    expect(section(content)).toEqual({
      heading: HEADING,
      paragraphs: [
        expect.stringMatching(
          /^No font of this transcript can draw these 3 characters: each is drawn as a replacement mark \(\uFFFD\), while copying or searching/,
        ),
      ],
      bullets: [
        'U+E000 (private use) in messages 0002, 0005.',
        'U+F0000 (private use) in message 0003.',
        'U+0378 (not assigned in Unicode) in message 0004.',
      ],
    });
  });

  it('name a character of several code points by all of them, and count the messages past the first ten', async () => {
    const messages = Array.from({ length: 13 }, (_, i) =>
      transcriptMessage(i + 1, { content: `x\uE000\u0301` }),
    );
    const { content } = await cover(messages);
    expect(section(content)?.bullets).toEqual([
      'U+E000 U+0301 (private use) in messages 0001, 0002, 0003, 0004, 0005, 0006, 0007, 0008, 0009, 0010 and 3 more.',
    ]);
  });
});
