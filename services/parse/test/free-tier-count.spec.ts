// What the free tier counts: a line without "Name: " is a system line whatever it says, so only
// the notices WhatsApp writes itself, as the parser recognises them, may go uncounted.

import { freeTierCount } from '../src/domain/free-tier-count';
import { parseChat } from '../src/domain/parse-chat';

const count = (lines: readonly string[]): number => freeTierCount(parseChat(lines.join('\n')).messages);

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
});
