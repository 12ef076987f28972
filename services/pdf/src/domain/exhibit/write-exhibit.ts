import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { TextLayout } from '../text/text-layout';
import { writeCoverPages } from '../transcript/cover-writer';
import { MessageRows } from '../transcript/message-rows';
import { documentContext } from '../transcript/transcript-context';
import { COLOUR, ROW_GAP, STYLE } from '../transcript/transcript-style';
import { CONTENT_WIDTH, type CopySetup, type DocumentInfo, PAGE, TwinPages } from '../transcript/twin-pages';
import { lineHeight } from '../text/text-layout';
import type { TranscriptInput } from '../transcript/write-transcripts';
import {
  EXHIBIT_TITLE,
  type ExhibitCopy,
  type ExhibitSource,
  exhibitBates,
  exhibitCopyStatement,
  exhibitCoverSections,
  exhibitHeader,
  hasSealedCopy,
} from './exhibit-cover';
import { rowDecoration } from './exhibit-decoration';
import type { ExhibitPlan } from './exhibit-plan';
import { includedMessages, type MessageRun, omittedMessages } from './exhibit-wording';

export interface ExhibitInput {
  /** What the full transcript was drawn from: the exhibit draws its messages the same way. */
  transcript: TranscriptInput;
  plan: ExhibitPlan;
  source: ExhibitSource;
}

/**
 * What one document of an exhibit holds: runs of the plan's included messages, in order, and
 * the Bates number of its first page. The whole exhibit is `wholeExhibit(plan)`; a volume of it
 * is a part of its runs with the Bates number that continues the volume before.
 */
export interface ExhibitPart {
  runs: readonly MessageRun[];
  batesStart: number;
}

export const wholeExhibit = (plan: ExhibitPlan): ExhibitPart => ({
  runs: plan.included,
  batesStart: plan.spec.batesStart ?? 1,
});

/** The metadata of each copy: label, title and the export's reference, never a chat's words. */
function exhibitInfo(input: ExhibitInput, copy: ExhibitCopy): DocumentInfo {
  const { plan, source, transcript } = input;
  const preparedBy = transcript.source.facts.examination.preparedBy;
  const sealed = copy === 'sealed';
  return {
    title: `${plan.spec.label}: ${EXHIBIT_TITLE}${sealed ? ' (unredacted, filed under seal)' : ''}`,
    subject:
      `${includedMessages(plan.included, plan.totalMessages)} of the transcript of export ` +
      `${source.exportReference}, cut from its court-filing copy (SHA-256 ${source.filingSha256})`,
    keywords: `${plan.spec.label}; exhibit; ${sealed ? 'unredacted; under seal' : hasSealedCopy(plan) ? 'redacted' : 'excerpt'}; PDF/A-2b`,
    // A name that holds a redacted phone number stays out of the metadata.
    author: preparedBy === null || plan.maskPhoneNumbers(preparedBy).length > 0 ? null : preparedBy,
    creator: `ChatExhibit ${transcript.toolVersion}`,
    createdAt: transcript.generatedAt,
  };
}

/**
 * Writes one document of an exhibit in each of its copies from one layout: the exhibit (PDF/A-2b,
 * redactions removed) and, when the spec redacts, its unredacted copy for filing under seal
 * (PDF/A-2b, the removed stretches outlined, "UNREDACTED — FILED UNDER SEAL" on every page). The
 * cover, then the part's messages exactly as the transcript draws them (its numbers, times,
 * senders, source lines, day headings and marks), a line for each stretch left out, the
 * highlights, then the footers with the part's Bates numbers. Resolves to the page count.
 */
export async function writeExhibit(
  input: ExhibitInput,
  part: ExhibitPart,
  layout: TextLayout,
  out: { exhibit: Writable; sealed: Writable | null },
): Promise<{ pageCount: number }> {
  const { plan, source } = input;
  const setup: Partial<Record<ExhibitCopy, CopySetup>> = {
    exhibit: { info: exhibitInfo(input, 'exhibit'), pdfA: true, redaction: 'remove' },
  };
  if (hasSealedCopy(plan))
    setup.sealed = { info: exhibitInfo(input, 'sealed'), pdfA: true, redaction: 'mark' };
  // Only the copies set up are written: without redactions, the exhibit alone.
  const pages = new TwinPages<ExhibitCopy>(layout, setup as Record<ExhibitCopy, CopySetup>);
  const streams = pages.copies.map((copy) => {
    const stream = copy === 'exhibit' ? out.exhibit : out.sealed;
    if (stream === null) throw new Error(`no stream for the ${copy} copy`);
    pages.documents[copy].pipe(stream);
    return stream;
  });
  const context = documentContext(
    input.transcript,
    pages,
    {
      header: exhibitHeader(plan, source),
      headerMasks: [],
      source: `Cut from transcript SHA-256 ${source.filingSha256.slice(0, 16)}\u2026`,
      bates: (page) => exhibitBates(plan, part.batesStart, page),
    },
    null,
  );
  context.furniture.runningHeader();
  writeCoverPages(
    context,
    plan.spec.label,
    exhibitCopyStatement(plan),
    exhibitCoverSections(
      plan,
      source,
      input.transcript.cover.timeZone,
      input.transcript.source.chat.participants,
      part.batesStart,
    ),
  );

  const rows = new MessageRows(context);
  const highlighted = new Set(plan.highlights);
  const inPart = (index: number): boolean => part.runs.some((run) => run.first <= index && index <= run.last);
  /** A gap shows before the run it precedes, and the one after the exhibit's last run at its end. */
  const gapBefore = new Map(plan.omitted.map((gap) => [gap.last + 1, gap]));
  const lastRun = plan.included[plan.included.length - 1];
  const trailing = plan.omitted.find((gap) => lastRun !== undefined && gap.first === lastRun.last + 1);
  const drawGap = (gap: MessageRun): void => {
    pages.ensure(lineHeight(STYLE.zoneChange) + 2 * ROW_GAP);
    pages.y += ROW_GAP;
    pages.label(
      `\u2026 ${omittedMessages(gap, plan.totalMessages)} \u2026`,
      PAGE.margin,
      STYLE.zoneChange,
      COLOUR.muted,
      { align: 'center', width: CONTENT_WIDTH },
    );
    pages.y += lineHeight(STYLE.zoneChange) + ROW_GAP;
  };

  rows.begin();
  for await (const page of input.transcript.source.messages()) {
    for (const message of page) {
      if (!inPart(message.index)) {
        rows.skip(message);
        continue;
      }
      const gap = gapBefore.get(message.index);
      if (gap !== undefined && part.runs.some((run) => run.first === message.index)) drawGap(gap);
      await rows.row(message, rowDecoration(plan, message.index, highlighted.has(message.index)));
    }
  }
  if (trailing !== undefined && part.runs.some((run) => run.last === lastRun!.last)) drawGap(trailing);
  rows.finish();
  context.furniture.footers();
  const { count: pageCount } = pages.documents.exhibit.bufferedPageRange();
  pages.end();
  await Promise.all(streams.map((stream) => finished(stream)));
  return { pageCount };
}
