import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import type { ExhibitPlan } from '@chatexhibit/pdf/domain/exhibit/exhibit-plan';
import {
  accentVariantWarnings,
  elongatedNameWarnings,
  nameInsideWordWarnings,
  repeatedLabelWarnings,
  revealingBirthdayWarnings,
  unsplitFileWarnings,
  writtenNowhereWarnings,
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

describe('what people type past a redaction everywhere, and what the exhibit writes nowhere', () => {
  it('warns of a name with a letter drawn out, never quoting it', () => {
    const plan = {
      totalMessages: 151,
      elongatedNames: [{ message: 12, redaction: 0 }],
    } as unknown as ExhibitPlan;
    expect(elongatedNameWarnings(plan)).toEqual([
      'message 0012 writes what R1 removes everywhere with a letter drawn out, and that word is not redacted: if it writes the name, redact it with a redaction of kind text.',
    ]);
  });

  it('warns of a redaction that removes nothing, never quoting its text', () => {
    const plan = { totalMessages: 151, writtenNowhere: [3] } as unknown as ExhibitPlan;
    expect(writtenNowhereWarnings(plan)).toEqual([
      "R4 removes what the exhibit writes nowhere (not in its messages' senders, texts or attachment names, the participants' names or the chat file's name), so it removes nothing: check its spelling if it was meant to.",
    ]);
  });

  it('warns of a birthday or an age that can tell a redacted birth date, near its day or anywhere with an age', () => {
    const plan = {
      totalMessages: 151,
      revealingBirthdays: [
        { message: 40, day: '2024-04-17', withAge: true, redaction: 1, near: true },
        { message: 90, day: '2024-09-01', withAge: true, redaction: 1, near: false },
      ],
    } as unknown as ExhibitPlan;
    expect(revealingBirthdayWarnings(plan)).toEqual([
      'message 0040 mentions a birthday or an age, not redacted, and was sent within 3 days of the day and month of the birth date R2 removes: with its date it can tell that birth date; if so, redact it too.',
      "message 0090 mentions a birthday with an age, not redacted, and R2 removes a date of birth: an age with the message's date narrows a birth date down to a year; if it is that birthday, redact it too.",
    ]);
  });
});
