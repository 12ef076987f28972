import type { FileStatus, ListName, VerifyReport } from './verify-files';

export const both = (lists: readonly ListName[]): string => lists.join(' and ');

/** The sentence above the table: what matched which list, or what is wrong, counted. */
export function verdict({ checks, lists, mode }: VerifyReport): { good: boolean; text: string } {
  const count = (status: FileStatus, list?: ListName) =>
    checks.filter((check) => check.status === status && (list === undefined || check.list === list)).length;
  const [matched, missing, unlisted] = [count('match'), count('missing'), count('unlisted')];
  const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;
  const mismatched = lists.map((list) => [list, count('mismatch', list)] as const);
  if (mismatched.every(([, n]) => n === 0) && missing + unlisted === 0)
    return {
      good: true,
      text:
        mode === 'package'
          ? `All ${files(matched)} of the package match ${both(lists)}.`
          : `${matched === 1 ? 'The file matches' : `All ${files(matched)} match`} ${both(lists)}.`,
    };
  const problems = [
    ...mismatched.map(([list, n]) => n > 0 && `${files(n)} ${n === 1 ? 'does' : 'do'} not match ${list}`),
    missing > 0 && `${files(missing)} ${missing === 1 ? 'is' : 'are'} missing`,
    unlisted > 0 && `${files(unlisted)} ${unlisted === 1 ? 'is' : 'are'} in no list`,
  ].filter((problem): problem is string => typeof problem === 'string');
  return {
    good: false,
    text: `${problems.join('; ')}. ${files(matched)} ${matched === 1 ? 'matches' : 'match'}.`,
  };
}
