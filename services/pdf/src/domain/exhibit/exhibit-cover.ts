// What an exhibit's cover says, as facts only (advice to the filer is the declaration paragraph's):
// what it is, what it was cut from (by SHA-256), what it holds and leaves out, what it removes and
// why (and that the full transcript does not), the court's size
// limit, how its times read (the transcript's own statement, for its messages) and who the
// participants are, with every redacted phone number removed there too.

import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { REDACTION_REASONS, type RedactionCategory } from '@chatexhibit/proto/exhibit-spec';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { countOf } from '@chatexhibit/proto/count-words';
import { batesLabel } from '../transcript/bates';
import type { CoverSection } from '../transcript/cover-content';
import { labelled } from '../transcript/transcript-copies';
import { type CopyText, textIn } from '../transcript/twin-pages';
import { redactionLabel, textMasks } from './exhibit-decoration';
import type { ExhibitPlan } from './exhibit-plan';
import {
  includedMessages,
  namedCourtProfile,
  omittedMessages,
  REDACTION_BOX_LAYOUT,
  sealedCopyWording,
  sizeLimitWords,
} from './exhibit-wording';

export const EXHIBIT_COPIES = ['exhibit', 'sealed'] as const;
/** The exhibit as filed (redacted when the spec redacts), and its unredacted copy for filing under seal. */
export type ExhibitCopy = (typeof EXHIBIT_COPIES)[number];

/**
 * What the exhibit's title and metadata call it: an excerpt, or the whole transcript when it
 * leaves no message out (a public copy).
 */
export const exhibitTitle = (plan: Pick<ExhibitPlan, 'omitted'>): string =>
  `${plan.omitted.length === 0 ? 'Transcript' : 'Excerpt of the transcript'} of a WhatsApp chat export`;
/**
 * Added to a page's Bates number in the sealed copy: page N of either copy is the same page, and
 * no number is on both documents (as the transcript's native copy does with "-N").
 */
export const SEALED_COPY_SUFFIX = '-S';
/** Omitted stretches named one by one on the cover; past these, a count. */
const LISTED_GAPS = 10;

/** What the cover, header and footers of an exhibit say of where it comes from. */
export interface ExhibitSource {
  exportReference: string;
  /** SHA-256 of the upload. */
  uploadSha256: string;
  /** SHA-256 of the full transcript's court-filing copy, which the exhibit is cut from. */
  filingSha256: string;
}

/** Whether the exhibit has an unredacted copy: only when its spec redacts something. */
export const hasSealedCopy = (plan: ExhibitPlan): boolean => plan.spec.redactions.length > 0;

/** On every page of the sealed copy, first in its running header: "UNREDACTED — NOT FOR PUBLIC FILING". */
export const sealedMark = (plan: ExhibitPlan): string => sealedCopyWording(plan.spec.sealedCopyMark).mark;

/**
 * What a header of the exhibit's files says first: the case number when the export's facts give
 * one, as the transcript's header words it; none when it holds a redacted phone number or text.
 */
export function caseNumberHeading(plan: ExhibitPlan, facts: ExportFacts): string[] {
  const { caseNumber } = facts.examination;
  return caseNumber === null || plan.maskEverywhere(caseNumber).length > 0
    ? []
    : [labelled('Case no.', caseNumber)];
}

/**
 * The running header: the sealed mark first in the sealed copy, the case number
 * (`caseNumberHeading`), the label, the title, the export.
 */
export function exhibitHeader(
  plan: ExhibitPlan,
  source: ExhibitSource,
  facts: ExportFacts,
): CopyText<ExhibitCopy> {
  const common = [
    ...caseNumberHeading(plan, facts),
    plan.spec.label,
    exhibitTitle(plan),
    `export ${source.exportReference}`,
  ].join(' · ');
  return hasSealedCopy(plan)
    ? { exhibit: `${common} · redacted`, sealed: `${sealedMark(plan)} · ${common}` }
    : common;
}

/** A page's Bates number in each copy; null when the spec gives no prefix. */
export function exhibitBates(
  plan: ExhibitPlan,
  batesStart: number,
  page: number,
): CopyText<ExhibitCopy> | null {
  const { batesPrefix } = plan.spec;
  if (batesPrefix === undefined) return null;
  const number = batesLabel(batesPrefix, batesStart + page - 1);
  return { exhibit: number, sealed: `${number}${SEALED_COPY_SUFFIX}` };
}

