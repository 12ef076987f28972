// How the parser's notes count and list what they are about: a count, then the first numbers and
// how many more, so a note stays one line however many messages it concerns.

/** Numbers named in a note before the rest are counted. */
const LISTED_NUMBERS = 10;

export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "3, 7, 9" or "3, 7, … 41 and 12 more". */
export function listNumbers(numbers: readonly number[]): string {
  const listed = numbers.slice(0, LISTED_NUMBERS).join(', ');
  return numbers.length > LISTED_NUMBERS ? `${listed} and ${numbers.length - LISTED_NUMBERS} more` : listed;
}

export function listLines(lines: readonly number[]): string {
  return `line${lines.length === 1 ? '' : 's'} ${listNumbers(lines)}`;
}
