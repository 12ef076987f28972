// Time and peak memory of the transcript writer at 1k, 10k and 40k messages, against a plain
// pdfkit rendering of the same messages (one doc.text() call each, default layout, the same Noto
// Sans font) in the same run. Run: `npm run bench:pdf`.
//
// What is timed for ours is what the pipeline does at step 3 for the PDFs: the summary pass, the
// cover, and every message laid out once and drawn into both the transcript and its PDF/A filing
// copy, written to files. Each (renderer, size) runs in its own fresh Node process, so neither
// inherits the other's heap or warm caches; the two alternate over ROUNDS rounds and each keeps
// its best time. Peak memory is the process's maximum resident set (process.resourceUsage()).
// Targets: 10k messages in 1.5 s and 300 MB; 40k in 6 s.
//
// Then the court-filing copy of 40k messages split into volumes under 1 MB (what
// filing-volumes.medium.spec.ts splits), timed against writing the unsplit PDFs of the same
// messages in the same process: the ratio says how many unsplit layouts the split costs, which
// holds when the machine's speed does not.
//
// Then chats of lines of a megabyte of letters without a space (finding H2: 60 of them held the
// pdf worker for over ten minutes), 1 and 4 of them, each in a fresh process: 4 lines should take
// about 4 times 1 line (linear; it was quadratic per line). `npm run bench:pdf -- --long-lines`
// runs only this part.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { fontFile } from '../src/domain/text/font-files';
import { FontSet } from '../src/domain/text/font-set';
import { TextLayout } from '../src/domain/text/text-layout';
import { writeFilingVolumes } from '../src/domain/transcript/filing-volumes';
import { writeTranscripts } from '../src/domain/transcript/write-transcripts';
import { chatTranscriptInput, writeChatTranscripts } from '../test/support/chat-transcripts';
import { GENERATED_SENDERS, generateMessages } from '../test/support/generated-chat';
import { transcriptMessage } from '../test/support/transcript-message';

const SIZES = [1_000, 10_000, 40_000];
const ROUNDS = 3;
const TARGETS: Record<number, { seconds: number; megabytes?: number }> = {
  10_000: { seconds: 1.5, megabytes: 300 },
  40_000: { seconds: 6 },
};
/** The long lines: characters of each, and the most time 4 lines may take per 1. */
const LONG_LINES = { characters: 1_000_000, maxRatio: 5 };
/** The split: messages, and the size limit per volume. */
const SPLIT = { messages: 40_000, maxFileBytes: 1_000_000 };
type Renderer = 'ours' | 'plain';
type SplitRun = { unsplitMs: number; splitMs: number; volumes: number; peakMb: number };

async function renderOurs(messages: TranscriptMessage[], dir: string): Promise<void> {
  await writeChatTranscripts(messages, GENERATED_SENDERS, dir);
}

async function renderPlain(messages: TranscriptMessage[], dir: string): Promise<void> {
  const doc = new PDFDocument({ size: 'LETTER', font: fontFile('sans', 'regular') });
  const out = createWriteStream(path.join(dir, 'plain.pdf'));
  doc.pipe(out);
  for (const m of messages) doc.text(`${m.index} ${m.timestamp.slice(11, 16)} ${m.sender}: ${m.content}`);
  doc.end();
  await finished(out);
}

