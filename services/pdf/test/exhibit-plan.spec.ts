import { ExhibitSpecSchema, type ExhibitSpecInput } from '@chatexhibit/proto/exhibit-spec';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { parse } from 'csv-parse/sync';
import { type ExhibitChat, planExhibit, rangesToRemove } from '@chatexhibit/pdf/domain/exhibit/exhibit-plan';
import { redactionLabel, textMasks } from '@chatexhibit/pdf/domain/exhibit/exhibit-decoration';
import { ExhibitSpecError } from '@chatexhibit/pdf/domain/exhibit/exhibit-spec-error';
import { includedMessages, omittedMessages } from '@chatexhibit/pdf/domain/exhibit/exhibit-wording';
import {
  REDACTION_LOG_COLUMNS,
  redactionLogCsv,
  whatWasRemoved,
} from '@chatexhibit/pdf/domain/exhibit/redaction-log';
import { transcriptMessage } from './support/transcript-message';

/** Twenty messages a day from 2024-03-01, with `special` messages as the test needs them. */
function syntheticMessage(
  index: number,
  special: Record<number, Partial<TranscriptMessage>>,
): TranscriptMessage {
  const day = new Date(Date.UTC(2024, 2, 1 + Math.floor((index - 1) / 20))).toISOString().slice(0, 10);
  return transcriptMessage(index, {
    sender: index % 2 === 0 ? 'Sam Carter' : 'Alex Moreno',
    content: `message number ${index}`,
    timestamp: `${day}T09:${String((index - 1) % 20).padStart(2, '0')}:00`,
    ...special[index],
  });
}

/** The chat as ExportSource.messages() hands it over, 250 messages a page, made as they are read. */
async function* chatPages(
  total: number,
  special: Record<number, Partial<TranscriptMessage>> = {},
): AsyncGenerator<TranscriptMessage[]> {
  for (let first = 1; first <= total; first += 250)
    yield Array.from({ length: Math.min(250, total - first + 1) }, (_, i) =>
      syntheticMessage(first + i, special),
    );
}

const CHAT: ExhibitChat = {
  participants: ['Alex Moreno', 'Sam Carter'],
  chatFile: 'WhatsApp Chat with Alex.txt',
};

const plan = (
  spec: Partial<ExhibitSpecInput>,
  options: { total?: number; special?: Record<number, Partial<TranscriptMessage>>; chat?: ExhibitChat } = {},
) =>
  planExhibit(
    ExhibitSpecSchema.parse({ label: 'Exhibit P-7', selections: [{ message: 1 }], ...spec }),
    chatPages(options.total ?? 2000, options.special),
    options.chat ?? CHAT,
  );

/** The error a spec is refused with: its reason and sentence. */
async function refusal(
  spec: Partial<ExhibitSpecInput>,
  options?: Parameters<typeof plan>[1],
): Promise<{ reason: string; message: string }> {
  const error = await plan(spec, options).catch((thrown: unknown) => thrown);
  if (!(error instanceof ExhibitSpecError))
    throw new Error(`expected an ExhibitSpecError, got ${String(error)}`);
  return { reason: error.reason, message: error.message };
}

const reason = { category: 'taxpayer-id' } as const;

