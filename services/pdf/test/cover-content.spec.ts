import { textIn } from '@chatexhibit/pdf/domain/transcript/twin-pages';
import { type Calendar, CALENDAR_NAMES } from '@chatexhibit/proto/calendar';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import type { CoverInput } from '@chatexhibit/pdf/domain/transcript/cover-content';
import { coverOf, uploadedMedia } from './support/cover-fixture';
import { transcriptMessage } from './support/transcript-message';
import { formatMomentInZone, formatUtcOffset } from '@chatexhibit/proto/moment-in-zone';

const message = (
  index: number,
  timestamp: string,
  over: Partial<TranscriptMessage> = {},
): TranscriptMessage =>
  transcriptMessage(index, {
    timestamp,
    sender: index % 2 === 0 ? 'Sam' : '+44 7700 900123',
    content: 'hello',
    ...over,
  });

const cover = (
  messages: TranscriptMessage[],
  over: Partial<CoverInput> = {},
  timeZone = 'Europe/London',
  mediaFiles = 0,
) => coverOf(messages, over, { timeZone }, uploadedMedia(mediaFiles));

const start = message(1, '2024-03-01T09:00:00', { type: 'system', sender: null, event: 'encryption' });

describe('the cover', () => {
  it('names the export by its reference, which opens nothing, to quote to support', async () => {
    const { section } = await cover([message(0, '2026-11-01T10:00:00')]);
    expect(section('Examination').rows).toContainEqual(['Export reference', 'CE-FK9E-D9YK-P6G3']);
  });

  it('says the web service received an upload, and the convert command read a file where nothing is uploaded', async () => {
    const coverText = ({ content }: Awaited<ReturnType<typeof cover>>) =>
      content.sections
        .flatMap((section) => [
          ...(section.rows ?? []).flat().map((cell) => textIn(cell, 'transcript')),
          ...[...(section.paragraphs ?? []), ...(section.bullets ?? [])].map((text) =>
            textIn(text, 'transcript'),
          ),
        ])
        .join('\n');
    const messages = [start, message(2, '2024-03-01T09:05:00')];
    const web = await cover(messages);
    const cli = await coverOf(messages, {}, { timeZone: 'Europe/London', receivedThrough: 'cli' });
    expect(web.section('Examination').rows!.map(([label]) => label)).toContain('Upload received');
    expect(coverText(web)).toContain('has not changed since it was uploaded');
    expect(cli.section('Examination').rows!.map(([label]) => label)).toContain('Export file read');
    expect(coverText(cli).match(/[^.\n]*\buploaded?\b[^.\n]*/gi)).toEqual(null);
    expect(coverText(cli)).toContain('has not changed since it was read');
  });

  it('says when nothing suggests an incomplete export', async () => {
    const { section } = await cover([start, message(2, '2024-03-01T09:05:00')]);
    expect(section('Completeness').bullets).toEqual([
      expect.stringMatching(/^No sign of an incomplete export/),
      expect.stringMatching(/^ChatExhibit looked through the text of every message .*, and found none\. /),
      expect.stringMatching(/^Deletions an export cannot show: .*"Delete for me"/),
      expect.stringMatching(/^A WhatsApp text export never contains reactions/),
    ]);
  });

  it('says the export ends where the exporting account was removed from the group, so later messages are not in it', async () => {
    const removed = (index: number, content: string) =>
      message(index, '2024-03-01T09:10:00', { type: 'system', sender: null, event: 'removed-you', content });
    const ended = 'The export ends at message 0003, where the exporting account was removed from the group';
    for (const last of [removed(3, 'Sam removed you'), removed(3, 'You were removed')]) {
      const { section } = await cover([start, message(2, '2024-03-01T09:05:00'), last]);
      const findings = section('Completeness').bullets!;
      expect(findings[0]).toBe(
        `${ended}: the account received nothing after that, so messages written in the group later are not in this export.`,
      );
      expect(findings.join('\n')).not.toContain('No sign of an incomplete export');
    }
    // Removed, then added again: the export goes on, and says nothing of it.
    const { section } = await cover([
      start,
      removed(2, 'Sam removed you'),
      message(3, '2024-03-01T09:12:00', {
        type: 'system',
        sender: null,
        event: 'member-added',
        content: 'Sam added you',
      }),
      message(4, '2024-03-01T09:15:00'),
    ]);
    expect(section('Completeness').bullets!.join('\n')).not.toContain('exporting account was removed');
  });

  it('keeps every time of the Examination and Contents rows whole, so that no line breaks inside one', async () => {
    const { section } = await cover(
      [start, message(2, '2024-03-01T21:05:00'), message(3, '2024-03-02T00:02:00')],
      {},
      'America/Argentina/Buenos_Aires',
    );
    const rows = [...section('Examination').rows!, ...section('Contents').rows!];
    const times = ['Upload received', 'Transcript generated', 'Date range (as recorded)'].map((label) =>
      textIn(rows.find(([name]) => name === label)![1], 'transcript'),
    );
    // A space a line may break at, inside a date and time, between them, or before the zone's offset.
    const brokenTime = /\d [A-Z][a-z]{2}|[a-z]{3} \d|\d, \d|\d \(UTC|\d \d{2}:|:\d{2} UTC|= \d/;
    for (const value of times) expect(value).not.toMatch(brokenTime);
    expect(times[2]).toBe('01\u00a0Mar\u00a02024,\u00a009:00 to 02\u00a0Mar\u00a02024,\u00a000:02');
  });

  it('says messages.csv holds the logical text only when the chat has right-to-left text', async () => {
    const reading = async (content: string) =>
      (await cover([start, message(2, '2024-03-01T09:05:00', { content })]))
        .section('Reading this transcript')
        .paragraphs!.map((text) => textIn(text, 'transcript'));
    for (const content of ['مرحبا، هل وصلت الأوراق؟ I sent them at 10:30.', 'שלום, המסמכים אצלי']) {
      expect(await reading(content)).toContain(
        'Right-to-left text (such as Arabic or Hebrew) copied out of this PDF may come out with its phrases in another order, as PDF text extraction (poppler\u2019s pdftotext, say) puts them in the order they are drawn; messages.csv in the evidence package holds each message\u2019s text in its logical order, as the export wrote it.',
      );
    }
    expect((await reading('Good morning 你好 привет')).join('\n')).not.toContain('logical order');
  });

  it('warns of truncation near WhatsApp caps, a missing start and long silences', async () => {
    const messages = [message(1, '2024-01-01T10:00:00')];
    for (let i = 2; i <= 9_100; i += 1) messages.push(message(i, '2024-01-01T10:00:00'));
    messages.push(message(9_101, '2024-03-15T10:00:00'));
    messages.push(message(9_102, '2024-03-14T10:00:00', { flags: ['outOfOrder'] }));
    const { section, summary } = await cover(messages, {}, 'Europe/London', 3);
    expect(summary.gaps).toEqual([{ afterIndex: 9_100, beforeIndex: 9_101, days: 74 }]);
    const findings = section('Completeness').bullets!.join('\n');
    expect(findings).toContain("close to WhatsApp's export limit of about 10,000 messages with media");
    expect(findings).toContain('does not begin with WhatsApp');
    expect(findings).toContain('No messages for 74 days between message 9100 and message 9101.');
    // Without media the cap is 40,000, so 9,102 messages are far from it.
    const textOnly = await cover(messages);
    expect(textOnly.section('Completeness').bullets!.join('\n')).not.toContain('export limit');
  });

  it('lists the daylight-saving changes inside the date range in the declared zone', async () => {
    const { section } = await cover([start, message(2, '2024-04-02T09:00:00')]);
    expect(section('Time zone').paragraphs!.join(' ')).toContain(
      'on 31 March 2024 clocks went forward 01:00 \u2192 02:00, UTC+00:00 \u2192 UTC+01:00, so local times from 01:00 to 01:59 did not exist that day',
    );
    const none = await cover([start, message(2, '2024-03-05T09:00:00')]);
    expect(none.section('Time zone').paragraphs!.join(' ')).toContain('No daylight-saving or other change');
    // The offset of the chat's dates, not today's: Berlin in June is UTC+02:00.
    const june = await cover(
      [{ ...start, timestamp: '2024-06-01T09:00:00' }, message(2, '2024-06-02T09:00:00')],
      {},
      'Europe/Berlin',
    );
    expect(june.section('Time zone').paragraphs![0]).toContain(
      'In the time zone Europe/Berlin, the offset from UTC was UTC+02:00 at the first message',
    );
    const declared = await coverOf(
      [{ ...start, timestamp: '2024-06-01T09:00:00' }, message(2, '2024-06-02T09:00:00')],
      {},
      { timeZone: 'Europe/Berlin', timeZoneSource: 'declared' },
    );
    expect(declared.section('Time zone').paragraphs!.join(' ')).not.toContain(
      "The phone's real time zone is not known",
    );
    // The transcript rewrites the recorded times on its own clock, and the zone is a setting, not a statement.
    expect(declared.section('Time zone').paragraphs![0]).toMatch(
      /^Times are the ones the export recorded, in the exporting device's local time, shown on a 24-hour clock, .* Times are read in Europe\/Berlin, the time zone chosen when the transcript was made\./,
    );
    const tokyo = await cover([start, message(2, '2024-04-02T09:00:00')], {}, 'Asia/Tokyo');
    expect(tokyo.section('Time zone').paragraphs!.join(' ')).toContain('No daylight-saving or other change');
  });

  it('says which hour each change skipped or repeated, and names the messages whose times it questions or explains', async () => {
    const messages = [
      { ...start, timestamp: '2025-03-09T01:50:00' },
      message(2, '2025-03-09T02:30:00'),
      message(3, '2025-11-02T01:50:00'),
      message(4, '2025-11-02T01:10:00', { flags: ['outOfOrder'] }),
    ];
    const nyCover = await cover(messages, {}, 'America/New_York');
    const said = nyCover.section('Time zone').paragraphs!.join(' ');
    // Completeness qualifies the reading's own note on earlier messages, so no document contradicts the other.
    expect(nyCover.section('Completeness').bullets).toContain(
      'Of the messages the reading of the chat text notes as earlier than the one before, ChatExhibit reads message 0004 as later than the message before it in the time zone America/New_York, whose clocks went back between them: read in that zone and in export order, it is not out of order.',
    );
    expect(said).toContain(
      'on 09 March 2025 clocks went forward 02:00 \u2192 03:00, UTC\u221205:00 \u2192 UTC\u221204:00, so local times from 02:00 to 02:59 did not exist that day; on 02 November 2025 clocks went back 02:00 \u2192 01:00, UTC\u221204:00 \u2192 UTC\u221205:00, so local times from 01:00 to 01:59 occurred twice that day.',
    );
    expect(said).not.toContain('ambiguous');
    expect(said).toContain('is recorded by message 0002, flagged NO SUCH LOCAL TIME');
    expect(said).toContain(
      'Read as earlier than the message before only because the clocks went back between them: message 0004.',
    );
    expect(said).toContain('No time has been converted.');
    const withUtc = await coverOf(
      messages,
      {},
      { timeZone: 'America/New_York', options: { utcColumn: true } },
    );
    expect(withUtc.section('Time zone').paragraphs!.join(' ')).toContain(
      'These times are not converted; the UTC column beside them is computed from each in the time zone America/New_York.',
    );
    const options = withUtc
      .section('Processing options')
      .paragraphs!.map((text) => textIn(text, 'transcript'));
    expect(options.join(' ')).toContain(
      'UTC column: shown, computed from each recorded time in the time zone America/New_York.',
    );
  });

  it("warns that a zone nobody stated is not the phone's, and may hide a change of offset", async () => {
    const messages = [start, message(2, '2024-03-05T09:00:00')];
    const defaulted = (await coverOf(messages, {}, { timeZone: 'UTC', timeZoneSource: 'default' }))
      .section('Time zone')
      .paragraphs!.join(' ');
    expect(defaulted).not.toContain('In UTC the UTC offset');
    expect(defaulted).toContain('In the time zone UTC, the offset from UTC was UTC+00:00');
    expect(defaulted).toContain(
      "The phone's real time zone is not known: it may differ from UTC, and its UTC offset may have changed inside the chat's date range.",
    );
  });

  it('cites Rule 901(b)(1) for testimony and (b)(4) for distinctive characteristics, and both wordings of omitted media', async () => {
    const { section } = await cover([start, message(2, '2024-03-05T09:00:00')]);
    const proves = section('What the SHA-256 value proves').paragraphs!.join(' ');
    expect(proves).toContain(
      'Authorship is shown by other evidence under Federal Rule of Evidence 901, such as the testimony of a witness with knowledge (901(b)(1)) or distinctive characteristics of the messages (901(b)(4)).',
    );
    expect(section('Contents').rows).toContainEqual([
      'Lines saying a file was left out',
      expect.stringContaining('(such as "<Media omitted>" or "image omitted"); no file is named'),
    ]);
  });

  it('ends Contents, and no other section, with the participant table', async () => {
    const { content } = await cover([start, message(2, '2024-03-05T09:00:00')]);
    const withTable = content.sections.filter((section) => section.participantTable);
    expect(withTable.map((section) => section.heading)).toEqual(['Contents']);
  });

  it('says each fact once: no label twice, no section repeating another', async () => {
    const { content, section } = await cover([start, message(2, '2024-03-05T09:00:00')]);
    const headings = content.sections.map((section) => section.heading);
    expect(new Set(headings).size).toBe(headings.length);
    const labels = content.sections.flatMap((section) => (section.rows ?? []).map(([label]) => label));
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
    // Each value the Examination rows give is given there only (the source's hash, the times).
    const rows = content.sections.flatMap((section) => section.rows ?? []);
    const text = content.sections
      .flatMap((section) => [...(section.paragraphs ?? []), ...(section.bullets ?? [])])
      .join('\n');
    for (const label of ['Source SHA-256', 'Transcript generated', 'Upload received']) {
      // A time without its zone's name, as a sentence would quote it.
      const value = rows.find(([row]) => row === label)![1].replace(/, [\w/+-]+( = .*)?$/, '');
      expect({
        label,
        repeated: rows.filter(([, v]) => v === value).length > 1 || text.includes(value),
      }).toEqual({ label, repeated: false });
    }
    // What a text export never holds is said once, among the completeness findings.
    expect(headings).not.toContain('Limitations');
    expect(section('Completeness').bullets).toContainEqual(
      expect.stringMatching(/^A WhatsApp text export never contains reactions/),
    );
  });

  it('names a calendar other than the Gregorian one, and whether the dates were converted', async () => {
    const messages = [start, message(2, '2024-03-05T09:00:00')];
    const chat = (calendar: Calendar) => ({
      chatFile: '_chat.txt',
      participants: ['Sam'],
      warnings: [],
      format: null,
      dateOrder: null,
      calendar,
      encoding: null,
    });
    const timeZone = async (calendar: Calendar) =>
      (await cover(messages, { chat: chat(calendar) })).section('Time zone').paragraphs!;
    expect(await timeZone('gregorian')).toHaveLength(2);
    expect((await timeZone('thai-buddhist'))[2]).toBe(
      'The export writes its dates in the Thai Buddhist (Buddhist era = Gregorian year + 543) calendar; this transcript shows them converted to the Gregorian calendar.',
    );
    expect((await timeZone('japanese-era'))[2]).toMatch(
      /^The export writes its dates in the Japanese era .* converted to the Gregorian calendar\.$/,
    );
    for (const calendar of ['persian', 'islamic'] as const) {
      expect((await timeZone(calendar))[2]).toContain(
        `in the ${CALENDAR_NAMES[calendar]} calendar. This transcript shows them as written, not converted`,
      );
    }
  });

  it('keeps each participant exactly as exported, with a phone number shown as one', async () => {
    const { summary } = await cover([
      start,
      message(2, '2024-03-01T09:01:00', { sender: 'Sam' }),
      message(3, '2024-03-01T09:02:00', { sender: 'Sam ' }),
      message(4, '2024-03-02T09:03:00', { sender: '+44 7700 900123' }),
      message(5, '2024-03-03T09:04:00', { sender: 'Sam' }),
    ]);
    expect(summary.participants).toEqual([
      {
        name: 'Sam',
        phone: null,
        messageCount: 2,
        firstAt: '2024-03-01T09:01:00',
        lastAt: '2024-03-03T09:04:00',
      },
      {
        name: 'Sam ',
        phone: null,
        messageCount: 1,
        firstAt: '2024-03-01T09:02:00',
        lastAt: '2024-03-01T09:02:00',
      },
      {
        name: '+44 7700 900123',
        phone: '+44 7700 900123',
        messageCount: 1,
        firstAt: '2024-03-02T09:03:00',
        lastAt: '2024-03-02T09:03:00',
      },
    ]);
  });

  it('gives the receipt and generation times in the zone and in UTC, as the package texts do', async () => {
    const { section } = await cover([start], {}, 'Pacific/Honolulu');
    // The package texts' words; the cover's spaces inside a time are no-break ones.
    const rows = section('Examination').rows!.map((row) =>
      row.map((cell) => textIn(cell, 'transcript').replaceAll('\u00a0', ' ')),
    );
    expect(rows).toContainEqual([
      'Upload received',
      '22 Nov 2026, 22:00 (UTC\u221210:00), Pacific/Honolulu = 2026-11-23 08:00:00 UTC',
    ]);
    expect(rows).toContainEqual([
      'Transcript generated',
      '22 Nov 2026, 23:00 (UTC\u221210:00), Pacific/Honolulu = 2026-11-23 09:00:00 UTC',
    ]);
  });

  it('promises no embedded MP3 copies or attachments to a chat without them', async () => {
    const { section } = await cover([start]);
    const options = JSON.stringify(section('Processing options').paragraphs);
    expect(options).toContain('Voice notes: to be embedded as MP3 copies; this export has none.');
    expect(options).not.toContain('MP3 copies embedded in');
    const attaching = await coverOf(
      [start],
      {},
      { timeZone: 'Europe/London', options: { includeAttachments: true } },
    );
    expect(JSON.stringify(attaching.section('Processing options').paragraphs)).toContain(
      'Other attachments: to be embedded in transcript.pdf; this export has none.',
    );
  });

  it('writes offsets with a true minus sign and the generation time with its offset', () => {
    expect(formatUtcOffset(-180)).toBe('UTC\u221203:00');
    expect(formatUtcOffset(330)).toBe('UTC+05:30');
    expect(formatMomentInZone(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(
      '01 Jul 2026, 08:00 (UTC\u221204:00)',
    );
  });
});
