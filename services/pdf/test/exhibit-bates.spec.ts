import { exhibitBatesRun, filingCopyBates } from '@chatexhibit/pdf/domain/exhibit/exhibit-bates';
import { ExhibitSpecError } from '@chatexhibit/pdf/domain/exhibit/exhibit-spec-error';

/** The filing copy of an export numbered from DOE000001, 12 pages: DOE000001 to DOE000012. */
const FILING = filingCopyBates({ batesPrefix: 'DOE', batesStart: 1 }, 12);
const refusal = (run: () => unknown): ExhibitSpecError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ExhibitSpecError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe("an exhibit's Bates numbers beside the export's", () => {
  it('are the prefix and the numbers from the start, one a page, when they repeat none', () => {
    expect(exhibitBatesRun({ batesPrefix: 'DOE', batesStart: 13 }, 4, FILING)).toEqual({
      prefix: 'DOE',
      first: 13,
      last: 16,
    });
    // Just before the filing copy's first number, and under another prefix.
    expect(
      exhibitBatesRun(
        { batesPrefix: 'DOE', batesStart: 1 },
        4,
        filingCopyBates({ batesPrefix: 'DOE', batesStart: 5 }, 3),
      ),
    ).toEqual({ prefix: 'DOE', first: 1, last: 4 });
    expect(exhibitBatesRun({ batesPrefix: 'DOE-EX', batesStart: 1 }, 4, FILING)?.first).toBe(1);
    // No prefix: no numbers, none to repeat; a filing copy without a prefix carries none.
    expect(exhibitBatesRun({}, 4, FILING)).toBeNull();
    expect(filingCopyBates({ batesPrefix: null, batesStart: 1 }, 12)).toEqual([]);
  });

  it('are refused where any page repeats a number of the filing copy, naming both ranges and a start that repeats none', () => {
    const inside = refusal(() =>
      exhibitBatesRun(
        { batesPrefix: 'DOE', batesStart: 1001 },
        4,
        filingCopyBates({ batesPrefix: 'DOE', batesStart: 1003 }, 10),
      ),
    );
    expect(inside).toMatchObject({ reason: 'bates_numbers_taken', field: 'batesStart' });
    expect(inside.message).toBe(
      "batesStart: the exhibit's pages would be numbered DOE001001 to DOE001004, which repeats numbers " +
        'transcript-filing.pdf carries (DOE001003 to DOE001012); a batesStart of 1013 (DOE001013 to DOE001016) repeats none',
    );
    // Only the last page repeats the filing copy's first; without batesStart the numbers start at
    // 1, which the prefix set.
    expect(
      refusal(() =>
        exhibitBatesRun(
          { batesPrefix: 'DOE' },
          3,
          filingCopyBates({ batesPrefix: 'DOE', batesStart: 3 }, 10),
        ),
      ).message,
    ).toBe(
      "batesPrefix: the exhibit's pages would be numbered DOE000001 to DOE000003, which repeats numbers " +
        'transcript-filing.pdf carries (DOE000003 to DOE000012); a batesStart of 13 (DOE000013 to DOE000015) repeats none',
    );
    // Only the first page repeats the filing copy's last.
    expect(refusal(() => exhibitBatesRun({ batesPrefix: 'DOE', batesStart: 12 }, 30, FILING)).field).toBe(
      'batesStart',
    );
  });

  it('compare numbers as printed: letters without case, and a prefix ending in digits', () => {
    expect(refusal(() => exhibitBatesRun({ batesPrefix: 'doe', batesStart: 12 }, 1, FILING)).field).toBe(
      'batesStart',
    );
    // "DOE1" + "000001" is what "DOE" prints for 1000001.
    const pastAMillion = filingCopyBates({ batesPrefix: 'DOE', batesStart: 999_998 }, 5);
    expect(
      refusal(() => exhibitBatesRun({ batesPrefix: 'DOE1', batesStart: 1 }, 2, pastAMillion)).message,
    ).toMatch(
      /DOE1000001 to DOE1000002, which repeats numbers transcript-filing\.pdf carries \(DOE999998 to DOE1000002\); a batesStart of 3 \(DOE1000003 to DOE1000004\) repeats none$/,
    );
    expect(exhibitBatesRun({ batesPrefix: 'DOE0', batesStart: 1 }, 12, FILING)?.first).toBe(1);
  });

  it("are refused where they repeat an earlier exhibit's, the start offered clear of every taken run", () => {
    const earlier = [
      ...FILING,
      { document: 'exhibit "Exhibit P-7" (e1)', run: { prefix: 'DOE', first: 13, last: 20 } },
    ];
    expect(refusal(() => exhibitBatesRun({ batesPrefix: 'DOE', batesStart: 20 }, 2, earlier)).message).toBe(
      "batesStart: the exhibit's pages would be numbered DOE000020 to DOE000021, which repeats numbers " +
        'exhibit "Exhibit P-7" (e1) carries (DOE000013 to DOE000020); a batesStart of 21 (DOE000021 to DOE000022) repeats none',
    );
    // Start 1 repeats the filing copy; just after it repeats the exhibit; after both is clear.
    expect(refusal(() => exhibitBatesRun({ batesPrefix: 'DOE', batesStart: 1 }, 2, earlier)).message).toMatch(
      /transcript-filing\.pdf carries \(DOE000001 to DOE000012\); a batesStart of 21 \(DOE000021 to DOE000022\) repeats none$/,
    );
  });

  it('offer another prefix when no start under a million is clear', () => {
    const everything = filingCopyBates({ batesPrefix: 'DOE', batesStart: 1 }, 999_999);
    expect(
      refusal(() => exhibitBatesRun({ batesPrefix: 'DOE', batesStart: 5 }, 2, everything)).message,
    ).toMatch(/; choose another batesPrefix$/);
  });
});
