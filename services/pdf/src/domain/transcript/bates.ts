import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import type { TranscriptCopy } from './twin-pages';

/**
 * Added to a page's Bates number in transcript.pdf, the native copy (files may be embedded): the
 * court-filing copy carries the Bates numbers, and the native copy's page N carries the number
 * of the filing copy's page N with this suffix. So no number is on two documents, and each
 * native page still names the filing page with the same content.
 */
export const NATIVE_COPY_SUFFIX = '-N';
/** Numbers are padded to this many digits; a number past 999999 keeps all its digits. */
const DIGITS = 6;

const LAST_SIX_DIGIT_NUMBER = 10 ** DIGITS - 1;

type BatesFacts = Pick<ExportFacts, 'batesPrefix' | 'batesStart'>;

/**
 * The Bates number of a page (1-based) of a copy: the prefix and `batesStart + page - 1` padded
 * to six digits, "SMITH001001" in the filing copy and "SMITH001001-N" in transcript.pdf, and
 * "SMITH1000000" past 999999; null without a prefix.
 */
export function batesNumber(facts: BatesFacts, page: number, copy: TranscriptCopy): string | null {
  if (facts.batesPrefix === null) return null;
  const number = batesLabel(facts.batesPrefix, facts.batesStart + page - 1);
  return copy === 'filing' ? number : `${number}${NATIVE_COPY_SUFFIX}`;
}

/** The Bates numbers a document carries, one per page: its prefix and its first and last numbers. */
export interface BatesRun {
  prefix: string;
  first: number;
  last: number;
}

/** The court-filing copy's Bates numbers (transcript.pdf's are the same with "-N"); null without a prefix. */
export const filingBatesRun = (facts: BatesFacts, pageCount: number): BatesRun | null =>
  facts.batesPrefix === null
    ? null
    : { prefix: facts.batesPrefix, first: facts.batesStart, last: facts.batesStart + pageCount - 1 };

/** A Bates number as every document writes it: the prefix and the number in six digits or more ("SMITH001001"). */
export const batesLabel = (prefix: string, number: number): string =>
  `${prefix}${String(number).padStart(DIGITS, '0')}`;

/**
 * The Bates numbering in words for the package's texts (processing record, README.txt), with
 * both documents' ranges: `pageCount` is the page count of each transcript.
 */
export function batesStatement(facts: BatesFacts, pageCount: number): string {
  if (facts.batesPrefix === null) return 'Bates numbering: none.';
  const range = (copy: TranscriptCopy) =>
    `${batesNumber(facts, 1, copy)!} to ${batesNumber(facts, pageCount, copy)!}`;
  return (
    `Bates numbering: prefix "${facts.batesPrefix}". ${PACKAGE_PATHS.filingTranscript}, the ` +
    `court-filing copy, is numbered ${range('filing')}, one number per page` +
    (facts.batesStart + pageCount - 1 > LAST_SIX_DIGIT_NUMBER
      ? `, in six digits up to ${facts.batesPrefix}${LAST_SIX_DIGIT_NUMBER} and in more from there. `
      : '. ') +
    `${PACKAGE_PATHS.transcript} has the same pages: each carries the number of the filing copy's ` +
    `page with the same content followed by "${NATIVE_COPY_SUFFIX}" (native copy), ` +
    `${range('transcript')}. No number is on both, and no other file of the evidence package ` +
    'carries Bates numbers.'
  );
}

/**
 * The Bates numbering as each copy's cover states it, drawn before the page count is known: the
 * copy's own first number and the rule, never a number the other copy carries.
 */
export function batesCoverStatement(facts: BatesFacts, copy: TranscriptCopy): string {
  if (facts.batesPrefix === null) return 'Bates numbering: none.';
  const first = batesNumber(facts, 1, copy)!;
  return copy === 'filing'
    ? `Bates numbering: prefix "${facts.batesPrefix}", one number per page from ${first} in this ` +
        `court-filing copy. ${PACKAGE_PATHS.transcript} has the same pages, each numbered as here ` +
        `with "${NATIVE_COPY_SUFFIX}" (native copy) added, so no number is on both.`
    : `Bates numbering: prefix "${facts.batesPrefix}". Each page of this native copy carries the ` +
        `number of the court-filing copy's page with the same content followed by ` +
        `"${NATIVE_COPY_SUFFIX}", from ${first}; ${PACKAGE_PATHS.filingTranscript} carries the ` +
        'numbers themselves, so no number is on both.';
}