/** One measured run in this process: prints `{ms, peakMb}` as JSON. */
async function worker(renderer: Renderer, count: number): Promise<void> {
  const messages = generateMessages(count);
  const dir = mkdtempSync(path.join(tmpdir(), 'chatexhibit-bench-pdf-'));
  try {
    const started = performance.now();
    await (renderer === 'ours' ? renderOurs : renderPlain)(messages, dir);
    const ms = performance.now() - started;
    process.stdout.write(`${JSON.stringify({ ms, peakMb: process.resourceUsage().maxRSS / 1024 })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One measured split in this process: both PDFs of the messages written unsplit (the reference),
 * then the filing copy split into volumes. Prints a SplitRun as JSON.
 */
async function splitWorker(): Promise<void> {
  const input = await chatTranscriptInput(generateMessages(SPLIT.messages), GENERATED_SENDERS);
  const layout = new TextLayout(FontSet.shared());
  const dir = mkdtempSync(path.join(tmpdir(), 'chatexhibit-bench-split-'));
  try {
    const filing = path.join(dir, 'transcript-filing.pdf');
    const started = performance.now();
    const out = {
      transcript: createWriteStream(path.join(dir, 'transcript.pdf')),
      filing: createWriteStream(filing),
    };
    const { pageCount } = await writeTranscripts(input, layout, out);
    const unsplitMs = performance.now() - started;
    const content = readFileSync(filing);
    const unsplit = {
      sizeBytes: content.length,
      pageCount,
      sha256: createHash('sha256').update(content).digest('hex'),
    };
    const splitStarted = performance.now();
    const volumes = await writeFilingVolumes(
      input,
      layout,
      { maxFileBytes: SPLIT.maxFileBytes, court: null },
      path.join(dir, 'volumes'),
      unsplit,
    );
    const run: SplitRun = {
      unsplitMs,
      splitMs: performance.now() - splitStarted,
      volumes: volumes.length,
      peakMb: process.resourceUsage().maxRSS / 1024,
    };
    process.stdout.write(`${JSON.stringify(run)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Messages of one line of `LONG_LINES.characters` letters and digits each, no space (random, seeded). */
function longLineMessages(count: number): TranscriptMessage[] {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let seed = 1;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % letters.length;
  return Array.from({ length: count }, (_, i) =>
    transcriptMessage(i + 1, {
      sender: GENERATED_SENDERS[i % 2]!,
      content: Array.from({ length: LONG_LINES.characters }, () => letters[next()]).join(''),
    }),
  );
}

/** One measured run of `count` long lines in this process: prints `{ms, peakMb}` as JSON. */
async function longLinesWorker(count: number): Promise<void> {
  const messages = longLineMessages(count);
  const dir = mkdtempSync(path.join(tmpdir(), 'chatexhibit-bench-long-'));
  try {
    const started = performance.now();
    await renderOurs(messages, dir);
    const ms = performance.now() - started;
    process.stdout.write(`${JSON.stringify({ ms, peakMb: process.resourceUsage().maxRSS / 1024 })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 1 and 4 long lines, best of ROUNDS fresh processes each, and the ratio against its target. */
function measureLongLines(): void {
  console.log(
    `\nlines of ${LONG_LINES.characters.toLocaleString('en-US')} characters without a space, both PDFs, best of ${ROUNDS} fresh processes`,
  );
  console.log('lines | s | peak MB');
  const bestOf = (count: number): { ms: number; peakMb: number } => {
    let best = { ms: Infinity, peakMb: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const run = inFreshProcess<{ ms: number; peakMb: number }>(['--long-worker', String(count)]);
      if (run.ms < best.ms) best = run;
    }
    console.log([count, (best.ms / 1000).toFixed(2), best.peakMb.toFixed(0)].join(' | '));
    return best;
  };
  const one = bestOf(1);
  const four = bestOf(4);
  const ratio = four.ms / one.ms;
  console.log(
    `4 lines / 1 line time: ${ratio.toFixed(2)}x (target ${LONG_LINES.maxRatio}x: ${ratio <= LONG_LINES.maxRatio ? 'met' : 'MISSED'})`,
  );
}

/** Runs this file in a fresh Node process with `args` and parses the JSON line it prints last. */
function inFreshProcess<Result>(args: string[]): Result {
  const output = execFileSync(process.execPath, [...process.execArgv, __filename, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as Result;
}

function measure(renderer: Renderer, count: number): { ms: number; peakMb: number } {
  return inFreshProcess(['--worker', renderer, String(count)]);
}

/** The split against the unsplit PDFs, best of ROUNDS fresh processes, each run's ratio listed. */
function measureSplit(): void {
  console.log(
    `\nfiling copy of ${SPLIT.messages.toLocaleString('en-US')} messages split into volumes under ` +
      `${SPLIT.maxFileBytes.toLocaleString('en-US')} bytes, against both unsplit PDFs in the same process`,
  );
  console.log('run | unsplit s | split s | split/unsplit time | volumes | peak MB');
  const runs = Array.from({ length: ROUNDS }, () => inFreshProcess<SplitRun>(['--split-worker']));
  runs.forEach((run, i) =>
    console.log(
      [
        i + 1,
        (run.unsplitMs / 1000).toFixed(2),
        (run.splitMs / 1000).toFixed(2),
        `${(run.splitMs / run.unsplitMs).toFixed(2)}x`,
        run.volumes,
        run.peakMb.toFixed(0),
      ].join(' | '),
    ),
  );
  const ratios = runs.map((run) => run.splitMs / run.unsplitMs).sort((a, b) => a - b);
  console.log(`median split/unsplit time: ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}x`);
}

function main(): void {
  console.log(
    `transcript PDFs (both copies) against plain pdfkit text, best of ${ROUNDS} fresh processes each`,
  );
  console.log('messages | ours s | ours MB | plain s | plain MB | plain/ours time | target');
  for (const count of SIZES) {
    const best = { ours: { ms: Infinity, peakMb: 0 }, plain: { ms: Infinity, peakMb: 0 } };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const renderer of ['ours', 'plain'] as const) {
        const run = measure(renderer, count);
        if (run.ms < best[renderer].ms) best[renderer] = run;
      }
    }
    const target = TARGETS[count];
    const verdict = target
      ? `${target.seconds} s${target.megabytes ? `, ${target.megabytes} MB` : ''}: ${best.ours.ms / 1000 <= target.seconds && (!target.megabytes || best.ours.peakMb <= target.megabytes) ? 'met' : 'MISSED'}`
      : '';
    console.log(
      [
        count.toLocaleString('en-US'),
        (best.ours.ms / 1000).toFixed(2),
        best.ours.peakMb.toFixed(0),
        (best.plain.ms / 1000).toFixed(2),
        best.plain.peakMb.toFixed(0),
        `${(best.plain.ms / best.ours.ms).toFixed(1)}x`,
        verdict,
      ].join(' | '),
    );
  }
  measureSplit();
  measureLongLines();
}

const workerAt = process.argv.indexOf('--worker');
if (workerAt >= 0) {
  void worker(process.argv[workerAt + 1] as Renderer, Number(process.argv[workerAt + 2]));
} else if (process.argv.includes('--split-worker')) {
  void splitWorker();
} else if (process.argv.includes('--split')) {
  measureSplit();
} else if (process.argv.includes('--long-worker')) {
  void longLinesWorker(Number(process.argv[process.argv.indexOf('--long-worker') + 1]));
} else if (process.argv.includes('--long-lines')) {
  measureLongLines();
} else {
  main();
}
