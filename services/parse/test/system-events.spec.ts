// Who wrote a line: a person, or nobody (a system event). Mistakes here attribute words to the
// wrong person, so each ambiguous shape is pinned down.

import { LANGUAGES } from '../src/domain/languages';
import { parseChat } from '../src/domain/parse-chat';

const LRM = '\u200E';

function senders(text: string): [sender: string | null, raw: string, event: string | null][] {
  return parseChat(text).messages.map((m) => [m.sender, m.raw, m.event]);
}

describe('Android', () => {
  it('a line without "Name: " is a system event, whatever it says', () => {
    expect(senders('14/03/2023, 20:01 - Something nobody has seen before')).toEqual([
      [null, 'Something nobody has seen before', null],
    ]);
  });

  it('a ": " inside a quoted subject or group name does not make an author', () => {
    expect(
      senders(
        [
          '14/03/2023, 20:01 - Ann changed the subject from "Trip: June" to "Trip: July"',
          '14/03/2023, 20:02 - Ann created group «Family: 2023»',
          '14/03/2023, 20:03 - Ann changed the subject to “Notes: misc”',
        ].join('\n'),
      ),
    ).toEqual([
      [null, 'Ann changed the subject from "Trip: June" to "Trip: July"', 'subject-changed'],
      [null, 'Ann created group «Family: 2023»', 'group-created'],
      [null, 'Ann changed the subject to “Notes: misc”', 'subject-changed'],
    ]);
  });

  it('a person quoting a system event is still that person', () => {
    expect(senders('14/03/2023, 20:01 - Bob: Ann changed the subject to "x: y"')).toEqual([
      ['Bob', 'Ann changed the subject to "x: y"', null],
    ]);
  });

  it('an author may contain quotes, " - ", "~ " and emoji', () => {
    expect(
      senders(
        [
          '14/03/2023, 20:01 - Alex "the boss" Kim: hi',
          '14/03/2023, 20:02 - Jean - Luc: salut',
          '14/03/2023, 20:03 - ~\u202FJo 🎸: yo',
        ].join('\n'),
      ),
    ).toEqual([
      ['Alex "the boss" Kim', 'hi', null],
      ['Jean - Luc', 'salut', null],
      ['~ Jo 🎸', 'yo', null],
    ]);
  });

  it('names written differently stay different people', () => {
    const chat = parseChat(
      ['14/03/2023, 20:01 - Ann: a', '14/03/2023, 20:02 - Ann : b', '14/03/2023, 20:03 - ann: c'].join('\n'),
    );
    expect(chat.participants).toEqual(['Ann', 'Ann ', 'ann']);
  });

  it('keeps a full international number as the sender, marks removed', () => {
    const chat = parseChat('14/03/2023, 20:01 - \u202A+1 (555) 010\u20114477\u202C: hello');
    expect(chat.participants).toEqual(['+1 (555) 010-4477']);
  });

  it('": text" names no author', () => {
    expect(senders('14/03/2023, 20:01 - : hi')).toEqual([[null, ': hi', null]]);
  });
});

