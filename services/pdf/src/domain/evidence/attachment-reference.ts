/**
 * The attachment reference of every upload path messages link an attachment to, numbered in order
 * of first reference (ChatSummary.references): the one numbering of the transcripts, messages.csv
 * and the package's texts.
 */
export const attachmentReferences = (references: ReadonlyMap<string, unknown>): Map<string, string> =>
  new Map([...references.keys()].map((path, i) => [path, attachmentReference(i + 1)]));

/**
 * The reference of the n-th (1-based) attached file: 1 → 'Attachment 1'. Never "Exhibit" or a
 * letter: those are the court's, and the transcript itself is one exhibit.
 */
export function attachmentReference(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`an attachment number is a whole number from 1, got ${n}`);
  return `Attachment ${n}`;
}
