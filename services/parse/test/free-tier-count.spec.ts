// What the free tier counts: a line without "Name: " is a system line whatever it says, so only
// the notices WhatsApp writes itself, as the parser recognises them, may go uncounted.

import { freeTierCount } from '../src/domain/free-tier-count';
import { parseChat } from '../src/domain/parse-chat';

const count = (lines: readonly string[]): number => freeTierCount(parseChat(lines.join('\n')));

describe('freeTierCount', () => {
  it("counts people's messages, not WhatsApp's notices", () => {
    expect(
      count([
        '[12/03/2025, 14:00:00] Alex: \u200EMessages and calls are end-to-end encrypted. Only people in this chat can read, listen to, or share them.',
        "[12/03/2025, 14:00:01] \u200EBen joined using this group's invite link",
        '[12/03/2025, 14:01:00] Alex: hello',
        '[12/03/2025, 14:02:00] Ben: hi',
      ]),
    ).toBe(2);
  });

  it('counts a system line whose text the parser does not recognise like a message', () => {
    expect(
      count([
        '[12/03/2025, 14:01:00] Alex: hello',
        '[12/03/2025, 14:02:33] any text at all',
        '[12/03/2025, 14:02:34] more of it, on two',
        'lines',
      ]),
    ).toBe(3);
  });

  it('counts a line that is a message header behind invisible characters as a message (issue 30, finding 7)', () => {
    const messages = Array.from(
      { length: 500 },
      (_, i) =>
        `[12/03/2025, ${String(10 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00] Alex: message ${i + 1}`,
    );
    // Zero-width space, left-to-right mark, byte-order mark, word joiner, Mongolian vowel separator.
    const invisible = ['\u200B', '\u200E', '\uFEFF', '\u2060', '\u180E'];
    const hidden = messages.map((line, i) =>
      i === 0 ? line : `${invisible[i % invisible.length]}\u200B${line}`,
    );
    const chat = parseChat(hidden.join('\n'));
    expect(chat.messages.length).toBeLessThan(500);
    expect(freeTierCount(chat)).toBe(500);
    // Every line hidden, the first too: no line reads as a header, and each still counts.
    expect(count(messages.map((line) => `\u2060${line}`))).toBe(500);
    // Invisible characters inside a header count the same.
    expect(count([messages[0]!, messages[1]!.replace(', ', ',\u200B '), 'a second line'])).toBe(2);
  });

  it('does not count text lines that are no header, with or without invisible characters', () => {
    expect(
      count([
        '[12/03/2025, 14:01:00] Alex: family \u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
        'see you at 12/03/2025, 14:00\u200B',
        '\u200Bjust text',
      ]),
    ).toBe(1);
  });

  it.each([
    ['FF', '\f'],
    ['VT', '\v'],
    ['NEL', '\u0085'],
    ['LINE SEPARATOR', '\u2028'],
    ['PARAGRAPH SEPARATOR', '\u2029'],
    ['a lone CR', '\r'],
    ['CR LF', '\r\n'],
  ])(
    'counts each header after %s as a message, as the parser reads it (security finding M7)',
    (_, lineBreak) => {
      const lines = Array.from(
        { length: 120 },
        (_, i) =>
          `[12/03/2025, ${String(10 + Math.floor(i / 60))}:${String(i % 60).padStart(2, '0')}:00] Alex: line ${i + 1}`,
      );
      const chat = parseChat(lines.join(lineBreak));
      expect(chat.messages).toHaveLength(120);
      expect(chat.messages[1]!.raw).toBe('line 2');
      expect(freeTierCount(chat)).toBe(120);
      // Behind invisible characters too, and with a text line between that is no header.
      const hidden = parseChat(
        [lines[0], 'and more', ...lines.slice(1).map((line) => `\u200B${line}`)].join(lineBreak),
      );
      expect(hidden.messages[0]!.raw).toMatch(/^line 1\nand more\n/);
      expect(freeTierCount(hidden)).toBe(120);
    },
  );

  describe("WhatsApp's notices (security round two: free text in renames)", () => {
    const at = (i: number) =>
      `[12/03/2025, ${String(10 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00]`;
    const renames = (count: number, name: string) =>
      Array.from({ length: count }, (_, i) => `${at(i)} Alex changed the subject to “${name} ${i}”`);

    it('counts every notice past the first 50 like a message', () => {
      const chat = parseChat(renames(600, 'Family').join('\n'));
      expect(chat.messages.filter((m) => m.event === 'subject-changed')).toHaveLength(600);
      expect(freeTierCount(chat)).toBe(550);
      expect(count(renames(50, 'Family'))).toBe(0);
    });

    it('counts a notice longer than a group name can be like a message', () => {
      const long = 'x'.repeat(200);
      const chat = parseChat(renames(3, long).join('\n'));
      expect(chat.messages.filter((m) => m.event === 'subject-changed')).toHaveLength(3);
      expect(freeTierCount(chat)).toBe(3);
      expect(count(renames(3, 'y'.repeat(100)))).toBe(0);
    });

    it('counts a notice with lines after it like a message', () => {
      expect(count([`${at(0)} Alex changed the subject to “Family”`, 'and a paragraph', 'of text'])).toBe(1);
    });
  });

  describe('long messages and blank-hidden headers (security round two, afresh)', () => {
    const header = (i: number) =>
      `[12/03/2025, ${String(10 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00] Alex: message ${i + 1}`;

    it('counts a message once for each page it begins: 2,000 characters or 40 lines', () => {
      expect(count([header(0), ...Array.from({ length: 20_000 }, () => 'x')])).toBe(Math.ceil(20_001 / 40));
      expect(count(Array.from({ length: 45 }, (_, i) => `${header(i)} ${'y'.repeat(60_000)}`))).toBe(45 * 31);
      // An ordinary message, a few lines long, is one.
      expect(count([header(0), 'second line', 'third line', header(1)])).toBe(2);
      expect(count([`${header(0)} ${'z'.repeat(1_900)}`])).toBe(1);
    });

    it.each([
      ['a space', ' '],
      ['a tab', '\t'],
      ['a no-break space', '\u00a0'],
      ['an em space', '\u2003'],
      ['an ideographic space', '\u3000'],
      ['a braille blank', '\u2800'],
      ['a left-to-right mark and a space', '\u200e '],
    ])('counts a header behind %s as a message', (_, blank) => {
      const lines = Array.from({ length: 300 }, (_, i) => (i === 0 ? header(i) : `${blank}${header(i)}`));
      expect(count(lines)).toBe(300);
    });
  });
});
