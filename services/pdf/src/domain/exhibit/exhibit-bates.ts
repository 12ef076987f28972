// An exhibit's Bates numbers must not repeat a number the export's documents already carry: the
// court-filing copy's (transcript.pdf carries the same numbers with "-N", and the filing copy's
// volumes the same pages' numbers) and, in the service, an earlier exhibit's of the same export.
// A number is compared as it is printed, letters without case: a reader citing DOE000005 cannot
// tell it from doe000005, and "DOE1" + "000001" prints what "DOE" + 1000001 prints. A copy's
// suffix ("-N", "-S") never ends a number without one, and the sealed copy's "-S" numbers repeat
// another's only where the exhibit's own do, so the numbers without suffix decide.

import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import type { ExhibitSpec } from '@chatexhibit/proto/exhibit-spec';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import { batesLabel, type BatesRun, filingBatesRun } from '../transcript/bates';
import { exhibitSpecError } from './exhibit-spec-error';

/** Numbers a document already carries, and how a refusal names the document. */
export interface TakenBates {
  /** "transcript-filing.pdf", 'exhibit "Exhibit P-7" (id …)'. */
  document: string;
  run: BatesRun;
}

/** The numbers the export's court-filing copy of `pageCount` pages carries: none without a prefix. */
export function filingCopyBates(
  facts: Pick<ExportFacts, 'batesPrefix' | 'batesStart'>,
  pageCount: number,
): TakenBates[] {
  const run = filingBatesRun(facts, pageCount);
  return run === null ? [] : [{ document: PACKAGE_PATHS.filingTranscript, run }];
}

/** The largest first number a spec may give (six digits, as `BatesStartSchema` says). */
const LAST_START = 999_999;

/** The number `label` stands for in the numbering of `prefix`, or null when that numbering never prints it. */
function numberIn(prefix: string, label: string): number | null {
  if (label.slice(0, prefix.length).toUpperCase() !== prefix.toUpperCase()) return null;
  const digits = label.slice(prefix.length);
  // Six digits, zero-padded; past 999999 all of them, never with a leading zero.
  if (!/^\d{6,}$/.test(digits) || (digits.length > 6 && digits.startsWith('0'))) return null;
  return Number(digits);
}

/** Whether some number is printed in both runs. */
function repeats(a: BatesRun, b: BatesRun): boolean {
  const [shorter, longer] = a.last - a.first <= b.last - b.first ? [a, b] : [b, a];
  for (let n = shorter.first; n <= shorter.last; n++) {
    const number = numberIn(longer.prefix, batesLabel(shorter.prefix, n));
    if (number !== null && longer.first <= number && number <= longer.last) return true;
  }
  return false;
}

/** "DOE000001 to DOE000012", or "DOE000001" alone. */
const rangeText = ({ prefix, first, last }: BatesRun): string =>
  first === last ? batesLabel(prefix, first) : `${batesLabel(prefix, first)} to ${batesLabel(prefix, last)}`;

/**
 * A first number whose `pages` numbers repeat none of the taken runs: the smallest just after one
 * of them (a production numbers on), else 1; null when neither fits (another prefix is then the way).
 */
function freeStart(prefix: string, pages: number, taken: readonly TakenBates[]): number | null {
  const afterEach = taken.flatMap(({ run }) => {
    const last = numberIn(prefix, batesLabel(run.prefix, run.last));
    return last === null ? [] : [last + 1];
  });
  return (
    [...afterEach.sort((a, b) => a - b), 1].find(
      (first) =>
        first <= LAST_START &&
        !taken.some(({ run }) => repeats({ prefix, first, last: first + pages - 1 }, run)),
    ) ?? null
  );
}

/**
 * The exhibit's Bates numbers, once its page count is known: null when the spec gives no prefix.
 * Refuses (ExhibitSpecError, starting with the field the filer set: batesStart, or batesPrefix
 * when the numbers start at 1 by default) numbers that repeat a taken run's, naming both runs and
 * a first number that repeats none.
 */
export function exhibitBatesRun(
  spec: Pick<ExhibitSpec, 'batesPrefix' | 'batesStart'>,
  pageCount: number,
  taken: readonly TakenBates[],
): BatesRun | null {
  if (spec.batesPrefix === undefined) return null;
  const first = spec.batesStart ?? 1;
  const run = { prefix: spec.batesPrefix, first, last: first + pageCount - 1 };
  const clash = taken.find((other) => repeats(run, other.run));
  if (clash === undefined) return run;
  const start = freeStart(run.prefix, pageCount, taken);
  throw exhibitSpecError.batesNumbersTaken(
    spec.batesStart === undefined ? 'batesPrefix' : 'batesStart',
    rangeText(run),
    clash.document,
    rangeText(clash.run),
    start === null
      ? null
      : { start, range: rangeText({ ...run, first: start, last: start + pageCount - 1 }) },
  );
}