describe('planning an exhibit', () => {
  it('includes the selections, leaves out the gaps exactly, and words both', async () => {
    const exhibit = await plan({ selections: [{ from: 412, to: 440 }, { message: 512 }] });
    expect(exhibit.included).toEqual([
      { first: 412, last: 440 },
      { first: 512, last: 512 },
    ]);
    expect(exhibit.omitted).toEqual([
      { first: 1, last: 411 },
      { first: 441, last: 511 },
      { first: 513, last: 2000 },
    ]);
    expect(includedMessages(exhibit.included, exhibit.totalMessages)).toBe(
      'messages 0412–0440 and 0512 of 2,000',
    );
    expect(exhibit.omitted.map((gap) => omittedMessages(gap, exhibit.totalMessages))).toEqual([
      '411 messages omitted (0001–0411)',
      '71 messages omitted (0441–0511)',
      '1,488 messages omitted (0513–2000)',
    ]);
    expect(omittedMessages({ first: 7, last: 7 }, 2000)).toBe('1 message omitted (0007)');
    expect(includedMessages([{ first: 7, last: 7 }], 2000)).toBe('message 0007 of 2,000');
  });

  it('widens each selection by the context, clipped to the chat at both ends', async () => {
    const exhibit = await plan({ selections: [{ message: 2 }, { message: 1999 }], context: 5 });
    expect(exhibit.included).toEqual([
      { first: 1, last: 7 },
      { first: 1994, last: 2000 },
    ]);
    expect(exhibit.omitted).toEqual([{ first: 8, last: 1993 }]);
  });

  it('merges selections that overlap or whose context meets, in any order', async () => {
    const exhibit = await plan({
      selections: [{ message: 455 }, { from: 430, to: 450 }, { from: 412, to: 440 }, { message: 600 }],
      context: 2,
    });
    expect(exhibit.included).toEqual([
      { first: 410, last: 457 },
      { first: 598, last: 602 },
    ]);
  });

  it("takes in every message of the selected days, as the chat's own dates record them, with context", async () => {
    // Message 45 was written on 2024-03-02 but stands among 2024-03-03's (out of order in the export).
    const exhibit = await plan(
      { selections: [{ fromDay: '2024-03-02', toDay: '2024-03-02' }], context: 1 },
      { special: { 45: { timestamp: '2024-03-02T23:00:00' } } },
    );
    expect(exhibit.included).toEqual([
      { first: 20, last: 41 },
      { first: 44, last: 46 },
    ]);
    const twoDays = await plan({ selections: [{ fromDay: '2024-03-02', toDay: '2024-03-03' }] });
    expect(twoDays.included).toEqual([{ first: 21, last: 60 }]);
  });

  it('keeps the highlights, in order and each once', async () => {
    const exhibit = await plan({ selections: [{ from: 10, to: 20 }], highlights: [15, 11, 15] });
    expect(exhibit.highlights).toEqual([11, 15]);
  });

  it('masks every occurrence of a text, or only the one asked for, in JavaScript string indices past emoji and non-Latin text', async () => {
    const content = '👨‍👩‍👧 رقمي 123-45-6789، 𠮷 123-45-6789 end';
    const first = content.indexOf('123-45-6789');
    const second = content.lastIndexOf('123-45-6789');
    const exhibit = await plan(
      {
        selections: [{ from: 410, to: 415 }],
        redactions: [
          { kind: 'text', message: 413, text: '123-45-6789', reason },
          { kind: 'text', message: 414, text: '123-45-6789', occurrence: 2, reason },
        ],
      },
      { special: { 413: { content }, 414: { content } } },
    );
    expect(exhibit.redactions.get(413)).toEqual({
      masks: [
        { field: 'content', start: first, end: first + 11, redaction: 0 },
        { field: 'content', start: second, end: second + 11, redaction: 0 },
      ],
      attachmentWithheldBy: null,
    });
    expect(content.slice(second, second + 11)).toBe('123-45-6789');
    // 8 units for the family emoji (three astral emoji, two joiners), 2 for 𠮷.
    expect([first, second]).toEqual([14, 30]);
    expect(exhibit.redactions.get(414)?.masks).toEqual([
      { field: 'content', start: second, end: second + 11, redaction: 1 },
    ]);
  });

  it('removes the union of overlapping masks of one field, each still tied to its redaction', async () => {
    const content = 'SSN 123-45-6789 and 123-45-6789';
    const exhibit = await plan(
      {
        selections: [{ message: 9 }],
        redactions: [
          { kind: 'text', message: 9, text: '45-6789 and 123', reason },
          { kind: 'text', message: 9, text: '123-45-6789', reason },
        ],
      },
      { special: { 9: { content } } },
    );
    const { masks } = exhibit.redactions.get(9)!;
    expect(masks.map((mask) => [mask.start, mask.end, mask.redaction])).toEqual([
      [4, 15, 1],
      [8, 23, 0],
      [20, 31, 1],
    ]);
    expect(rangesToRemove(masks, 'content')).toEqual([{ start: 4, end: 31 }]);
    expect(rangesToRemove(masks, 'sender')).toEqual([]);
  });

  it("masks a whole message's text, and an attachment's name, saying the file is withheld", async () => {
    const exhibit = await plan(
      {
        selections: [{ from: 20, to: 21 }],
        redactions: [
          { kind: 'message', message: 20, reason: { category: 'minor-name' } },
          { kind: 'attachment', message: 21, reason: { category: 'sealed-by-order' } },
        ],
      },
      {
        special: {
          20: { content: 'Ημερομηνία 🎂' },
          21: { type: 'image', content: 'the school photo', attachment: 'IMG-20240302-WA0001.jpg' },
        },
      },
    );
    expect(exhibit.redactions.get(20)).toEqual({
      masks: [{ field: 'content', start: 0, end: 'Ημερομηνία 🎂'.length, redaction: 0 }],
      attachmentWithheldBy: null,
    });
    expect(exhibit.redactions.get(21)).toEqual({
      masks: [{ field: 'attachment', start: 0, end: 23, redaction: 1 }],
      attachmentWithheldBy: 1,
    });
  });

  it('masks a phone number wherever it is written, however spaced: senders, texts, system events, attachment names and every other text', async () => {
    const sender = '\u202a+1 555 010 4477\u202c';
    const exhibit = await plan(
      {
        selections: [{ from: 100, to: 104 }],
        redactions: [
          {
            kind: 'phone-number',
            number: '+1 (555) 010-4477',
            reason: { category: 'other', note: 'a witness' },
          },
        ],
      },
      {
        special: {
          100: { sender },
          101: { content: 'call 555 010 4477? no: +1.555.010.4477 or 15550104477 📞' },
          102: {
            type: 'system',
            sender: null,
            content: "+1 555-010-4477 joined using this group's invite link",
          },
          103: { type: 'document', content: '', attachment: 'Contact +1 555 010 4477.vcf' },
          104: { content: 'not +44 1555 010 4477 nor 155501044770' },
        },
        chat: { participants: ['Sam Carter', sender], chatFile: 'WhatsApp Chat with +1 555 010 4477.txt' },
      },
    );
    const masked = (message: number) =>
      exhibit.redactions.get(message)?.masks.map((mask) => [mask.field, mask.start, mask.end]);
    expect(masked(100)).toEqual([['sender', 1, 16]]);
    const content = 'call 555 010 4477? no: +1.555.010.4477 or 15550104477 📞';
    // Its national form too: a number given with + is found without its code.
    expect(masked(101)).toEqual([
      ['content', content.indexOf('555'), content.indexOf('?')],
      ['content', content.indexOf('+1.'), content.indexOf(' or')],
      ['content', content.indexOf('1555'), content.indexOf(' 📞')],
    ]);
    expect(masked(102)).toEqual([['content', 0, 15]]);
    expect(masked(103)).toEqual([['attachment', 8, 23]]);
    expect(masked(104)).toBeUndefined();
    const header = '0100 \u202a+1 555 010 4477\u202c · Exhibit P-7';
    expect(exhibit.maskEverywhere(header)).toEqual([{ start: 6, end: 21, redaction: 0 }]);
    expect(exhibit.maskEverywhere('Sam Carter')).toEqual([]);
  });

  it('logs each redaction in each place it removes something, with its reason and length, never its text', async () => {
    const exhibit = await plan(
      {
        selections: [{ from: 30, to: 32 }],
        redactions: [
          {
            kind: 'phone-number',
            number: '+1 555 010 4477',
            reason: { category: 'other', note: '=a witness' },
          },
          {
            kind: 'text',
            message: 31,
            text: '4111 1111 1111 1111',
            reason: { category: 'financial-account' },
          },
          { kind: 'attachment', message: 32, reason: { category: 'sealed-by-order' } },
        ],
      },
      {
        special: {
          30: { sender: '+1 555 010 4477' },
          31: { content: 'card 4111 1111 1111 1111, call +1 555 010 4477 or 1 555 010 4477' },
          32: { type: 'image', attachment: 'IMG-0001.jpg' },
        },
        chat: { participants: ['+1 555 010 4477', 'Sam Carter'], chatFile: '_chat.txt' },
      },
    );
    const rows = exhibit.log.map(({ log, message, place, redaction, ranges }) => [
      log,
      message,
      place,
      redaction,
      ranges,
    ]);
    expect(rows).toEqual([
      [1, 30, 'sender', 0, 1],
      [2, 31, 'content', 0, 2],
      [3, 31, 'content', 1, 1],
      [4, 32, 'attachment', 2, 1],
      [5, null, 'participant-list', 0, 1],
    ]);
    // How long the removed text was is nowhere: a length narrows a name down as a box's width would.
    expect(exhibit.log[0]).not.toHaveProperty('characters');
    // As the writer would find them: row 2's boxes on pages 3 and 4, the others' on none.
    const csv = redactionLogCsv(exhibit.log, exhibit.totalMessages, (row) =>
      row.log === 2 ? { pages: [3, 4], bates: ['DOE000003', 'DOE000004'] } : { pages: [], bates: [] },
    );
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.toString('utf8')).not.toMatch(/4477|4111|IMG-0001/);
    const table = parse(csv.toString('utf8').slice(1), { relax_column_count: false }) as string[][];
    expect(table[0]).toEqual([...REDACTION_LOG_COLUMNS]);
    expect(table[2]).toEqual([
      '2',
      'R1',
      '0031',
      'Text',
      'A phone number in the message text',
      'Other',
      "Another reason, stated in the filer's note",
      "'=a witness",
      '2',
      '3, 4',
      'DOE000003, DOE000004',
    ]);
    expect(table[1]?.slice(0, 5)).toEqual(['1', 'R1', '0030', 'Sender', "The sender's phone number"]);
    expect(table[3]?.slice(0, 5)).toEqual(['3', 'R2', '0031', 'Text', 'Part of the message text']);
    expect(table[4]).toEqual([
      '4',
      'R3',
      '0032',
      'Attachment',
      'Attachment file name, size, hash and picture',
      'Sealed',
      'Sealed by order of the court',
      '',
      '1',
      '',
      '',
    ]);
    expect(table[5]?.slice(0, 5)).toEqual([
      '5',
      'R1',
      '',
      'Participant list',
      "A participant's phone number",
    ]);
  });

  it('masks a whole message in UTF-16 code units, an astral emoji as two', async () => {
    const exhibit = await plan(
      { selections: [{ message: 5 }], redactions: [{ kind: 'message', message: 5, reason }] },
      { special: { 5: { content: '𠮷👍🏽a' } } },
    );
    expect(exhibit.redactions.get(5)?.masks[0]?.end).toBe(7);
  });

  it('plans a chat of 40,000 messages, numbering its messages with five digits', async () => {
    const exhibit = await plan(
      { selections: [{ from: 39_990, to: 40_000 }], context: 50 },
      { total: 40_000 },
    );
    expect(includedMessages(exhibit.included, exhibit.totalMessages)).toBe('messages 39940–40000 of 40,000');
    await expect(
      refusal(
        {
          selections: [{ from: 410, to: 415 }],
          redactions: [{ kind: 'text', message: 413, text: 'x!', reason }],
        },
        { total: 40_000 },
      ),
    ).resolves.toEqual({
      reason: 'text_not_in_message',
      message: 'redactions[0].text: "x!" is not in the text of message 00413',
    });
  });

  it('refuses, naming the field, a message the chat does not have', async () => {
    await expect(refusal({ selections: [{ message: 3 }, { from: 1990, to: 2500 }] })).resolves.toEqual({
      reason: 'no_such_message',
      message: 'selections[1].to: the chat has 2,000 messages; there is no message 2500',
    });
    await expect(refusal({ selections: [{ from: 2001, to: 2500 }] })).resolves.toEqual({
      reason: 'no_such_message',
      message: 'selections[0].from: the chat has 2,000 messages; there is no message 2001',
    });
    await expect(refusal({ selections: [{ message: 1 }] }, { total: 0 })).resolves.toEqual({
      reason: 'no_such_message',
      message: 'selections[0].message: the chat has 0 messages; there is no message 1',
    });
    await expect(refusal({ highlights: [1, 2001] })).resolves.toEqual({
      reason: 'no_such_message',
      message: 'highlights[1]: the chat has 2,000 messages; there is no message 2001',
    });
    await expect(refusal({ redactions: [{ kind: 'message', message: 9999, reason }] })).resolves.toEqual({
      reason: 'no_such_message',
      message: 'redactions[0].message: the chat has 2,000 messages; there is no message 9999',
    });
  });

  it('refuses days without messages', async () => {
    await expect(refusal({ selections: [{ fromDay: '2023-01-01', toDay: '2023-01-31' }] })).resolves.toEqual({
      reason: 'no_messages_on_days',
      message: 'selections[0]: the chat has no messages dated 2023-01-01 to 2023-01-31',
    });
    await expect(
      refusal({ selections: [{ message: 1 }, { fromDay: '2030-05-01', toDay: '2030-05-01' }] }),
    ).resolves.toEqual({
      reason: 'no_messages_on_days',
      message: 'selections[1]: the chat has no messages dated 2030-05-01',
    });
  });

  it('refuses a highlight or redaction of a message the exhibit leaves out, saying what it holds', async () => {
    const selections = [{ from: 412, to: 440 }, { message: 512 }];
    await expect(refusal({ selections, highlights: [412, 600] })).resolves.toEqual({
      reason: 'highlight_not_in_exhibit',
      message:
        'highlights[1]: message 0600 is not in the exhibit, which holds messages 0412–0440 and 0512 of 2,000',
    });
    await expect(
      refusal({ selections, redactions: [{ kind: 'message', message: 441, reason }] }),
    ).resolves.toEqual({
      reason: 'redaction_not_in_exhibit',
      message:
        'redactions[0].message: message 0441 is not in the exhibit, which holds messages 0412–0440 and 0512 of 2,000',
    });
  });

  it('refuses a redaction whose text, occurrence, text or attachment is not in its message, or a phone number written nowhere', async () => {
    const options = {
      special: {
        413: { content: 'my SSN is 123-45-6789, again 123-45-6789' },
        414: { content: '' },
      },
    };
    const selections = [{ from: 412, to: 440 }];
    await expect(
      refusal(
        { selections, redactions: [{ kind: 'text', message: 413, text: '123-45-6780', reason }] },
        options,
      ),
    ).resolves.toEqual({
      reason: 'text_not_in_message',
      message: 'redactions[0].text: "123-45-6780" is not in the text of message 0413',
    });
    await expect(
      refusal(
        {
          selections,
          redactions: [{ kind: 'text', message: 413, text: '123-45-6789', occurrence: 3, reason }],
        },
        options,
      ),
    ).resolves.toEqual({
      reason: 'no_such_occurrence',
      message:
        'redactions[0].occurrence: "123-45-6789" occurs 2 times in the text of message 0413; there is no occurrence 3',
    });
    await expect(
      refusal(
        { selections, redactions: [{ kind: 'text', message: 413, text: 'SSN', occurrence: 2, reason }] },
        options,
      ),
    ).resolves.toMatchObject({
      message: expect.stringContaining('"SSN" occurs once in the text of message 0413'),
    });
    await expect(
      refusal({ selections, redactions: [{ kind: 'message', message: 414, reason }] }, options),
    ).resolves.toEqual({
      reason: 'no_text_to_redact',
      message: 'redactions[0].message: message 0414 has no text to redact',
    });
    await expect(
      refusal({ selections, redactions: [{ kind: 'attachment', message: 415, reason }] }, options),
    ).resolves.toEqual({
      reason: 'no_attachment',
      message: 'redactions[0].message: message 0415 has no attachment',
    });
  });

  it('plans a phone number or a text removed everywhere that the exhibit writes nowhere, and notes it: a standing list of spellings must work', async () => {
    const exhibit = await plan({
      selections: [{ from: 412, to: 415 }],
      redactions: [
        { kind: 'phone-number', number: '+1 555 010 4477', reason },
        { kind: 'text-everywhere', text: 'Sophiaa', reason: { category: 'minor-name' } },
        { kind: 'text-everywhere', text: 'Sam', reason: { category: 'minor-name' } },
      ],
    });
    expect(exhibit.writtenNowhere).toEqual([0, 1]);
    expect(exhibit.log.map((row) => row.redaction)).not.toContain(0);
  });

  it('refuses a phone number whose "+" has no country calling code after it, and a replacement that writes the number', async () => {
    await expect(
      refusal({ redactions: [{ kind: 'phone-number', number: '+999 555 0104', reason }] }),
    ).resolves.toEqual({
      reason: 'no_country_calling_code',
      message: 'redactions[0].number: must start with a country calling code after "+", such as +1 or +44',
    });
    await expect(
      refusal({
        redactions: [
          { kind: 'phone-number', number: '+1 555 010 4477', replaceWith: 'tel 555-010-4477', reason },
        ],
      }),
    ).resolves.toEqual({
      reason: 'replacement_holds_number',
      message: 'redactions[0].replaceWith: must not hold the number it replaces',
    });
  });

  it('logs a whole message sealed by order as one row, and labels its box as sealed: what lies inside it goes unsaid', async () => {
    const exhibit = await plan(
      {
        selections: [{ from: 9, to: 11 }],
        redactions: [
          { kind: 'text-everywhere', text: 'Emma', replaceWith: 'E.M.', reason: { category: 'minor-name' } },
          {
            kind: 'message',
            message: 10,
            reason: { category: 'sealed-by-order', note: 'Order of 3 Mar 2025' },
          },
          { kind: 'phone-number', number: '+1 555 010 4477', reason },
        ],
      },
      {
        special: {
          9: { content: 'Emma is at school' },
          10: { content: 'Emma told the counsellor to call 555-010-4477' },
        },
      },
    );
    expect(exhibit.log.map((row) => [row.message, row.place, row.redaction])).toEqual([
      [9, 'content', 0],
      [10, 'content', 1],
    ]);
    const masks = exhibit.redactions.get(10)!.masks.filter((mask) => mask.field === 'content');
    // All three are removed; the one box says only what the whole-message redaction says.
    expect(masks.map((mask) => mask.redaction).sort()).toEqual([0, 1, 2]);
    expect(textMasks(exhibit, masks)).toEqual([{ start: 0, end: 45, label: 'Sealed', shortLabel: 'R2' }]);
  });

  it('words the boxes of each redaction: the reason or the replacement, and the redaction’s name', async () => {
    const exhibit = await plan(
      {
        selections: [{ from: 9, to: 9 }],
        redactions: [
          { kind: 'text', message: 9, text: '4/7/89', reason: { category: 'birth-date' } },
          { kind: 'text-everywhere', text: 'Emma', replaceWith: 'E.M.', reason: { category: 'minor-name' } },
        ],
      },
      { special: { 9: { content: 'Emma was born 4/7/89' } } },
    );
    expect([0, 1].map((redaction) => redactionLabel(exhibit, redaction))).toEqual([
      { label: 'Birth date', shortLabel: 'R1' },
      { label: 'E.M.', shortLabel: 'R2' },
    ]);
  });

  it('takes a phone number written only in the participant list or the chat file name, and masks it there', async () => {
    const exhibit = await plan(
      { redactions: [{ kind: 'phone-number', number: '+1 555 010 4477', reason }] },
      { chat: { participants: ['Sam Carter'], chatFile: 'WhatsApp Chat with +1 555 010 4477.txt' } },
    );
    expect(exhibit.redactions.size).toBe(0);
    expect(exhibit.log.map((row) => [row.place, row.ranges])).toEqual([['chat-file-name', 1]]);
  });

  it('refuses the first problem in the order of the spec', async () => {
    await expect(
      refusal({
        selections: [{ message: 10 }],
        highlights: [11],
        redactions: [
          { kind: 'text', message: 10, text: 'absent', reason },
          { kind: 'message', message: 5000, reason },
        ],
      }),
    ).resolves.toMatchObject({ reason: 'highlight_not_in_exhibit' });
    await expect(
      refusal({
        selections: [{ message: 10 }],
        redactions: [
          { kind: 'text', message: 10, text: 'absent', reason },
          { kind: 'message', message: 5000, reason },
        ],
      }),
    ).resolves.toMatchObject({ reason: 'text_not_in_message' });
  });
});

