import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import type { ExhibitPlan } from '@chatexhibit/pdf/domain/exhibit/exhibit-plan';
import {
  accentVariantWarnings,
  nameInsideWordWarnings,
  repeatedLabelWarnings,
  unsplitFileWarnings,
} from '@chatexhibit/pdf/domain/exhibit/exhibit-warnings';

const file = (path: string, sizeBytes: number) => ({ path, sha256: '0'.repeat(64), sizeBytes });

describe('a redaction log over the court profile’s limit', () => {
  const files = [
    file(EXHIBIT_PATHS.exhibit, 240_000),
    file(EXHIBIT_PATHS.sealed, 260_000),
    file(EXHIBIT_PATHS.redactionLogPdf, 259_404),
    file(EXHIBIT_PATHS.redactionLogCsv, 250_000),
  ];

  it('is warned of, since the limit splits only the exhibit’s two copies', () => {
    expect(unsplitFileWarnings({ maxFileBytes: 250_000 }, files)).toEqual([
      'redaction-log.pdf is 259,404 bytes, over the 250,000-byte limit of the custom court profile; it is not split into volumes.',
    ]);
    expect(
      unsplitFileWarnings({ preset: 'd-utah-bankruptcy' }, [file(EXHIBIT_PATHS.redactionLogCsv, 8_000_001)]),
    ).toEqual([
      'redaction-log.csv is 8,000,001 bytes, over the 8,000,000-byte limit of U.S. Bankruptcy Court, District of Utah (d-utah-bankruptcy); it is not split into volumes.',
    ]);
  });

  it('is not warned of within the limit, or without one', () => {
    expect(unsplitFileWarnings({ maxFileBytes: 259_404 }, files)).toEqual([]);
    expect(unsplitFileWarnings({ none: true }, files)).toEqual([]);
  });
});

describe('an exhibit label that is the transcript’s exhibit number', () => {
  it.each([
    ['Exhibit P-12', 'P-12'],
    ['exhibit p-12', 'Exhibit P-12'],
    ['Ex. P 12', 'P12'],
    ['P-12', 'Ex.P-12'],
  ])('is warned of: %s beside --exhibit %s', (label, exhibitNumber) => {
    expect(repeatedLabelWarnings(label, exhibitNumber)).toEqual([
      `label "${label}" is the exhibit number the full transcript carries ("${exhibitNumber}"), so two documents would carry one exhibit label; give the excerpt a label of its own.`,
    ]);
  });

  it.each([
    ['Exhibit P-12', 'P-12A'],
    ['Exhibit P-12', 'P-1'],
    ['Exhibit P-12', null],
    ['Exhibition 12', '12'],
  ])('is not warned of otherwise: %s beside %s', (label, exhibitNumber) => {
    expect(repeatedLabelWarnings(label, exhibitNumber)).toEqual([]);
  });
});

describe('a spelling of a text removed everywhere that differs only by accents', () => {
  it('is warned of by message and redaction, never quoting the spelling', () => {
    const plan = {
      totalMessages: 151,
      accentVariants: [{ message: 97, redaction: 4 }],
    } as unknown as ExhibitPlan;
    expect(accentVariantWarnings(plan)).toEqual([
      'message 0097 writes what R5 removes everywhere with other accents (or none), and that spelling is not redacted: if it is the same name, redact it too.',
    ]);
  });
});

describe('a text removed everywhere inside another word', () => {
  it('is warned of by message and redaction, never quoting the word or the text', () => {
    const plan = {
      totalMessages: 151,
      namesInsideWords: [{ message: 6, redaction: 2 }],
    } as unknown as ExhibitPlan;
    expect(nameInsideWordWarnings(plan)).toEqual([
      'message 0006 holds a word that contains what R3 removes everywhere, and that word is not redacted: if it writes the name, redact it with a redaction of kind text.',
    ]);
  });
});
