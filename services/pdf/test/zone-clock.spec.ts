import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { rowFlags, timeExplanation, zoneChangeRow } from '@chatexhibit/pdf/domain/transcript/message-labels';
import { zoneChangesBetween } from '@chatexhibit/pdf/domain/transcript/time-zone';
import { type MessageTime, ZoneClock } from '@chatexhibit/pdf/domain/transcript/zone-clock';
import { transcriptMessage } from './support/transcript-message';

const at = (index: number, timestamp: string, flags: TranscriptMessage['flags'] = []): TranscriptMessage =>
  transcriptMessage(index, { timestamp, flags });

/** Every message read in order by one clock over the messages' own range. */
function readAll(timeZone: string, messages: TranscriptMessage[]): MessageTime[] {
  const dated = messages.filter((m) => !m.flags.includes('invalidDate')).map((m) => m.timestamp);
  const clock = new ZoneClock({ timeZone, firstAt: dated.sort()[0]!, lastAt: dated.at(-1)! });
  return messages.map((message) => clock.read(message));
}

const utc = (time: MessageTime): string | null => time.instant?.at.toISOString() ?? null;

describe('ZoneClock', () => {
  // New York, 2025: clocks forward 02:00 → 03:00 on 9 March, back 02:00 → 01:00 on 2 November.
  const NEW_YORK = [
    at(1, '2025-03-08T23:00:00'),
    at(2, '2025-03-09T01:50:00'),
    at(3, '2025-03-09T02:30:00'),
    at(4, '2025-03-09T03:10:00'),
    at(5, '2025-11-02T00:40:00'),
    at(6, '2025-11-02T01:50:00'),
    at(7, '2025-11-02T01:10:00', ['outOfOrder']),
    at(8, '2025-11-02T01:20:00'),
    at(9, '2025-11-02T02:05:00'),
  ];

  it('reads each local time as its instant: 01:50 and 03:10 across the spring change are 20 minutes apart', () => {
    const times = readAll('America/New_York', NEW_YORK);
    expect(times.map(utc)).toEqual([
      '2025-03-09T04:00:00.000Z',
      '2025-03-09T06:50:00.000Z',
      null,
      '2025-03-09T07:10:00.000Z',
      '2025-11-02T04:40:00.000Z',
      '2025-11-02T05:50:00.000Z',
      '2025-11-02T06:10:00.000Z',
      '2025-11-02T06:20:00.000Z',
      '2025-11-02T07:05:00.000Z',
    ]);
  });

  it('puts each change before the first message that reads after it, and words it for its row', () => {
    const times = readAll('America/New_York', NEW_YORK);
    const rows = times.map((time) =>
      time.changesBefore.map((change) => zoneChangeRow(change, 'America/New_York')),
    );
    expect(rows).toEqual([
      [],
      [],
      [
        'Clocks went forward 02:00 \u2192 03:00, UTC\u221205:00 \u2192 UTC\u221204:00 (America/New_York, 09 March 2025): local times from 02:00 to 02:59 did not exist.',
      ],
      [],
      [],
      [],
      // Back into the repeated hour from later in it: the clocks went back in between.
      [
        'Clocks went back 02:00 \u2192 01:00, UTC\u221204:00 \u2192 UTC\u221205:00 (America/New_York, 02 November 2025): local times from 01:00 to 01:59 occurred twice, the first time above this line and the second below it.',
      ],
      [],
      [],
    ]);
  });

  it('flags a local time that did not exist, and explains it in plain words', () => {
    const time = readAll('America/New_York', NEW_YORK)[2]!;
    expect(rowFlags(NEW_YORK[2]!, time)).toEqual({ alerts: ['NO SUCH LOCAL TIME'], notes: [] });
    expect(timeExplanation(NEW_YORK[2]!, time, 'America/New_York')).toBe(
      '02:30 did not exist on 09 March 2025 in America/New_York, where clocks went forward 02:00 \u2192 03:00, UTC\u221205:00 \u2192 UTC\u221204:00: no UTC time follows from it.',
    );
  });

  it('reads the repeated hour in export order and never calls the later message OUT OF ORDER', () => {
    const times = readAll('America/New_York', NEW_YORK);
    expect(times.map((time, i) => rowFlags(NEW_YORK[i]!, time))).toEqual([
      { alerts: [], notes: [] },
      { alerts: [], notes: [] },
      { alerts: ['NO SUCH LOCAL TIME'], notes: [] },
      { alerts: [], notes: [] },
      { alerts: [], notes: [] },
      { alerts: [], notes: ['REPEATED HOUR (UTC\u221204:00)'] },
      { alerts: [], notes: ['REPEATED HOUR (UTC\u221205:00)'] },
      { alerts: [], notes: ['REPEATED HOUR (UTC\u221205:00)'] },
      { alerts: [], notes: [] },
    ]);
    expect(timeExplanation(NEW_YORK[6]!, times[6]!, 'America/New_York')).toBe(
      "Reads as earlier than the message before, but the clocks went back between them: this 01:10 (UTC\u221205:00) is 20 minutes after that message's 01:50 (UTC\u221204:00).",
    );
    expect(times.map((time, i) => timeExplanation(NEW_YORK[i]!, time, 'America/New_York') !== null)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
  });

  it('keeps OUT OF ORDER where the clocks explain nothing, even inside the repeated hour', () => {
    // 01:30 after 02:10: earlier in either reading of 01:30.
    const messages = [
      at(1, '2025-11-02T00:30:00'),
      at(2, '2025-11-02T02:10:00'),
      at(3, '2025-11-02T01:30:00', ['outOfOrder']),
    ];
    const times = readAll('America/New_York', messages);
    expect(rowFlags(messages[2]!, times[2]!)).toEqual({
      alerts: ['OUT OF ORDER'],
      notes: ['REPEATED HOUR (UTC\u221205:00)'],
    });
    expect(times[2]!.laterThan).toBeNull();
    // And a jump back that is no repeated hour at all.
    const plain = [at(1, '2025-06-02T10:00:00'), at(2, '2025-06-02T09:00:00', ['outOfOrder'])];
    expect(rowFlags(plain[1]!, readAll('America/New_York', plain)[1]!).alerts).toEqual(['OUT OF ORDER']);
  });

  it('gives a date that cannot be read no time, and lets it change nothing', () => {
    const messages = [
      at(1, '2025-03-09T01:50:00'),
      at(2, '2025-02-30T10:00:00', ['invalidDate']),
      at(3, '2025-03-09T03:10:00'),
    ];
    const times = readAll('America/New_York', messages);
    expect(times[1]).toEqual({
      changesBefore: [],
      instant: null,
      skippedBy: null,
      repeatedBy: null,
      laterThan: null,
    });
    expect(times[2]!.changesBefore).toHaveLength(1);
  });

  it('finds a change on the half hour to the minute (Lord Howe Island)', () => {
    const [change] = zoneChangesBetween('Australia/Lord_Howe', '2025-10-04T12:00:00', '2025-10-06T12:00:00');
    expect(change!.at.toISOString()).toBe('2025-10-04T15:30:00.000Z');
    expect(zoneChangeRow(change!, 'Australia/Lord_Howe')).toBe(
      'Clocks went forward 02:00 \u2192 02:30, UTC+10:30 \u2192 UTC+11:00 (Australia/Lord_Howe, 05 October 2025): local times from 02:00 to 02:29 did not exist.',
    );
    const times = readAll('Australia/Lord_Howe', [
      at(1, '2025-10-05T01:59:00'),
      at(2, '2025-10-05T02:29:00'),
      at(3, '2025-10-05T02:30:00'),
    ]);
    expect(times.map(utc)).toEqual(['2025-10-04T15:29:00.000Z', null, '2025-10-04T15:30:00.000Z']);
  });

  it('names only the changes with a recorded time on each side or in the hour they skip or repeat', () => {
    const zone = 'America/New_York';
    // Spring forward is 02:00 on 09 March 2025: a chat ending the day before, or an hour before, has none.
    expect(zoneChangesBetween(zone, '2025-01-06T09:00:00', '2025-03-08T10:20:00')).toEqual([]);
    expect(zoneChangesBetween(zone, '2025-01-06T09:00:00', '2025-03-09T01:59:59')).toEqual([]);
    expect(zoneChangesBetween(zone, '2025-03-09T03:00:00', '2025-04-01T09:00:00')).toEqual([]);
    expect(zoneChangesBetween(zone, '2025-01-06T09:00:00', '2025-03-09T02:30:00')).toHaveLength(1);
    expect(zoneChangesBetween(zone, '2025-03-09T01:50:00', '2025-03-09T03:10:00')).toHaveLength(1);
    // Fall back is 02:00 → 01:00 on 02 November 2025: a chat inside the repeated hour has it.
    expect(zoneChangesBetween(zone, '2025-11-02T01:10:00', '2025-11-02T01:40:00')).toHaveLength(1);
    expect(zoneChangesBetween(zone, '2025-11-02T02:00:00', '2025-11-03T09:00:00')).toEqual([]);
  });
});
