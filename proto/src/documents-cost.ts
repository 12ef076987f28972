// What an export's documents cost to draw, estimated by the parse step from the chat it read, and
// the line under which an export is small: the pdf service draws small and large exports in
// separate lanes, so that no export waits behind another's expensive documents (security finding
// H2, fairness; docs/security.md#one-upload-against-the-whole-service). The weights are
// microseconds of drawing measured on a 2-vCPU machine (docs/benchmarks.md#lanes-of-the-documents-step)
// with random text, which the shaping cache cannot help, each rounded up: a small export is cheap
// by construction, and the estimate errs towards large.

/**
 * Scripts drawn through fontkit's OpenType shaping, whose letters join, reorder or stack, and whose
 * lines break only between words (at spaces): each character costs several times a Latin letter,
 * and a run of them without a space wider than a line costs far more (UNBROKEN_RUN).
 */
const WORD_SCRIPTS = [
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Hebrew',
  'Mongolian',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
];

/**
 * Shaped scripts whose lines may break inside a run without spaces (between any two ideographs or
 * syllables, or at the words a dictionary finds): as costly a character, never the long-run cost.
 * Emoji, drawn from SVG, cost about the same.
 */
const SYLLABLE_SCRIPTS = [
  'Thai',
  'Lao',
  'Khmer',
  'Myanmar',
  'Tibetan',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
];

const runOf = (scripts: readonly string[], extra = '') =>
  new RegExp(`[${scripts.map((script) => `\\p{Script=${script}}`).join('')}${extra}]+`, 'gu');
const WORD_RUN = runOf(WORD_SCRIPTS);
const SYLLABLE_RUN = runOf(SYLLABLE_SCRIPTS, '\\p{Extended_Pictographic}');

/**
 * Where a line may break between words: spaces that are not no-break ones (UAX #14's SP, the
 * breaking spaces of class BA, ZW). Anything else joins a run, no-break spaces, ZWJ and ZWNJ among
 * them: letters joined by those are one unbroken run to the wrap, however many scripts' runs the
 * regular expressions above see in them.
 */
const BREAKING_SPACES = /[\t\n\v\f\r \u1680\u2000-\u2006\u2008-\u200A\u200B\u205F\u3000]+/u;

/**
 * A run of WORD_SCRIPTS characters without a space longer than this is wider than a line: the
 * wrap shapes it again at every break it tries (up to about 40 shapes per character), about 20
 * times the cost of the same letters between spaces.
 */
const UNBROKEN_RUN = 32;

/** What the documents' drawing time grows with, tallied from the chat's text. */
export interface DocumentsWork {
  messages: number;
  /** Every character (UTF-16 code unit) of every sender and message text. */
  characters: number;
  /** Those of scripts drawn through OpenType shaping (WORD_SCRIPTS, SYLLABLE_SCRIPTS), and emoji. */
  shapedCharacters: number;
  /** The WORD_SCRIPTS characters in runs longer than UNBROKEN_RUN without a breaking space. */
  unbrokenShapedCharacters: number;
}

/** Microseconds of drawing per unit of work (each on top of the ones before it). */
const MICROSECONDS = {
  message: 300,
  character: 10,
  shapedCharacter: 60,
  unbrokenShapedCharacter: 1440,
} as const;

/**
 * Estimated milliseconds of drawing at or under which an export is small: its documents take a
 * few seconds at most, and typical chats of a few thousand messages of Latin text are small.
 */
export const SMALL_DOCUMENTS_COST_MS = 4000;

/** Tallies the texts (senders and message contents) of a chat of `messages` messages. */
export function documentsWork(messages: number, texts: Iterable<string>): DocumentsWork {
  const work: DocumentsWork = { messages, characters: 0, shapedCharacters: 0, unbrokenShapedCharacters: 0 };
  for (const text of texts) {
    work.characters += text.length;
    for (const word of text.split(BREAKING_SPACES)) {
      let shaped = 0;
      for (const [run] of word.matchAll(WORD_RUN)) shaped += run.length;
      work.shapedCharacters += shaped;
      if (word.length > UNBROKEN_RUN) work.unbrokenShapedCharacters += shaped;
    }
    for (const [run] of text.matchAll(SYLLABLE_RUN)) work.shapedCharacters += run.length;
  }
  return work;
}

/** The documents' estimated drawing time in whole milliseconds. */
export function documentsCostMs(work: DocumentsWork): number {
  const microseconds =
    work.messages * MICROSECONDS.message +
    work.characters * MICROSECONDS.character +
    work.shapedCharacters * MICROSECONDS.shapedCharacter +
    work.unbrokenShapedCharacters * MICROSECONDS.unbrokenShapedCharacter;
  return Math.ceil(microseconds / 1000);
}

/**
 * Whether an export's documents are small. An estimate missing (a job queued before parse made
 * one) counts as large: nothing says it is cheap.
 */
export const isSmallExport = (costMs: number | undefined): boolean =>
  costMs !== undefined && costMs <= SMALL_DOCUMENTS_COST_MS;