/** The line under the title: which copy this is, and where the other is. */
export function exhibitCopyStatement(plan: ExhibitPlan): CopyText<ExhibitCopy> {
  const title = exhibitTitle(plan);
  if (!hasSealedCopy(plan)) return `${title} (${EXHIBIT_PATHS.exhibit}), PDF/A-2b.`;
  return {
    exhibit:
      `${title}, redacted (${EXHIBIT_PATHS.exhibit}), PDF/A-2b. The unredacted copy, ` +
      `${EXHIBIT_PATHS.sealed}, has the same pages, each marked "${sealedMark(plan)}", and may end with pages of its own.`,
    sealed:
      `${sealedMark(plan)}. ${title}, unredacted (${EXHIBIT_PATHS.sealed}), PDF/A-2b: the same ` +
      `pages as ${EXHIBIT_PATHS.exhibit}, with each stretch that copy removes outlined here, and may end with pages of its own.`,
  };
}

/** "a; b; c and 3 more" of the omitted stretches. */
function omittedList(plan: ExhibitPlan): string {
  const listed = plan.omitted.slice(0, LISTED_GAPS).map((gap) => omittedMessages(gap, plan.totalMessages));
  const more = plan.omitted.length - listed.length;
  return `${listed.join('; ')}${more > 0 ? `; and ${countOf(more, 'more stretch', 'more stretches')}` : ''}`;
}

/** The redactions by reason, in the order of the reasons: "SSN/TIN 1, Account no. 2". */
function redactionsByReason(plan: ExhibitPlan): string {
  const counts = new Map<RedactionCategory, number>();
  for (const { reason } of plan.spec.redactions)
    counts.set(reason.category, (counts.get(reason.category) ?? 0) + 1);
  return (Object.keys(REDACTION_REASONS) as RedactionCategory[])
    .filter((category) => counts.has(category))
    .map((category) => `${REDACTION_REASONS[category].description}: ${counts.get(category)}`)
    .join('; ');
}

/**
 * The limit and how the exhibit is split under it, as a judge needs it: worded as a rule, since no
 * file can state its own size (each volume's own cover names it). What else the limit does and
 * does not split, and each file's size, are the manifest's and the warnings'.
 */
function sizeLimitParagraph(plan: ExhibitPlan): string {
  const profile = namedCourtProfile(plan.spec.courtProfile);
  if (profile.maxFileBytes === null)
    return 'Court profile: none, so no size limit is set; each copy of this exhibit is one file.';
  const limit = sizeLimitWords(profile.maxFileBytes);
  const copies = hasSealedCopy(plan)
    ? `${EXHIBIT_PATHS.exhibit} or ${EXHIBIT_PATHS.sealed}`
    : EXHIBIT_PATHS.exhibit;
  return (
    `Court profile: ${profile.preset === null ? `a custom limit of ${limit}` : `${profile.name} (${profile.preset}), a limit of ${limit}`} per file. ` +
    `When ${copies} is over that limit, it is also split, in page order, into volumes that each stay ` +
    'under the limit and hold its pages with the same page and Bates numbers.'
  );
}

/** A text that may differ by copy, as one string when it does not. */
function perExhibitCopy(make: (copy: ExhibitCopy) => string): CopyText<ExhibitCopy> {
  const [exhibit, sealed] = EXHIBIT_COPIES.map(make) as [string, string];
  return exhibit === sealed ? exhibit : { exhibit, sealed };
}

/** Whether some included message's sender is masked. */
const masksASender = (plan: ExhibitPlan): boolean =>
  [...plan.redactions.values()].some(({ masks }) => masks.some((mask) => mask.field === 'sender'));

/**
 * The cover's sections. `timeZone` is the transcript's Time zone section for the exhibit's
 * messages (exhibit-time-zone.ts); `participants` the chat's, as the export names them.
 */
