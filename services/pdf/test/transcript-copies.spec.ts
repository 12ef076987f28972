import { ExportFactsSchema } from '@chatexhibit/proto/processing-options';
import { batesCoverStatement, batesNumber } from '@chatexhibit/pdf/domain/transcript/bates';
import { runningHeader } from '@chatexhibit/pdf/domain/transcript/transcript-copies';

const factsWith = (over: Record<string, unknown>) =>
  ExportFactsSchema.parse({
    originalFilename: 'chat.zip',
    fileHash: 'c'.repeat(64),
    uploadSizeBytes: 10,
    options: {},
    timeZone: 'UTC',
    batesPrefix: null,
    receivedAt: '2026-11-23T08:00:00.000Z',
    ...over,
  });
const examination = (caseNumber: string | null, exhibitNumber: string | null) => ({
  caseNumber,
  exhibitNumber,
  preparedBy: null,
  exportingAccount: null,
});

const REFERENCE = 'CE-2BPC-Q6VM-91TB';
const named = (over: Record<string, unknown>) => ({ facts: factsWith(over), exportReference: REFERENCE });

describe("each transcript copy's own words", () => {
  it('heads every page with the case and exhibit numbers given, labelled once, the export reference and which copy it is', () => {
    expect(runningHeader(named({ examination: examination('24-cv-1', 'P-7') }))).toEqual({
      transcript:
        'Case no. 24-cv-1 · Exhibit P-7 · Transcript of WhatsApp chat export · export CE-2BPC-Q6VM-91TB · native copy',
      filing:
        'Case no. 24-cv-1 · Exhibit P-7 · Transcript of WhatsApp chat export · export CE-2BPC-Q6VM-91TB · court-filing copy',
    });
    // Typed with its label, a number is not labelled twice; one not given is left out.
    expect(runningHeader(named({ examination: examination(null, 'Exhibit 12 to the Declaration') }))).toEqual(
      {
        transcript:
          'Exhibit 12 to the Declaration · Transcript of WhatsApp chat export · export CE-2BPC-Q6VM-91TB · native copy',
        filing:
          'Exhibit 12 to the Declaration · Transcript of WhatsApp chat export · export CE-2BPC-Q6VM-91TB · court-filing copy',
      },
    );
  });

  it('numbers pages from batesStart, padded to six digits, the native copy with -N, and none without a prefix', () => {
    const facts = factsWith({ batesPrefix: 'SMITH', batesStart: 1001 });
    expect([batesNumber(facts, 1, 'filing'), batesNumber(facts, 161, 'filing')]).toEqual([
      'SMITH001001',
      'SMITH001161',
    ]);
    expect(batesNumber(facts, 161, 'transcript')).toBe('SMITH001161-N');
    // Past 999999 a number keeps all its digits, as the docs and the package texts say.
    const late = factsWith({ batesPrefix: 'SMITH', batesStart: 999_998 });
    expect([1, 2, 3].map((page) => batesNumber(late, page, 'filing'))).toEqual([
      'SMITH999998',
      'SMITH999999',
      'SMITH1000000',
    ]);
    expect(batesNumber(factsWith({ batesStart: 1001 }), 1, 'filing')).toBeNull();
    // Each cover names only its own numbers.
    expect(batesCoverStatement(facts, 'filing')).toContain('from SMITH001001 in this court-filing copy');
    expect(batesCoverStatement(facts, 'filing')).not.toMatch(/SMITH\d{6}-N/);
    expect(batesCoverStatement(facts, 'transcript').match(/SMITH\d{6}(?:-N)?/g)).toEqual(['SMITH001001-N']);
  });
});
