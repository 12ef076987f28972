import { isSmallExport } from '@chatexhibit/proto/documents-cost';
import { chatDocumentsCostMs } from '../src/domain/documents-cost';
import { parseChat } from '../src/domain/parse-chat';

const line = (i: number, sender: string, text: string) =>
  `12/03/2024, 09:${String(i % 60).padStart(2, '0')} - ${sender}: ${text}`;

describe("a parsed chat's estimated documents cost", () => {
  it('counts what the transcript draws: every sender and message', () => {
    const latin = parseChat(
      Array.from({ length: 200 }, (_, i) => line(i, 'Sam', 'See you at the station at nine.')).join('\n'),
    );
    expect(latin.messages).toHaveLength(200);
    expect(isSmallExport(chatDocumentsCostMs(latin))).toBe(true);
    // The same chat with one message of Devanagari letters without a space, as in finding H2.
    const attack = parseChat(
      [...latin.messages.map((m, i) => line(i, 'Sam', m.content)), line(0, 'Sam', 'क'.repeat(5000))].join(
        '\n',
      ),
    );
    expect(chatDocumentsCostMs(attack)).toBeGreaterThan(chatDocumentsCostMs(latin) + 5000 * 1.4);
    expect(isSmallExport(chatDocumentsCostMs(attack))).toBe(false);
    // A sender's name is drawn with every message it wrote.
    const longName = parseChat(
      latin.messages.map((m, i) => line(i, 'Sam Carter-Whitfield', m.content)).join('\n'),
    );
    expect(chatDocumentsCostMs(longName)).toBeGreaterThan(chatDocumentsCostMs(latin));
  });
});
