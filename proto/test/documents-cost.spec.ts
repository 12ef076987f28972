import {
  documentsCostMs,
  documentsWork,
  isSmallExport,
  SMALL_DOCUMENTS_COST_MS,
} from '../src/documents-cost';
import { PDF_JOB, PDF_LARGE_JOB, pdfJobFor } from '../src/subjects';

/** `count` texts, each `words` words of `word` with a space between them. */
const texts = (count: number, word: string, words: number) =>
  Array.from({ length: count }, () => Array.from({ length: words }, () => word).join(' '));

const LATIN = 'receipt';
/** नमस्ते: six characters (consonants, vowel signs, a virama), all of the Devanagari script. */
const DEVANAGARI = 'नमस्ते';

describe('the estimated cost of an export’s documents', () => {
  it('tallies characters, shaped characters and those in runs too long for a line', () => {
    expect(documentsWork(2, ['Sam', `${LATIN} ${DEVANAGARI}`, DEVANAGARI.repeat(10)])).toEqual({
      messages: 2,
      characters: 3 + 14 + 60,
      shapedCharacters: 6 + 60,
      unbrokenShapedCharacters: 60,
    });
    // Arabic, Thai and Han are shaped too, and emoji (two UTF-16 units each) weigh the same; Greek and Cyrillic not.
    expect(documentsWork(1, ['مرحبا', 'สวัสดี', '你好', '😀', 'Привет γεια']).shapedCharacters).toBe(
      5 + 6 + 2 + 2,
    );
  });

  it('counts no long run where a line may break inside it (ideographs, Thai words, emoji)', () => {
    expect(documentsWork(1, ['你好'.repeat(50), 'สวัสดี'.repeat(20), '😀'.repeat(40)])).toMatchObject({
      shapedCharacters: 100 + 120 + 80,
      unbrokenShapedCharacters: 0,
    });
  });

  it('costs more for Devanagari than for as many Latin letters, and far more for it without spaces', () => {
    const latin = documentsCostMs(documentsWork(100, texts(100, LATIN.slice(0, 6), 10)));
    const devanagari = documentsCostMs(documentsWork(100, texts(100, DEVANAGARI, 10)));
    const unbroken = documentsCostMs(
      documentsWork(
        100,
        texts(100, DEVANAGARI, 10).map((t) => t.replace(/ /g, '')),
      ),
    );
    expect(devanagari).toBeGreaterThan(3 * latin);
    expect(unbroken).toBeGreaterThan(10 * devanagari);
  });

  it('grows with the number of messages for the same text', () => {
    const text = texts(1, LATIN, 1000);
    expect(documentsCostMs(documentsWork(10_000, text))).toBeGreaterThan(
      documentsCostMs(documentsWork(10, text)),
    );
  });

  it('finds typical Latin chats of a few thousand messages small, and the attack’s chats large', () => {
    const latinChat = (messages: number) =>
      documentsCostMs(documentsWork(messages, texts(messages, LATIN, 8)));
    expect(isSmallExport(latinChat(3000))).toBe(true);
    expect(isSmallExport(latinChat(40_000))).toBe(false);
    // Finding H2: a line of about 1 MB of Devanagari (three bytes a character) without a space.
    const attack = documentsCostMs(documentsWork(1, [DEVANAGARI.repeat(Math.floor(1_000_000 / 18))]));
    expect(isSmallExport(attack)).toBe(false);
  });

  // The second attack: runs short enough for the script regex, joined by characters no line breaks at.
  it.each([
    ['no-break space', '\u00a0'],
    ['zero-width joiner', '\u200d'],
    ['zero-width non-joiner', '\u200c'],
    ['narrow no-break space', '\u202f'],
  ])('counts letters joined by a %s as one unbroken run, so the chat is large', (_name, joiner) => {
    const letters = 'कखगघङचछजझञटठडढणतथदधनपफबभमयरलव';
    const line = Array.from({ length: 1800 }, () => letters).join(joiner);
    expect(documentsWork(2, [line]).unbrokenShapedCharacters).toBe(1800 * letters.length);
    expect(isSmallExport(documentsCostMs(documentsWork(2, [line])))).toBe(false);
    // The same letters between ordinary spaces break into lines of their own.
    expect(documentsWork(2, [line.split(joiner).join(' ')]).unbrokenShapedCharacters).toBe(0);
  });

  it('draws the line at SMALL_DOCUMENTS_COST_MS, and counts a missing estimate as large', () => {
    expect(isSmallExport(SMALL_DOCUMENTS_COST_MS)).toBe(true);
    expect(isSmallExport(SMALL_DOCUMENTS_COST_MS + 1)).toBe(false);
    expect(isSmallExport(undefined)).toBe(false);
    expect(pdfJobFor({ documentsCostMs: 0 })).toBe(PDF_JOB);
    expect(pdfJobFor({ documentsCostMs: SMALL_DOCUMENTS_COST_MS + 1 })).toBe(PDF_LARGE_JOB);
    expect(pdfJobFor({})).toBe(PDF_LARGE_JOB);
  });
});
