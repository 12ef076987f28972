import { timeNotes } from '@chatexhibit/pdf/domain/transcript/time-notes';

describe('what the clocks say of the messages', () => {
  it('says nothing when the clocks explain nothing', () => {
    expect(timeNotes({ skippedTimes: [], laterAfterClocksWentBack: [] }, 40, 'America/New_York')).toEqual({
      earlierExplained: null,
      skipped: null,
    });
  });

  it('qualifies the parser note on earlier messages and names the times the zone never had, numbered as printed', () => {
    const notes = timeNotes({ skippedTimes: [36], laterAfterClocksWentBack: [40] }, 43, 'America/New_York');
    expect(notes.earlierExplained).toBe(
      'Of the messages the reading of the chat text notes as earlier than the one before, ChatExhibit reads message 0040 as later than the message before it in the time zone America/New_York, whose clocks went back between them: read in that zone and in export order, it is not out of order.',
    );
    expect(notes.skipped).toBe(
      "Message 0036 records a local time that did not exist in the time zone America/New_York (its clocks went forward over it), so the phone's time zone may not have been America/New_York.",
    );
  });

  it('counts many messages in one sentence', () => {
    const notes = timeNotes(
      { skippedTimes: [2, 3], laterAfterClocksWentBack: Array.from({ length: 12 }, (_, i) => i + 100) },
      12_000,
      'Europe/Berlin',
    );
    expect(notes.skipped).toMatch(/^Messages 00002 and 00003 record local times that did not exist/);
    expect(notes.earlierExplained).toMatch(
      /messages 00100, 00101, .* and 2 more as later than the message before each/,
    );
  });
});