describe('redacting a word or phrase everywhere in the exhibit', () => {
  const special = {
    3: { sender: 'Emma Stone', content: "Emma's bag; emma said so; Emmanuel and Gemma stay." },
    4: { type: 'document' as const, content: '', attachment: 'EMMA-notes.pdf' },
  };
  const chat = { participants: ['Emma Stone', 'Sam Carter'], chatFile: 'WhatsApp Chat with Emma.txt' };

  it('masks it as whole words in any case: texts, senders, attachment names and every other text', async () => {
    const exhibit = await plan(
      {
        selections: [{ from: 2, to: 4 }],
        redactions: [
          { kind: 'text-everywhere', text: 'Emma', replaceWith: 'E.M.', reason: { category: 'minor-name' } },
        ],
      },
      { special, chat },
    );
    const content = special[3].content;
    expect(exhibit.redactions.get(3)?.masks).toEqual([
      { field: 'sender', start: 0, end: 4, redaction: 0 },
      { field: 'content', start: 0, end: 4, redaction: 0 },
      { field: 'content', start: content.indexOf('emma'), end: content.indexOf('emma') + 4, redaction: 0 },
    ]);
    expect(exhibit.redactions.get(4)?.masks).toEqual([
      { field: 'attachment', start: 0, end: 4, redaction: 0 },
    ]);
    expect(exhibit.maskEverywhere('Chat with EMMA.')).toEqual([{ start: 10, end: 14, redaction: 0 }]);
    expect(exhibit.log.map((row) => [row.message, row.place, row.replaceWith])).toEqual([
      [3, 'sender', 'E.M.'],
      [3, 'content', 'E.M.'],
      [4, 'attachment', 'E.M.'],
      [null, 'participant-list', 'E.M.'],
      [null, 'chat-file-name', 'E.M.'],
    ]);
  });

  it('notes each message that writes it with other accents, unmasked, and none where every spelling is masked', async () => {
    const accents = {
      5: { content: 'Chloé came; CHLOÉ said so.' },
      6: { content: 'Chloe was late, Chloë too.' },
      7: { sender: 'Chloe Wu', content: 'hello' },
      8: { content: 'Chloes and Chloé-Anne.' },
    };
    const exhibit = await plan(
      {
        selections: [{ from: 5, to: 8 }],
        redactions: [{ kind: 'text-everywhere', text: 'Chloé', reason: { category: 'minor-name' } }],
      },
      { special: accents },
    );
    expect(exhibit.accentVariants).toEqual([
      { message: 6, redaction: 0 },
      { message: 7, redaction: 0 },
    ]);
    const both = await plan(
      {
        selections: [{ from: 5, to: 8 }],
        redactions: [
          { kind: 'text-everywhere', text: 'Chloé', reason: { category: 'minor-name' } },
          { kind: 'text-everywhere', text: 'Chloe', reason: { category: 'minor-name' } },
          { kind: 'text-everywhere', text: 'Chloë', reason: { category: 'minor-name' } },
        ],
      },
      { special: accents },
    );
    expect(both.accentVariants).toEqual([]);
  });

  it('notes each message holding it inside another word, unmasked, and cuts no such word (issue 30, finding 5)', async () => {
    // Message 3: "Emmanuel" and "Gemma" hold the name; the sender and the attachment name are whole words.
    const exhibit = await plan(
      {
        selections: [{ from: 2, to: 4 }],
        redactions: [{ kind: 'text-everywhere', text: 'Emma', reason: { category: 'minor-name' } }],
      },
      { special, chat },
    );
    expect(exhibit.namesInsideWords).toEqual([{ message: 3, redaction: 0 }]);
    const masked = (exhibit.redactions.get(3)?.masks ?? []).map((mask) =>
      (mask.field === 'sender' ? special[3].sender : special[3].content).slice(mask.start, mask.end),
    );
    expect(masked).toEqual(['Emma', 'Emma', 'emma']);
    const both = await plan(
      {
        selections: [{ from: 2, to: 4 }],
        redactions: [
          { kind: 'text-everywhere', text: 'Emma', reason: { category: 'minor-name' } },
          { kind: 'text-everywhere', text: 'Emmanuel', reason: { category: 'minor-name' } },
          { kind: 'text-everywhere', text: 'Gemma', reason: { category: 'minor-name' } },
        ],
      },
      { special, chat },
    );
    expect(both.namesInsideWords).toEqual([]);
  });

  it('masks a name and a number written to slip past the match, each whole stretch under its own label (security finding M5, round two)', async () => {
    const content =
      'E m m a, E.m.m.a, Em&#109;a, Emm%61, Em\u034fma and Emmanuel; call 555\u00b7010\u00b74477 or 5S5 O1O 4477';
    const exhibit = await plan(
      {
        selections: [{ message: 3 }],
        redactions: [
          { kind: 'text-everywhere', text: 'Emma', replaceWith: 'E.M.', reason: { category: 'minor-name' } },
          {
            kind: 'phone-number',
            number: '+1 555 010 4477',
            replaceWith: 'Respondent',
            reason: { category: 'other', note: 'A number' },
          },
        ],
      },
      { special: { 3: { content } }, chat },
    );
    const masks = exhibit.redactions.get(3)?.masks ?? [];
    expect(masks.map((mask) => [content.slice(mask.start, mask.end), mask.redaction])).toEqual([
      ['E m m a', 0],
      ['E.m.m.a', 0],
      ['Em&#109;a', 0],
      ['Emm%61', 0],
      ['Em\u034fma', 0],
      ['555\u00b7010\u00b74477', 1],
      ['5S5 O1O 4477', 1],
    ]);
    expect(exhibit.namesInsideWords).toEqual([{ message: 3, redaction: 0 }]);
    expect(exhibit.log.filter((row) => row.message === 3).map((row) => row.replaceWith)).toEqual([
      'E.M.',
      'Respondent',
    ]);
  });

  it('masks the second attack on the match, each form whole, and notes a name that a line break only joins inside a word (security finding M5, round two)', async () => {
    const content =
      '\u1d07\u1d0d\u1d0d\u1d00, E\u0336m\u0336m\u0336a\u0336, E+m+m+a, Em\nma; Em\nmanuel; call 555:010:4477, &#53;55\u2212010\u22124477 or 5\ufe0f\u20e35\ufe0f\u20e35\ufe0f\u20e3 010 4477.';
    const exhibit = await plan(
      {
        selections: [{ message: 3 }],
        redactions: [
          { kind: 'text-everywhere', text: 'Emma', reason: { category: 'minor-name' } },
          {
            kind: 'phone-number',
            number: '+1 555 010 4477',
            reason: { category: 'other', note: 'A number' },
          },
        ],
      },
      { special: { 3: { content } }, chat },
    );
    const masks = exhibit.redactions.get(3)?.masks ?? [];
    expect(masks.map((mask) => [content.slice(mask.start, mask.end), mask.redaction])).toEqual([
      ['\u1d07\u1d0d\u1d0d\u1d00', 0],
      ['E\u0336m\u0336m\u0336a\u0336', 0],
      ['E+m+m+a', 0],
      ['Em\nma', 0],
      ['555:010:4477', 1],
      ['&#53;55\u2212010\u22124477', 1],
      ['5\ufe0f\u20e35\ufe0f\u20e35\ufe0f\u20e3 010 4477', 1],
    ]);
    expect(exhibit.namesInsideWords).toEqual([{ message: 3, redaction: 0 }]);
  });

  it('masks the third attack on the match in texts, senders and the participant list, and notes a stroked letter as it notes an accent', async () => {
    const content =
      'Em-\nma, Em\u2800ma, Emm%2561, Em&amp;#109;a and E\u02b9m\u02b9m\u02b9a; \u0246mma; call %2535%2535%2535 010 4477.';
    const sender = 'E\u30fcm\u30fcm\u30fca';
    const participants = ['E\u0640m\u0640m\u0640a', 'Sam Carter'];
    const exhibit = await plan(
      {
        selections: [{ message: 3 }],
        redactions: [
          { kind: 'text-everywhere', text: 'Emma', reason: { category: 'minor-name' } },
          {
            kind: 'phone-number',
            number: '+1 555 010 4477',
            reason: { category: 'other', note: 'A number' },
          },
        ],
      },
      { special: { 3: { sender, content } }, chat: { participants, chatFile: '_chat.txt' } },
    );
    const masks = exhibit.redactions.get(3)?.masks ?? [];
    expect(
      masks.map((mask) => [
        (mask.field === 'sender' ? sender : content).slice(mask.start, mask.end),
        mask.redaction,
      ]),
    ).toEqual([
      [sender, 0],
      ['Em-\nma', 0],
      ['Em\u2800ma', 0],
      ['Emm%2561', 0],
      ['Em&amp;#109;a', 0],
      ['E\u02b9m\u02b9m\u02b9a', 0],
      ['%2535%2535%2535 010 4477', 1],
    ]);
    expect(exhibit.maskEverywhere(participants[0]!)).toEqual([{ start: 0, end: 7, redaction: 0 }]);
    expect(exhibit.log.filter((row) => row.place === 'participant-list')).toHaveLength(1);
    // "Ɇmma" differs from "Emma" by the stroke its first letter is drawn with: not masked, noted.
    expect(exhibit.accentVariants).toEqual([{ message: 3, redaction: 0 }]);
  });

  it('is noted, not refused, when the exhibit writes it nowhere, even inside longer words', async () => {
    const exhibit = await plan(
      {
        selections: [{ from: 2, to: 4 }],
        redactions: [{ kind: 'text-everywhere', text: 'Emman', reason: { category: 'minor-name' } }],
      },
      { special, chat },
    );
    expect(exhibit.writtenNowhere).toEqual([0]);
    expect(exhibit.redactions.size).toBe(0);
  });

  it('notes a message writing it with a letter drawn out, unmasked, once for the word (not also as inside a word)', async () => {
    const drawnOut = {
      2: { content: 'Sophiaaa at the pumpkin patch' },
      3: { content: 'Sophia and Sooophia!!' },
      4: { content: 'just Sophia' },
    };
    const exhibit = await plan(
      {
        selections: [{ from: 2, to: 4 }],
        redactions: [{ kind: 'text-everywhere', text: 'Sophia', reason: { category: 'minor-name' } }],
      },
      { special: drawnOut },
    );
    expect(exhibit.elongatedNames).toEqual([
      { message: 2, redaction: 0 },
      { message: 3, redaction: 0 },
    ]);
    expect(exhibit.namesInsideWords).toEqual([]);
    const covered = await plan(
      {
        selections: [{ from: 2, to: 4 }],
        redactions: [
          { kind: 'text-everywhere', text: 'Sophia', reason: { category: 'minor-name' } },
          { kind: 'text', message: 2, text: 'Sophiaaa', reason: { category: 'minor-name' } },
        ],
      },
      { special: drawnOut },
    );
    expect(covered.elongatedNames).toEqual([{ message: 3, redaction: 0 }]);
  });
});

