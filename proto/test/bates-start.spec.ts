import { ExportFactsSchema, exportFactsOf, UploadOptionsSchema } from '../src/processing-options';

const UPLOAD = { originalFilename: 'chat.zip', sha256: '0'.repeat(64), sizeBytes: 1 };
const factsFor = (options: unknown) =>
  exportFactsOf(UPLOAD, UploadOptionsSchema.parse(options), 'UTC', new Date('2026-01-01T00:00:00Z'), 'web');
const refusal = (options: unknown) => UploadOptionsSchema.safeParse(options).error?.issues[0]?.message;

describe('the first Bates number of an upload', () => {
  it('is the number sent with a prefix, and 1 when none is sent', () => {
    expect(factsFor({ batesPrefix: 'SMITH', batesStart: 1001 })).toMatchObject({
      batesPrefix: 'SMITH',
      batesStart: 1001,
    });
    expect(factsFor({ batesPrefix: 'SMITH' }).batesStart).toBe(1);
    expect(factsFor({}).batesStart).toBe(1);
  });

  it('is refused unless a whole number from 1 to 999999, in one sentence that names it', () => {
    for (const batesStart of [0, -5, 1.5, 1_000_000, '1001', null]) {
      expect(refusal({ batesPrefix: 'SMITH', batesStart })).toBe(
        'batesStart must be a whole number from 1 to 999999',
      );
    }
    expect(refusal({ batesPrefix: 'SMITH', batesStart: 999_999 })).toBeUndefined();
  });

  it('is refused without a prefix, which it would number', () => {
    expect(refusal({ batesStart: 1001 })).toBe(
      'batesStart is given without batesPrefix: it numbers the pages that carry the prefix',
    );
  });

  it('reads as 1 in the facts of a job queued before it existed', () => {
    const queued = factsFor({ batesPrefix: 'SMITH' }) as Record<string, unknown>;
    delete queued.batesStart;
    expect(ExportFactsSchema.parse(queued).batesStart).toBe(1);
  });
});
