// Throughput and memory of our parser against the npm package whatsapp-chat-parser (v4), on
// generated Android and iOS chats of 1k, 10k, 40k and 200k messages. Run: `npm run bench:parse`.
//
// Fairness: every (parser, chat) pair runs in its own fresh Node process started with the same
// flags (--expose-gc), reading the same chat text from a file as a string, so neither parser
// inherits the other's heap, JIT state or garbage. Both get a string (the package accepts nothing
// else); both are asked for what the transcript needs (ours always reads attachments, the package
// with parseAttachments: true). In each process:
// - memory, measured first on a cold, freshly collected heap: the peak resident set size the
//   process reached while parsing, minus its size just before (process.resourceUsage().maxRSS),
//   and the heap the result keeps after a full collection;
// - throughput: two warm-up parses, then timed parses until at least 5 runs and 1 s; the median
//   run gives messages per second, counted as the chat's messages for both parsers.
// The two parsers' processes alternate over several rounds and each keeps its best round, so a
// burst of load from other programs on the machine cannot favour either one.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseString } from 'whatsapp-chat-parser';
import { parseChat } from '../src/domain/parse-chat';
import { generateChat, type GeneratedFormat } from '../test/support/chat-generator';

const SIZES = [1_000, 10_000, 40_000, 200_000];
const FORMATS: ReadonlyArray<readonly [label: string, format: GeneratedFormat]> = [
  ['Android', 'android-us'],
  ['iOS', 'ios-us'],
];
type ParserName = 'ours' | 'whatsapp-chat-parser';

const ROUNDS = 3;
const MIN_TIMED_RUNS = 5;
const MIN_TIMED_MS = 1000;
const MiB = 1024 * 1024;

interface Measurement {
  messagesPerSecond: number;
  peakRssBytes: number;
  retainedHeapBytes: number;
}

/** Parses and returns how many messages the parser found (read after measuring, so the result stays alive). */
function parseWith(parser: ParserName, text: string): { count(): number } {
  if (parser === 'ours') {
    const chat = parseChat(text);
    return { count: () => chat.messages.length };
  }
  const messages = parseString(text, { parseAttachments: true });
  return { count: () => messages.length };
}

function measure(parser: ParserName, file: string, messageCount: number): Measurement {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('the worker needs --expose-gc');
  const text = readFileSync(file, 'utf8');
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  const result = parseWith(parser, text);
  const peakRssBytes = Math.max(0, process.resourceUsage().maxRSS * 1024 - rssBefore);
  gc();
  const retainedHeapBytes = process.memoryUsage().heapUsed - heapBefore;
  if (result.count() === 0) throw new Error(`${parser} found no messages`);

  for (let i = 0; i < 2; i++) parseWith(parser, text);
  const times: number[] = [];
  let total = 0;
  while (times.length < MIN_TIMED_RUNS || total < MIN_TIMED_MS) {
    const start = process.hrtime.bigint();
    parseWith(parser, text);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    times.push(ms);
    total += ms;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  return { messagesPerSecond: (messageCount / median) * 1000, peakRssBytes, retainedHeapBytes };
}

function runInFreshProcess(parser: ParserName, file: string, messageCount: number): Measurement {
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, '--expose-gc', __filename, '--worker', parser, file, String(messageCount)],
    { encoding: 'utf8', maxBuffer: 16 * MiB },
  );
  return JSON.parse(output.trim().split('\n').pop() ?? '') as Measurement;
}

function bestOfRounds(file: string, messageCount: number): [ours: Measurement, theirs: Measurement] {
  const best = (a: Measurement | null, b: Measurement): Measurement =>
    a === null
      ? b
      : {
          messagesPerSecond: Math.max(a.messagesPerSecond, b.messagesPerSecond),
          peakRssBytes: Math.min(a.peakRssBytes, b.peakRssBytes),
          retainedHeapBytes: Math.min(a.retainedHeapBytes, b.retainedHeapBytes),
        };
  let ours: Measurement | null = null;
  let theirs: Measurement | null = null;
  for (let round = 0; round < ROUNDS; round++) {
    ours = best(ours, runInFreshProcess('ours', file, messageCount));
    theirs = best(theirs, runInFreshProcess('whatsapp-chat-parser', file, messageCount));
  }
  return [ours as Measurement, theirs as Measurement];
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'chatexhibit-parse-bench-'));
  try {
    const rows: string[][] = [];
    let targetMet = true;
    for (const [label, format] of FORMATS) {
      for (const size of SIZES) {
        const file = join(dir, `${format}-${size}.txt`);
        writeFileSync(file, generateChat({ format, messageCount: size, seed: size }).text);
        const [ours, theirs] = bestOfRounds(file, size);
        const speed = ours.messagesPerSecond / theirs.messagesPerSecond;
        const memory = ours.peakRssBytes / theirs.peakRssBytes;
        if (size >= 40_000 && (speed < 2 || ours.peakRssBytes > theirs.peakRssBytes)) targetMet = false;
        rows.push([
          label,
          size.toLocaleString('en-US'),
          Math.round(ours.messagesPerSecond).toLocaleString('en-US'),
          Math.round(theirs.messagesPerSecond).toLocaleString('en-US'),
          `${speed.toFixed(2)}x`,
          (ours.peakRssBytes / MiB).toFixed(1),
          (theirs.peakRssBytes / MiB).toFixed(1),
          // Below about a megabyte, resident-set growth is lost in the allocator's granularity.
          Math.min(ours.peakRssBytes, theirs.peakRssBytes) < MiB ? 'n/a' : memory.toFixed(2),
          (ours.retainedHeapBytes / MiB).toFixed(1),
          (theirs.retainedHeapBytes / MiB).toFixed(1),
        ]);
      }
    }
    printTable(
      [
        'format',
        'messages',
        'ours msg/s',
        'theirs msg/s',
        'speed',
        'ours peak MB',
        'theirs peak MB',
        'peak ratio',
        'ours kept MB',
        'theirs kept MB',
      ],
      rows,
    );
    console.log(
      `\nTarget (40k and 200k: at least 2x the throughput, no more peak memory): ${targetMet ? 'met' : 'NOT met'}.`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]): string => cells.map((cell, i) => cell.padStart(widths[i])).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

if (process.argv[2] === '--worker') {
  const [, , , parser, file, count] = process.argv;
  console.log(JSON.stringify(measure(parser as ParserName, file, Number(count))));
} else {
  main();
}