describe('Rule 5.2(a) suggestions the redactions leave readable', () => {
  const special = {
    5: { content: 'SSN 123-45-6789 and card 4111 1111 1111 1111' },
    6: { content: 'DOB: 04/07/1989' },
  };

  it('logs a redaction of all but the part the rule lets show as that identifier except that part', async () => {
    const exhibit = await plan(
      {
        selections: [{ from: 5, to: 6 }],
        redactions: [
          { kind: 'text', message: 5, text: '123-45-', reason },
          { kind: 'text', message: 5, text: '4111 1111', reason: { category: 'financial-account' } },
          { kind: 'text', message: 6, text: '04/07/', reason: { category: 'birth-date' } },
        ],
      },
      { special },
    );
    expect(exhibit.log.map(whatWasRemoved)).toEqual([
      'Social Security number except its last four digits',
      'Part of the message text',
      'Date of birth except its year',
    ]);
  });

  it('lists each suggestion the masks leave more of than the rule lets show, in message order, and none that they cover but for that part and its separators', async () => {
    const exhibit = await plan(
      {
        selections: [{ from: 5, to: 6 }],
        redactions: [{ kind: 'text', message: 5, text: '123-45-', reason }],
      },
      { special },
    );
    expect(exhibit.unredactedSuggestions.map(({ message, kind, left }) => ({ message, kind, left }))).toEqual(
      [
        { message: 5, kind: 'card-number', left: 16 },
        { message: 6, kind: 'birth-date', left: 8 },
      ],
    );
    const partly = await plan(
      {
        selections: [{ from: 5, to: 5 }],
        redactions: [{ kind: 'text', message: 5, text: '23-45', reason }],
      },
      { special },
    );
    expect(partly.unredactedSuggestions.map(({ kind, left }) => ({ kind, left }))).toEqual([
      { kind: 'ssn', left: 5 },
      { kind: 'card-number', left: 16 },
    ]);
    const allButTheSeparator = await plan(
      {
        selections: [{ from: 5, to: 5 }],
        redactions: [{ kind: 'text', message: 5, text: '123-45', reason }],
      },
      { special },
    );
    expect(allButTheSeparator.unredactedSuggestions.map((found) => found.kind)).toEqual(['card-number']);
  });
});

