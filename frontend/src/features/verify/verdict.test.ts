import { describe, expect, it } from 'vitest';
import type { FileCheck, FileStatus } from './verify-files';
import { verdict } from './verdict';

const check = (path: string, status: FileStatus): FileCheck => ({
  path,
  status,
  list: 'SHA256SUMS',
  expected: status === 'mismatch' ? 'a'.repeat(64) : null,
  actual: status === 'missing' ? null : 'b'.repeat(64),
});

const report = (checks: FileCheck[]) => ({
  mode: 'files' as const,
  lists: ['SHA256SUMS' as const],
  checks,
  uploadSha256: null,
  stated: [],
});

describe('the sentence above the table', () => {
  it('says one file matches, not "1 file match", beside a problem', () => {
    expect(verdict(report([check('a.pdf', 'mismatch'), check('b.pdf', 'match')])).text).toBe(
      '1 file does not match SHA256SUMS. 1 file matches.',
    );
  });

  it('counts several matching files in the plural', () => {
    expect(
      verdict(report([check('a.pdf', 'missing'), check('b.pdf', 'match'), check('c.pdf', 'match')])).text,
    ).toBe('1 file is missing. 2 files match.');
  });

  it('says the one file checked matches', () => {
    expect(verdict(report([check('b.pdf', 'match')]))).toEqual({
      good: true,
      text: 'The file matches SHA256SUMS.',
    });
  });
});
