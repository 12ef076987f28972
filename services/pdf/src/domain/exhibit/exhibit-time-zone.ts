// The Time zone section of an exhibit's cover: the transcript's own statement, naming only what the
// zone says of the messages the exhibit draws (a clock change in a stretch it leaves out is the full
// transcript's to name, not the exhibit's).

import { type CoverSection, timeZoneSection } from '../transcript/cover-content';
import { type MessageAnomalies, noteTimeAnomalies } from '../transcript/message-anomalies';
import type { ZoneChange } from '../transcript/time-zone';
import type { TranscriptInput } from '../transcript/write-transcripts';
import { ZoneClock } from '../transcript/zone-clock';
import type { ExhibitPlan } from './exhibit-plan';
import { runsHold } from './exhibit-wording';

/**
 * Reads every message's time in export order, as the exhibit's rows read them (a left-out
 * message's time is read too, so a repeated hour reads as in the transcript), and keeps for the
 * included messages the clock changes their rows mark, their skipped times and reorderings.
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
  let firstIncludedAt: string | null = null;
  for await (const page of transcript.source.messages()) {
    for (const message of page) {
      const time = clock.read(message);
      if (!runsHold(plan.included, message.index)) continue;
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
    anomalies,
  });
}