describe('a birthday or an age that can tell a redacted birth date', () => {
  // Twenty messages a day from 1 March 2024: message 1 is on 1 March, message 301 on 16 March.
  const birth = { category: 'birth-date' } as const;
  const special = {
    1: { content: 'Her DOB is 03/18/2015, for the school form' },
    301: { content: 'Happy birthday sweetheart!' },
    302: { content: 'She turns 9 soon' },
    303: { content: 'we bought 9 apples' },
    341: { content: 'Happy 9th birthday!' },
    342: { content: 'the party was lovely' },
  };
  const selections = [{ message: 1 }, { from: 301, to: 303 }, { from: 341, to: 342 }];

  it('notes a mention within three days of the redacted day and month, and a birthday with an age anywhere', async () => {
    const exhibit = await plan(
      { selections, redactions: [{ kind: 'text', message: 1, text: '03/18/', reason: birth }] },
      { special },
    );
    expect(exhibit.revealingBirthdays).toEqual([
      { message: 301, day: '2024-03-16', withAge: false, redaction: 0, near: true },
      { message: 302, day: '2024-03-16', withAge: false, redaction: 0, near: true },
      { message: 341, day: '2024-03-18', withAge: true, redaction: 0, near: true },
    ]);
    const elsewhere = await plan(
      { selections, redactions: [{ kind: 'text', message: 1, text: '07/04/', reason: birth }] },
      { special: { ...special, 1: { content: 'Her DOB is 07/04/2015' } } },
    );
    expect(elsewhere.revealingBirthdays).toEqual([
      { message: 341, day: '2024-03-18', withAge: true, redaction: 0, near: false },
    ]);
  });

  it('notes nothing when no redaction is of a birth date, or the mention is redacted', async () => {
    const none = await plan(
      { selections, redactions: [{ kind: 'text', message: 1, text: '03/18/', reason }] },
      { special },
    );
    expect(none.revealingBirthdays).toEqual([]);
    const masked = await plan(
      {
        selections: [{ message: 1 }, { message: 341 }],
        redactions: [
          { kind: 'text', message: 1, text: '03/18/', reason: birth },
          { kind: 'text', message: 341, text: '9th birthday', reason: birth },
        ],
      },
      { special },
    );
    expect(masked.revealingBirthdays).toEqual([]);
  });
});
