// What every ChatExhibit command-line tool shares: reading its arguments, and the promise made to
// its user: on stdout only the result, and for any problem one line on stderr and exit code 1,
// never a stack trace.

import { fstatSync, writeSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface CliOutput {
  /** Writes `text` and a line break to stdout. */
  stdout(text: string): void;
  /**
   * Writes `text` as is, for a large result written piece by piece; null when stdout is not a
   * regular file. Into a pipe, each write through process.stdout costs so much more that a chat's
   * JSON in pieces made whole runs up to 1.5 times slower than one large write (and holding the
   * pieces to join them made it slower still), so there the result is better written at once.
   */
  stdoutPiece: ((text: string) => void) | null;
  /** Writes `text` and a line break to stderr. */
  stderr(text: string): void;
}

/** A problem with the input or the arguments, told to the user as is. */
export class CliInputError extends Error {}

/** The arguments do not fit the command: the user gets the usage line. */
class UsageError extends Error {}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

export interface CommandLine<Options extends OptionsConfig> {
  values: ReturnType<typeof parseArgs<{ options: Options; allowPositionals: true }>>['values'];
  positionals: string[];
}

/**
 * Reads `args` against the command's options, with exactly `positionalCount` arguments besides
 * them. An unknown option, a missing value, the wrong number of arguments or `--help` is a usage
 * error.
 */
export function readCommandLine<Options extends OptionsConfig>(
  args: readonly string[],
  options: Options,
  positionalCount: number,
): CommandLine<Options> {
  if (args.includes('--help') || args.includes('-h')) throw new UsageError();
  let parsed: CommandLine<Options>;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch {
    throw new UsageError();
  }
  if (parsed.positionals.length !== positionalCount) throw new UsageError();
  return parsed;
}

/**
 * Runs one command: resolves to its exit code. `run` writes its result through `output`; what it
 * throws becomes one line on stderr prefixed with the command's name (the usage line for a usage
 * error), and exit code 1.
 */
export async function runCommand(
  command: { name: string; usage: string },
  output: CliOutput,
  run: () => Promise<void>,
): Promise<number> {
  try {
    await run();
    return 0;
  } catch (error) {
    if (error instanceof UsageError) output.stderr(command.usage);
    else output.stderr(`${command.name}: ${userMessage(error)}`);
    return 1;
  }
}

/**
 * Calls `read` and turns a file-system failure (missing file, a folder, no permission) into the
 * user's input problem.
 */
export async function readUserFile<T>(path: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new CliInputError(`cannot read ${path}: ${describeError(error)}`);
  }
}

/** Reads `code` and `message` without `instanceof`: errors from Node's own modules may come from another realm. */
export function describeError(error: unknown): string {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a folder, not a file';
  if (code === 'EACCES') return 'permission denied';
  return typeof message === 'string' ? message : String(error);
}

function userMessage(error: unknown): string {
  if (error instanceof CliInputError) return error.message;
  // Only the first line: a tool's message can carry its own stack or a dump of its input.
  return `unexpected error: ${describeError(error).split('\n')[0]}`;
}

/** Runs a command as this process: the real stdout and stderr, and its exit code. */
export function runAsProcess(command: (args: readonly string[], output: CliOutput) => Promise<number>): void {
  void command(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(`${text}\n`),
    // process.stdout writes to a file synchronously too, so the two kinds of write keep their order.
    stdoutPiece: isRegularFile(1) ? (text) => writeSync(1, text) : null,
    stderr: (text) => process.stderr.write(`${text}\n`),
  }).then((code) => {
    process.exitCode = code;
  });
}

function isRegularFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}