export function exhibitCoverSections(
  plan: ExhibitPlan,
  source: ExhibitSource,
  facts: ExportFacts,
  timeZone: CoverSection,
  participants: readonly string[],
  batesStart: number,
): CoverSection<ExhibitCopy>[] {
  const { spec, totalMessages } = plan;
  const filing = PACKAGE_PATHS.filingTranscript;
  const sealed = hasSealedCopy(plan);
  const first = exhibitBates(plan, batesStart, 1);
  const senderMasked = masksASender(plan);
  return [
    {
      heading: 'Source',
      rows: [
        ['Exhibit', spec.label],
        ['Export reference', source.exportReference],
        ['Cut from', `${filing}, the PDF/A copy of the full transcript of that export`],
        [`SHA-256 of ${filing}`, source.filingSha256],
        ['SHA-256 of the upload', source.uploadSha256],
      ],
    },
    {
      heading: 'Contents',
      paragraphs: [
        perExhibitCopy(
          (copy) =>
            `This exhibit holds ${includedMessages(plan.included, totalMessages)}, each with the number, date, ` +
            `${facts.options.includeTimestamps ? 'time, ' : ''}sender${copy === 'exhibit' && senderMasked ? ' (redacted where the redaction log says)' : ''} ` +
            'and source lines the full transcript gives it, laid out as there.' +
            (spec.context > 0
              ? ` Each selection is shown with up to ${countOf(spec.context, 'message')} before and after it, for context.`
              : ''),
        ),
        plan.omitted.length === 0
          ? 'No message of the chat is left out.'
          : `Left out: ${omittedList(plan)}. A line such as "\u2026 ${omittedMessages(plan.omitted[0]!, totalMessages)} \u2026" marks each stretch where it falls. Every message is in the full transcript, ${filing}, and in the evidence package of export ${source.exportReference}${sealed ? ', unredacted (see Redactions)' : ''}.`,
        ...(plan.highlights.length === 0
          ? []
          : [
              `${countOf(plan.highlights.length, 'message is', 'messages are')} highlighted by the filer: a yellow tint over the row and a bar in the left margin. The highlight changes nothing of what the message shows.`,
            ]),
        first === null
          ? 'Bates numbering: none.'
          : `Bates numbering: one number per page from ${textIn(first, 'exhibit')}` +
            (sealed
              ? `; each page of ${EXHIBIT_PATHS.sealed} carries the number of the same page of ${EXHIBIT_PATHS.exhibit} followed by "${SEALED_COPY_SUFFIX}", so no number is on both.`
              : '.'),
      ],
    },
    ...(sealed
      ? [
          {
            heading: 'Redactions',
            paragraphs: [
              // Facts only: what the filer should do with the unredacted files is the declaration paragraph's note to them.
              `The full transcript, ${filing} (SHA-256 ${source.filingSha256}), and the evidence package of export ${source.exportReference} are not redacted and are not part of this exhibit.`,
              `The filer asked for ${countOf(spec.redactions.length, 'redaction')} (${redactionsByReason(plan)}), which remove text in ${countOf(plan.log.length, 'place')}, each a row of ${EXHIBIT_PATHS.redactionLogPdf} and ${EXHIBIT_PATHS.redactionLogCsv}: the message, the place, what was removed and the reason, never the removed text nor its length.`,
              {
                exhibit: `In this copy the removed text is gone from the page and from the PDF\u2019s text, metadata and bookmarks; a black box stands in its place, labelled with ${plan.spec.redactions.some((asked) => 'replaceWith' in asked && asked.replaceWith !== undefined) ? 'the reason or the filer\u2019s replacement' : 'the reason'} (such as "[${redactionLabel(plan, 0).label}]"). ${REDACTION_BOX_LAYOUT}${plan.spec.redactions.some((asked) => asked.kind === 'attachment') ? ' A withheld attachment loses its name, size, hash and picture the same way.' : ''}`,
                sealed: `This copy removes nothing: each stretch that ${EXHIBIT_PATHS.exhibit} removes is outlined. ${REDACTION_BOX_LAYOUT}`,
              },
            ],
          },
        ]
      : []),
    { heading: 'Size limit', paragraphs: [sizeLimitParagraph(plan)] },
    {
      heading: timeZone.heading,
      paragraphs: (timeZone.paragraphs ?? []).map((text) => textIn(text, 'filing')),
    },
    {
      heading: 'Participants',
      paragraphs: ['As the export names them, each beside the mark its messages carry:'],
      markedParticipants: {
        names: participants,
        masks: (text) => textMasks(plan, plan.maskEverywhere(text)),
      },
    },
  ];
}
