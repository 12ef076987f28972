// Readers shared by the deployment tests: repository files, YAML documents, the Dockerfile and
// compose-style ${VAR:-default} / ${VAR:?message} interpolation. No Docker engine or cluster is needed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

export const ROOT = path.resolve(__dirname, '../..');

export function repoPath(...segments: string[]): string {
  return path.join(ROOT, ...segments);
}

export function readRepoFile(...segments: string[]): string {
  return fs.readFileSync(repoPath(...segments), 'utf8');
}

export function exists(...segments: string[]): boolean {
  return fs.existsSync(repoPath(...segments));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any>;

/** Every document of a (multi-document) YAML file; throws on any YAML error. */
export function readYamlDocuments(file: string): Doc[] {
  const docs = parseAllDocuments(fs.readFileSync(file, 'utf8'));
  const out: Doc[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) {
      throw new Error(`${path.relative(ROOT, file)}: ${doc.errors.map((e) => e.message).join('; ')}`);
    }
    const value = doc.toJS() as unknown;
    if (value !== null && value !== undefined) out.push(value as Doc);
  }
  return out;
}

/** One YAML document, with `<<` merge keys applied the way Docker Compose applies them. */
export function readYamlWithMerges(...segments: string[]): Doc {
  return parseYaml(readRepoFile(...segments), { merge: true }) as Doc;
}

export function listFiles(dir: string, predicate: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, predicate));
    else if (predicate(entry.name)) out.push(full);
  }
  return out.sort();
}

/** A variable that `${NAME:?message}` demands and `env` leaves unset or empty: compose stops on it. */
export class MissingComposeVariable extends Error {
  constructor(readonly variable: string) {
    super(`${variable} must be set`);
  }
}

/**
 * Compose-style interpolation of `value` with `env`: ${VAR:-default} (default when unset or
 * empty), ${VAR-default} (when unset), ${VAR:?message} and ${VAR?message} (an error when unset),
 * ${VAR} and $VAR, and $$ for a literal $.
 */
export function interpolateCompose(value: string, env: Record<string, string> = {}): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced?: string, colon?: string, operator?: string, operand?: string, bare?: string) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare)!;
      const set = colon ? (env[name] ?? '') !== '' : env[name] !== undefined;
      if (set) return env[name]!;
      if (operator === '?') throw new MissingComposeVariable(name);
      return operator === '-' ? operand! : '';
    },
  );
}

// ---- Dockerfile ---------------------------------------------------------------------------

export interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined. */
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  /** The FROM image or stage, with ARG defaults substituted. */
  from: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  text: string;
  globalArgs: Record<string, string>;
  stages: Stage[];
}

/** A small Dockerfile reader: comments, continuations, global ARGs and stages. */
export function parseDockerfile(text: string): Dockerfile {
  const lines = text.split('\n');
  const instructions: Instruction[] = [];
  let buffer = '';
  let startLine = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const trimmed = raw.trim();
    if (buffer === '' && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (buffer !== '' && trimmed.startsWith('#')) continue; // comment inside a continuation
    if (buffer === '') startLine = i + 1;
    if (trimmed.endsWith('\\')) {
      buffer += trimmed.slice(0, -1).trim() + ' ';
      continue;
    }
    buffer += trimmed;
    const match = /^(\S+)\s*([\s\S]*)$/.exec(buffer)!;
    instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: startLine });
    buffer = '';
  }

  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const ins of instructions) {
    if (ins.keyword === 'FROM') {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      if (!m) throw new Error(`line ${ins.line}: cannot read FROM ${ins.args}`);
      const from = m[1]!.replace(
        /\$\{(\w+)\}|\$(\w+)/g,
        (_s, a?: string, b?: string) => globalArgs[(a ?? b)!] ?? '',
      );
      stages.push({ name: m[2] ?? String(stages.length), from, instructions: [] });
    } else if (stages.length === 0) {
      if (ins.keyword === 'ARG') {
        const [name, value = ''] = ins.args.split('=', 2);
        globalArgs[name!.trim()] = value.trim();
      }
    } else {
      stages[stages.length - 1]!.instructions.push(ins);
    }
  }
  return { text, globalArgs, stages };
}

export function stageByName(file: Dockerfile, name: string): Stage | undefined {
  return file.stages.find((s) => s.name === name);
}

/** The stage and the stages it is built FROM, nearest first (stops at an external image). */
export function stageChain(file: Dockerfile, name: string): Stage[] {
  const chain: Stage[] = [];
  let current = stageByName(file, name);
  while (current && !chain.includes(current)) {
    chain.push(current);
    current = stageByName(file, current.from);
  }
  return chain;
}

/** The external image at the root of a stage's chain. */
export function baseImage(file: Dockerfile, name: string): string {
  const chain = stageChain(file, name);
  return chain[chain.length - 1]!.from;
}

/** The last value of an instruction that a stage sets or inherits (USER, CMD, HEALTHCHECK…). */
export function effective(file: Dockerfile, name: string, keyword: string): Instruction | undefined {
  for (const stage of stageChain(file, name)) {
    const found = stage.instructions.filter((i) => i.keyword === keyword);
    if (found.length > 0) return found[found.length - 1];
  }
  return undefined;
}

/** All instructions of a stage and its ancestors, oldest first. */
export function allInstructions(file: Dockerfile, name: string): Instruction[] {
  return stageChain(file, name)
    .reverse()
    .flatMap((s) => s.instructions);
}

/** Reads the exec-form (JSON array) part of CMD / ENTRYPOINT / HEALTHCHECK … CMD. */
export function execForm(args: string): string[] {
  const start = args.indexOf('[');
  if (start < 0) throw new Error(`not exec form: ${args}`);
  const parsed = JSON.parse(args.slice(start)) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string')) {
    throw new Error(`not a JSON string array: ${args}`);
  }
  return parsed as string[];
}

// ---- .dockerignore ------------------------------------------------------------------------

function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        i++;
        if (pattern[i + 1] === '/') {
          i++;
          re += '(?:.*/)?';
        } else re += '.*';
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * Whether Docker leaves a context path out, following .dockerignore rules: the last matching
 * pattern wins, `!` re-includes, and a pattern that matches a directory covers what is inside.
 */
export function isDockerIgnored(dockerignore: string, relPath: string): boolean {
  const rules = dockerignore
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const body = (negate ? l.slice(1) : l).replace(/^\/+/, '').replace(/\/+$/, '');
      return { negate, re: globToRegExp(body) };
    });
  const segments = relPath.split('/');
  const candidates = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (candidates.some((c) => rule.re.test(c))) ignored = !rule.negate;
  }
  return ignored;
}
