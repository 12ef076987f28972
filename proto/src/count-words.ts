// Counts as every text of ChatExhibit words them, in documents, notes, errors and the web app:
// digits grouped by thousands the same on every machine, and the word made plural to match.

/** 1234567 → '1,234,567', the same on every machine. */
export const formatInteger = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "1 file", "2,006 files": `many` is the word's plural when it is not `one` + 's'. */
export const countOf = (count: number, one: string, many: string = `${one}s`): string =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;
