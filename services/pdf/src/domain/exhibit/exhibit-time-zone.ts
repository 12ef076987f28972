// The Time zone section of an exhibit's cover: the transcript's own statement, naming what the
// zone says of the messages the exhibit shows: the clock changes its rows mark, and each change in
// a stretch it leaves out between two shown messages, which no row marks (the shown messages after
// it read at another offset).

import { type CoverSection, type OmittedZoneChanges, timeZoneSection } from '../transcript/cover-content';
import { type MessageAnomalies, noteTimeAnomalies } from '../transcript/message-anomalies';
import type { ZoneChange } from '../transcript/time-zone';
import type { TranscriptInput } from '../transcript/write-transcripts';
import { ZoneClock } from '../transcript/zone-clock';
import type { ExhibitPlan } from './exhibit-plan';
import { runsHold } from './exhibit-wording';

/**
 * Reads every message's time in export order, as the exhibit's rows read them (a left-out
 * message's time is read too, so a repeated hour reads as in the transcript), and keeps for the
 * included messages the clock changes their rows mark, their skipped times and reorderings, and
 * the changes between left-out messages after the first included one, by the included messages
 * around them.
 */
export async function exhibitTimeZone(transcript: TranscriptInput, plan: ExhibitPlan): Promise<CoverSection> {
  const { facts, chat } = transcript.source;
  const { firstAt, lastAt } = transcript.summary;
  const clock = new ZoneClock({ timeZone: facts.timeZone, firstAt, lastAt });
  const changes: ZoneChange[] = [];
  const anomalies: Pick<MessageAnomalies, 'skippedTimes' | 'laterAfterClocksWentBack'> = {
    skippedTimes: [],
    laterAfterClocksWentBack: [],
  };
  const omittedChanges: OmittedZoneChanges[] = [];
  let unmarked: ZoneChange[] = [];
  let lastIncluded: number | null = null;
  let firstIncludedAt: string | null = null;
  for await (const page of transcript.source.messages()) {
    for (const message of page) {
      const time = clock.read(message);
      if (!runsHold(plan.included, message.index)) {
        if (lastIncluded !== null) unmarked.push(...time.changesBefore);
        continue;
      }
      if (unmarked.length > 0)
        omittedChanges.push({ lastShown: lastIncluded!, nextShown: message.index, changes: unmarked });
      unmarked = [];
      lastIncluded = message.index;
      if (firstIncludedAt === null && !message.flags.includes('invalidDate'))
        firstIncludedAt = message.timestamp;
      changes.push(...time.changesBefore);
      noteTimeAnomalies(anomalies, message, time);
    }
  }
  return timeZoneSection(facts, chat.calendar, plan.totalMessages, {
    scope: 'the stretches of messages this exhibit shows',
    unstatedScope: 'the stretches of messages this exhibit shows',
    firstMessage: "this exhibit's first message",
    firstAt: firstIncludedAt,
    changes,
    omittedChanges,
    anomalies,
  });
}