describe('iOS', () => {
  const header = (second: number): string => `[07/09/2023, 08:00:${String(second).padStart(2, '0')}]`;

  it('a marked line under the group name is a system event, even when its text is unknown', () => {
    const chat = parseChat(
      [
        `${header(1)} Book Club: ${LRM}Messages and calls are end-to-end encrypted.`,
        `${header(2)} Book Club: ${LRM}Ann hat etwas Unbekanntes gemacht`,
        `${header(3)} Ann: hello`,
      ].join('\n'),
    );
    expect(chat.messages.map((m) => [m.sender, m.event, m.content])).toEqual([
      [null, 'encryption', 'Messages and calls are end-to-end encrypted.'],
      [null, null, 'Ann hat etwas Unbekanntes gemacht'],
      ['Ann', null, 'hello'],
    ]);
    expect(chat.participants).toEqual(['Ann']);
  });

  it('a marked, known system text under any name is a system event', () => {
    expect(senders(`${header(1)} Book Club: ${LRM}Ann added Ben`)).toEqual([
      [null, `Book Club: ${LRM}Ann added Ben`, 'member-added'],
    ]);
  });

  it("a person's marked content (media, placeholders) stays theirs, an unknown one as a placeholder", () => {
    const chat = parseChat(
      [
        `${header(1)} Book Club: ${LRM}Messages and calls are end-to-end encrypted.`,
        `${header(2)} Ann: ${LRM}image omitted`,
        `${header(3)} Ann: ${LRM}<attached: 00000003-PHOTO-2023-09-07-08-00-03.jpg>`,
        `${header(4)} Ann: ${LRM}something unknown`,
      ].join('\n'),
    );
    expect(chat.messages.map((m) => [m.sender, m.type])).toEqual([
      [null, 'system'],
      ['Ann', 'omitted-media'],
      ['Ann', 'image'],
      // WhatsApp's mark with a wording no table knows: never Ann's words.
      ['Ann', 'omitted-media'],
    ]);
    expect(chat.warnings.some((w) => w.includes('line 4'))).toBe(true);
  });

  it('a marked "<word: NAME>" is an attached file in a language no table knows, alone or after a description', () => {
    const chat = parseChat(
      [
        `${header(1)} Petr: ${LRM}<příloha: 00000005-PHOTO-2022-03-18-14-57-00.jpg>`,
        `${header(2)} Petr: ${LRM}<vedhæftet: 00000007-AUDIO-2022-03-18-14-59-00.opus>`,
        `${header(3)} Petr: Zpráva.pdf • 3 stránky ${LRM}<příloha: 00000008-Zpráva.pdf>`,
        // Without WhatsApp's mark, a person may have typed it: their words.
        `${header(4)} Petr: <poznámka: nic>`,
      ].join('\n'),
    );
    expect(chat.messages.map((m) => [m.type, m.attachment, m.content])).toEqual([
      ['image', '00000005-PHOTO-2022-03-18-14-57-00.jpg', ''],
      ['voice', '00000007-AUDIO-2022-03-18-14-59-00.opus', ''],
      ['document', '00000008-Zpráva.pdf', 'Zpráva.pdf • 3 stránky'],
      ['text', null, '<poznámka: nic>'],
    ]);
  });

  it('an unmarked first line carrying the encryption notice is a system event', () => {
    expect(
      senders(
        `${header(1)} Ann: Messages and calls are end-to-end encrypted. No one outside of this chat can read them.`,
      ),
    ).toEqual([
      [
        null,
        'Ann: Messages and calls are end-to-end encrypted. No one outside of this chat can read them.',
        'encryption',
      ],
    ]);
  });

  it('an unmarked line from a person is theirs, whatever it says', () => {
    expect(senders([`${header(1)} Ann: hi`, `${header(2)} Ann: Ben added Carl`].join('\n'))).toEqual([
      ['Ann', 'hi', null],
      ['Ann', 'Ben added Carl', null],
    ]);
  });

  it('a system line with no name in the author position', () => {
    expect(senders(`${header(1)} ${LRM}Ann changed this group's icon`)).toEqual([
      [null, `${LRM}Ann changed this group's icon`, 'icon-changed'],
    ]);
  });
});

describe('the exporting account removed from the group', () => {
  it('is its own event, in any language, while a removal of someone else stays member-removed', () => {
    const lines: [text: string, event: string][] = [
      ['You were removed', 'removed-you'],
      ['Omar removed you', 'removed-you'],
      ['Omar removed Lina', 'member-removed'],
      ['You removed Lina', 'member-removed'],
      ['Lina was removed', 'member-removed'],
      ['Omar hat dich entfernt', 'removed-you'],
      ['Omar hat Lina entfernt', 'member-removed'],
      ['Se te eliminó del grupo', 'removed-you'],
      ['הוסרת מהקבוצה', 'removed-you'],
      ['Omar הסיר/ה אותך', 'removed-you'],
      ['Omarがあなたを削除しました', 'removed-you'],
      ['您已被移除', 'removed-you'],
      ['Omar telah mengeluarkan anda', 'removed-you'],
      ['Omar telah mengeluarkan Lina', 'member-removed'],
    ];
    const text = lines
      .map(([line], i) => `14/03/2023, 20:${String(i).padStart(2, '0')} - ${line}`)
      .join('\n');
    expect(senders(text).map(([, raw, event]) => [raw, event])).toEqual(lines);
  });

  it('has its texts in every language that has texts of a removal', () => {
    const without = LANGUAGES.filter(
      (table) => table.events['member-removed'] !== undefined && table.events['removed-you'] === undefined,
    );
    expect(without.map((table) => table.tag)).toEqual([]);
  });
});
