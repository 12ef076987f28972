import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { TextLayout } from '../text/text-layout';
import type { CoverSection } from '../transcript/cover-content';
import { writeCoverPages } from '../transcript/cover-writer';
import { MessageRows } from '../transcript/message-rows';
import { documentContext, type TranscriptContext } from '../transcript/transcript-context';
import { COLOUR, ROW_GAP, STYLE } from '../transcript/transcript-style';
import { CONTENT_WIDTH, type CopySetup, type DocumentInfo, PAGE, TwinPages } from '../transcript/twin-pages';
import { lineHeight } from '../text/text-layout';
import type { TranscriptInput } from '../transcript/write-transcripts';
import {
  exhibitTitle,
  type ExhibitCopy,
  type ExhibitSource,
  exhibitBates,
  exhibitCopyStatement,
  exhibitCoverSections,
  exhibitHeader,
  hasSealedCopy,
} from './exhibit-cover';
import { rowDecoration } from './exhibit-decoration';
import { SealedContinuation } from './sealed-continuation';
import type { ExhibitPlan } from './exhibit-plan';
import {
  includedMessages,
  type MessageRun,
  omittedMessages,
  runsHold,
  sealedCopyWording,
} from './exhibit-wording';

export interface ExhibitInput {
  /** What the full transcript was drawn from: the exhibit draws its messages the same way. */
  transcript: TranscriptInput;
  plan: ExhibitPlan;
  source: ExhibitSource;
  /** The cover's Time zone section, for the exhibit's messages (exhibitTimeZone). */
  timeZone: CoverSection;
}

/** The metadata of each copy: label, title and the export's reference, never a chat's words. */
function exhibitInfo(input: ExhibitInput, copy: ExhibitCopy): DocumentInfo {
  const { plan, source, transcript } = input;
  const preparedBy = transcript.source.facts.examination.preparedBy;
  const sealed = copy === 'sealed';
  return {
    title: `${plan.spec.label}: ${exhibitTitle(plan)}${sealed ? ` (unredacted, ${sealedCopyWording(plan.spec.sealedCopyMark).status})` : ''}`,
    subject:
      `${includedMessages(plan.included, plan.totalMessages)} of the transcript of export ` +
      `${source.exportReference}, cut from its court-filing copy (SHA-256 ${source.filingSha256})`,
    keywords: `${plan.spec.label}; exhibit; ${sealed ? `unredacted; ${sealedCopyWording(plan.spec.sealedCopyMark).status}` : hasSealedCopy(plan) ? 'redacted' : 'excerpt'}; PDF/A-2b`,
    // A name that holds a redacted phone number or text stays out of the metadata.
    author: preparedBy === null || plan.maskEverywhere(preparedBy).length > 0 ? null : preparedBy,
    creator: `ChatExhibit ${transcript.toolVersion}`,
    createdAt: transcript.generatedAt,
  };
}

/** The copies an exhibit is written in: the exhibit, and its sealed copy when the spec redacts. */
export function exhibitSetup(input: ExhibitInput): Record<ExhibitCopy, CopySetup> {
  const setup: Partial<Record<ExhibitCopy, CopySetup>> = {
    exhibit: { info: exhibitInfo(input, 'exhibit'), pdfA: true, redaction: 'remove' },
  };
  if (hasSealedCopy(input.plan))
    setup.sealed = { info: exhibitInfo(input, 'sealed'), pdfA: true, redaction: 'mark' };
  // Only the copies set up are written: without redactions, the exhibit alone.
  return setup as Record<ExhibitCopy, CopySetup>;
}

/** The exhibit's context on `pages`: its running header, footers and Bates numbers. */
export function exhibitContext(
  input: ExhibitInput,
  pages: TwinPages<ExhibitCopy>,
): TranscriptContext<ExhibitCopy> {
  const { plan, source } = input;
  return documentContext(
    input.transcript,
    pages,
    {
      header: exhibitHeader(plan, source, input.transcript.source.facts),
      headerMasks: [],
      source: `Cut from transcript SHA-256 ${source.filingSha256.slice(0, 16)}\u2026`,
      bates: (page) => exhibitBates(plan, batesStartOf(plan), page),
    },
    null,
  );
}

/** The Bates number of the exhibit's first page. */
export const batesStartOf = (plan: ExhibitPlan): number => plan.spec.batesStart ?? 1;

/**
 * Writes an exhibit in each of its copies from one layout: the exhibit (PDF/A-2b, redactions
 * removed) and, when the spec redacts, its unredacted copy (PDF/A-2b, the removed stretches
 * outlined, its sealed mark on every page), then the footers
 * with its Bates numbers. Resolves to the page count and, for each row of the redaction log that
 * removes something from a message, the pages its black boxes are drawn on, in order.
 */
export async function writeExhibit(
  input: ExhibitInput,
  layout: TextLayout,
  out: { exhibit: Writable; sealed: Writable | null },
): Promise<{ pageCount: number; logPages: ReadonlyMap<number, readonly number[]> }> {
  const pages = new TwinPages<ExhibitCopy>(layout, exhibitSetup(input));
  const logPages = new Map<number, number[]>();
  pages.onBoxDrawn = (box, page) => {
    for (const row of box.logRows ?? []) {
      const drawnOn = logPages.get(row) ?? [];
      if (!drawnOn.includes(page)) logPages.set(row, [...drawnOn, page]);
    }
  };
  const streams = pages.copies.map((copy) => {
    const stream = copy === 'exhibit' ? out.exhibit : out.sealed;
    if (stream === null) throw new Error(`no stream for the ${copy} copy`);
    pages.documents[copy].pipe(stream);
    return stream;
  });
  const context = exhibitContext(input, pages);
  await layOutExhibit(context, input, new SealedContinuation(input.plan));
  context.furniture.footers();
  const { count: pageCount } = pages.documents.exhibit.bufferedPageRange();
  pages.end();
  await Promise.all(streams.map((stream) => finished(stream)));
  return { pageCount, logPages };
}

/**
 * The exhibit's pages from the first: the cover, then the included messages exactly as the
 * transcript draws them (its numbers, times, senders, source lines, day headings and marks), a
 * line for each stretch left out, and the highlights; after them, in the sealed copy alone, the
 * texts it carried over (`continuation`, one for every pass of the layout). The one layout of the
 * exhibit and of every volume of it.
 */
export async function layOutExhibit(
  context: TranscriptContext<ExhibitCopy>,
  input: ExhibitInput,
  continuation: SealedContinuation,
): Promise<void> {
  const { plan, source } = input;
  const { pages } = context;
  pages.carryOver = continuation;
  context.furniture.runningHeader();
  writeCoverPages(
    context,
    plan.spec.label,
    exhibitCopyStatement(plan),
    exhibitCoverSections(
      plan,
      source,
      input.transcript.source.facts,
      input.timeZone,
      input.transcript.source.chat.participants,
      batesStartOf(plan),
    ),
  );

  const rows = new MessageRows(context);
  const highlighted = new Set(plan.highlights);
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
      if (!runsHold(plan.included, message.index)) {
        rows.skip(message);
        continue;
      }
      if (!rows.reach(message)) continue;
      const gap = gapBefore.get(message.index);
      if (gap !== undefined) drawGap(gap);
      continuation.message = message.index;
      await rows.row(message, rowDecoration(plan, message.index, highlighted.has(message.index)));
      continuation.message = null;
    }
  }
  if (trailing !== undefined) drawGap(trailing);
  rows.finish();
  await continuation.write(context);
}
