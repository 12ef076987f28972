import { z } from 'zod';

/** Thrown when the environment does not validate; names every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const missingOr = (otherwise: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is missing' : otherwise;

/** A required string variable; an empty value counts as missing. */
export const requiredString = () =>
  z.preprocess(emptyToUndefined, z.string({ error: missingOr('must be text') }));

/** A required URL whose scheme is one of `protocols` (without the colon). */
export const requiredUrl = (protocols: readonly string[]) =>
  requiredString().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}` },
  );

export const optionalString = (fallback: string) =>
  z.preprocess(emptyToUndefined, z.string().default(fallback));

export const optionalUrl = (protocols: readonly string[]) =>
  z.preprocess(emptyToUndefined, requiredUrl(protocols).optional());

/** A TCP port number, 1-65535. */
const portNumber = () =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be a port number (1-65535)')
    .max(65535, 'must be a port number (1-65535)');

export const port = (fallback: number) => z.preprocess(emptyToUndefined, portNumber().default(fallback));

/** A port that may be left unset (undefined): the program then picks one. */
export const optionalPort = () => z.preprocess(emptyToUndefined, portNumber().optional());

export const logLevel = () =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  );

/** Validates `env` against `schema` once; every problem is reported, none is guessed away. */
export function parseEnv<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined> = process.env,
): z.infer<Schema> {
  return parseEnvFragments({ value: schema }, env).value;
}

/**
 * Validates several independent groups of variables (a database group, a storage group…) and
 * reports the problems of all groups together, so one start names every bad variable.
 */
export function parseEnvFragments<Fragments extends Record<string, z.ZodType>>(
  fragments: Fragments,
  env: Record<string, string | undefined> = process.env,
): { [K in keyof Fragments]: z.infer<Fragments[K]> } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(fragments)) {
    const result = schema.safeParse(env);
    if (result.success) values[name] = result.data;
    else
      problems.push(
        ...result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'} ${issue.message}`),
      );
  }
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return values as { [K in keyof Fragments]: z.infer<Fragments[K]> };
}
