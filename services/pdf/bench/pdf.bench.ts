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

import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { fontFile } from '../src/domain/text/font-files';
import { writeChatTranscripts } from '../test/support/chat-transcripts';
import { GENERATED_SENDERS, generateMessages } from '../test/support/generated-chat';

const SIZES = [1_000, 10_000, 40_000];
const ROUNDS = 3;
const TARGETS: Record<number, { seconds: number; megabytes?: number }> = {
  10_000: { seconds: 1.5, megabytes: 300 },
  40_000: { seconds: 6 },
};
type Renderer = 'ours' | 'plain';

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

function measure(renderer: Renderer, count: number): { ms: number; peakMb: number } {
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, __filename, '--worker', renderer, String(count)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as { ms: number; peakMb: number };
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
}

const workerAt = process.argv.indexOf('--worker');
if (workerAt >= 0) {
  void worker(process.argv[workerAt + 1] as Renderer, Number(process.argv[workerAt + 2]));
} else {
  main();
}
