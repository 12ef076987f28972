// What an exhibit holds and leaves out, worded in this one place for its cover, its gap lines and
// the refusals that quote it, with the counts worded as every other document words them; and how
// it names its court profile and its sealed copy.

import {
  COURT_PROFILES,
  type CourtProfile,
  type CourtProfileId,
  maxFileBytesOf,
  type SealedCopyMark,
} from '@chatexhibit/proto/exhibit-spec';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { countOf, formatInteger } from '@chatexhibit/proto/count-words';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { SMALLEST_SIZE } from '../transcript/twin-pages';

/** Messages `first` to `last` of the transcript, by its numbers (a run of one when they are equal). */
export interface MessageRun {
  first: number;
  last: number;
}

/** The run's length in messages. */
export const runLength = (run: MessageRun): number => run.last - run.first + 1;

/** "0412–0440", or "0512" for a run of one. */
export const runNumbers = (run: MessageRun, totalMessages: number): string =>
  run.first === run.last
    ? messageNumber(run.first, totalMessages)
    : `${messageNumber(run.first, totalMessages)}\u2013${messageNumber(run.last, totalMessages)}`;

/** "a", "a and b", "a, b and c". */
export const listed = (items: readonly string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** "messages 0412–0440 and 0512 of 2,000"; "message 0512 of 2,000" for one; "no messages of 2,000" for none. */
export function includedMessages(included: readonly MessageRun[], totalMessages: number): string {
  const count = included.reduce((sum, run) => sum + runLength(run), 0);
  const of = `of ${formatInteger(totalMessages)}`;
  if (count === 0) return `no messages ${of}`;
  return `${count === 1 ? 'message' : 'messages'} ${listed(included.map((run) => runNumbers(run, totalMessages)))} ${of}`;
}

/** "71 messages omitted (0441–0511)": the line an exhibit draws where it leaves messages out. */
export const omittedMessages = (gap: MessageRun, totalMessages: number): string =>
  `${countOf(runLength(gap), 'message')} omitted (${runNumbers(gap, totalMessages)})`;

/** How the sealed copy names what it is, and the declaration's sentence of how it is submitted. */
export interface SealedCopyWording {
  /** On every page: "UNREDACTED — FILED UNDER SEAL". */
  mark: string;
  /** In its metadata: "filed under seal". */
  status: string;
  /** "It is submitted to be filed under seal.", in the present tense of what is being done; null when not chosen. */
  submitted: string | null;
}

/**
 * By the spec's `sealedCopyMark`; when the filer has not chosen one, only what is true whatever
 * they do: the copy is not for public filing.
 */
export const sealedCopyWording = (mark: SealedCopyMark | undefined): SealedCopyWording =>
  mark === undefined ? NOT_CHOSEN : CHOSEN[mark];

const NOT_CHOSEN: SealedCopyWording = {
  mark: 'UNREDACTED \u2014 NOT FOR PUBLIC FILING',
  status: 'not for public filing',
  submitted: null,
};

const CHOSEN: Record<SealedCopyMark, SealedCopyWording> = {
  'filed-under-seal': {
    mark: 'UNREDACTED \u2014 FILED UNDER SEAL',
    status: 'filed under seal',
    submitted: 'It is submitted to be filed under seal.',
  },
  'lodged-conditionally-under-seal': {
    mark: 'UNREDACTED \u2014 LODGED CONDITIONALLY UNDER SEAL',
    status: 'lodged conditionally under seal',
    submitted: 'It is lodged conditionally under seal.',
  },
};

/** A court profile as the cover and the manifest name it: its preset's id, its name, its limit. */
export interface NamedCourtProfile {
  preset: CourtProfileId | null;
  name: string;
  maxFileBytes: number | null;
}

export const namedCourtProfile = (profile: CourtProfile): NamedCourtProfile =>
  'preset' in profile
    ? { preset: profile.preset, ...COURT_PROFILES[profile.preset] }
    : {
        preset: null,
        name: 'maxFileBytes' in profile ? 'custom' : 'none',
        maxFileBytes: maxFileBytesOf(profile),
      };

/** "35,000,000 bytes (35 MB)", a MB being 1,000,000 bytes as the presets count them. */
export const sizeLimitWords = (maxFileBytes: number): string =>
  `${countOf(maxFileBytes, 'byte')} (${maxFileBytes / 1_000_000} MB)`;

/** Whether one of `runs` holds message `index`. */
export const runsHold = (runs: readonly MessageRun[], index: number): boolean =>
  runs.some((run) => run.first <= index && index <= run.last);

/**
 * How the redacted copy's boxes are laid out, and why both copies still cite a message alike: for
 * the cover and the redaction log, which say it in the same words.
 */
export const REDACTION_BOX_LAYOUT =
  'Every box of one label is as wide as its label, whatever it removes, and the words after it move up to close the line: no box tells how long the removed text was. ' +
  `Nor does any row height or page break: ${EXHIBIT_PATHS.exhibit} is laid out from what it shows alone, and ${EXHIBIT_PATHS.sealed}, the unredacted copy, keeps its pages, ` +
  'setting a text that needs more room smaller in its row and continuing what still does not fit on pages at its end. ' +
  'So each message is on the same page, with the same Bates number, in each copy, though its lines may break in other places.';

/** Heads the pages that only the unredacted copy has. */
export const CONTINUATION_HEADING = 'Continued texts of the unredacted copy';

/** Below CONTINUATION_HEADING: why these pages exist and what is on them. */
export const CONTINUATION_INTRO =
  `The pages before these are those of ${EXHIBIT_PATHS.exhibit}, which is laid out from what it shows alone, so that no row height or page break tells how long a removed text was. ` +
  `Where an unredacted text needs more room than its row has there, this copy sets it smaller in the row, down to ${SMALLEST_SIZE} pt, and what still does not fit continues here, in the order of the pages, under the message it belongs to; its row says so. ` +
  `These pages are in this copy only: they follow the pages both copies share, and their numbers are the last shared page's with ".1", ".2", … after it.`;

/** `where` is 'message 0004' or, on the cover, 'page 2': the line that ends a row whose text continues at the end. */
export const continuedInPlace = (where: string): string =>
  `\u2192 continued at the end of this copy, under ${where}`;

/** Heads a text carried over: where it comes from. */
export const continuedFrom = (where: string, page: number, bates: string | null): string =>
  `${where.charAt(0).toUpperCase()}${where.slice(1)}, continued from page ${page}${bates === null ? '' : ` (${bates})`}`;

/** The footer of the `number`th of `count` pages only the unredacted copy has, after `sharedPages`. */
export const continuationFooter = (number: number, count: number, sharedPages: number): string =>
  `Continued texts, page ${number} of ${count}, after page ${sharedPages}`;
