/**
 * The exhibit reference of every upload path messages link an attachment to, numbered in order of
 * first reference (ChatSummary.references): the transcript's and messages.csv's one numbering.
 */
export const exhibitReferences = (references: ReadonlyMap<string, unknown>): Map<string, string> =>
  new Map([...references.keys()].map((path, i) => [path, exhibitReference(i + 1)]));

/** Exhibit reference of the n-th (1-based) media item in the filing copy: 1 → 'A-0001'. */
export function exhibitReference(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`an exhibit number is a whole number from 1, got ${n}`);
  return `A-${String(n).padStart(4, '0')}`;
}
