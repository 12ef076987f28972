import { z } from 'zod';

/**
 * Error codes carried across process boundaries; the gateway maps them to HTTP statuses at
 * the edge (gateway/src/http/error-filter.ts). The message is for the user.
 */
export const ERROR_CODES = [
  'INVALID_REQUEST',
  'NOT_FOUND',
  'PAYMENT_REQUIRED',
  /** The request contradicts the current state (a bundle already paid). */
  'CONFLICT',
  /** What was asked for existed and is gone (an export past its retention). */
  'GONE',
  /** Too many requests from one client address (a rate limit). */
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * A module's refusals: for each reason (its own enum, as twenty does), the code the gateway maps
 * to HTTP and the message for the user. The reason travels beside the code, so a caller tells
 * "refunded" from "already paid" (both CONFLICT) without reading the message.
 */
export type ErrorReasons<Reason extends string> = Readonly<
  Record<Reason, { code: ErrorCode; message: string }>
>;

export const ErrorBodySchema = z.object({
  code: ErrorCodeSchema,
  /** The module's reason, when a module refused (e.g. payment's `REFUNDED`). */
  reason: z.string().optional(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * How a sentence names a field of a request from a zod issue's path: `redactions[2].text`,
 * `options.includeImages`, as a person writing the JSON would.
 */
export const fieldPath = (path: readonly PropertyKey[]): string =>
  path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');

/**
 * The edit distance of two words (insertions, deletions, substitutions and swaps of neighbours
 * each count one), letters compared without case: "redaction" is 1 from "redactions".
 */
function editDistance(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  const rows = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const substitution = rows[i - 1]![j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1);
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, substitution);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[x.length]![y.length]!;
}

/**
 * The sentence for keys a request's object does not have, with the nearest key it does have when
 * one is close (at most two edits, and fewer than half the key's letters): a typo gets its fix,
 * anything else the list of keys.
 */
export function unknownKeySentence(keys: readonly string[], known: readonly string[]): string {
  const [key] = keys;
  const quoted = (word: string) => JSON.stringify(word);
  const nearest = known
    .map((word) => ({ word, distance: editDistance(key!, word) }))
    .sort((a, b) => a.distance - b.distance)[0];
  const hint =
    nearest !== undefined && nearest.distance <= Math.min(2, (key!.length - 1) / 2)
      ? `did you mean ${quoted(nearest.word)}?`
      : `the keys here are ${known.map(quoted).join(', ')}`;
  return `unknown key ${quoted(key!)}: ${hint}`;
}

/**
 * A request's problems as sentences that name their field (`redactions[2].reason.note: …`),
 * unless the schema's own message already starts with it. An unknown key comes first: it often
 * explains the missing key beside it (`"categry"` for `category`). `name` is the request part the
 * schema checked, when its fields are named under it (`options.includeImages`).
 */
export function issueSentences(issues: readonly z.core.$ZodIssue[], name?: string): string[] {
  const ordered = [
    ...issues.filter((issue) => issue.code === 'unrecognized_keys'),
    ...issues.filter((issue) => issue.code !== 'unrecognized_keys'),
  ];
  return ordered.map((issue) => {
    const field = fieldPath(name === undefined ? issue.path : [name, ...issue.path]);
    const namesItself = field !== '' && issue.message.startsWith(issue.path.map(String).at(-1) ?? field);
    return field && !namesItself ? `${field}: ${issue.message}` : issue.message;
  });
}
