// The documents' cost estimate (proto documents-cost.ts) against the time both transcripts of
// the same chat take to draw, for chats of Latin, complex scripts and emoji, with and without
// spaces: the figures the estimate's weights and SMALL_DOCUMENTS_COST_MS were calibrated on
// (docs/benchmarks.md#lanes-of-the-documents-step). The text is random, so the shaping cache
// cannot help: the worst case for each script.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { documentsCostMs, documentsWork, isSmallExport } from '@chatexhibit/proto/documents-cost';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { writeChatTranscripts } from '../test/support/chat-transcripts';
import { GENERATED_SENDERS, generateMessages } from '../test/support/generated-chat';
import { transcriptMessage } from '../test/support/transcript-message';

let state = 12345;
const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

/** `length` random characters of [first, last], a space after about one in six when `spaced`. */
function randomText(first: number, last: number, length: number, spaced: boolean): string {
  let text = '';
  while (text.length < length) {
    text += String.fromCodePoint(first + Math.floor(random() * (last - first + 1)));
    if (spaced && random() < 0.18) text += ' ';
  }
  return text.slice(0, length);
}

const chat = (count: number, content: () => string): TranscriptMessage[] =>
  Array.from({ length: count }, (_, i) =>
    transcriptMessage(i + 1, {
      timestamp: new Date(Date.UTC(2024, 0, 1) + i * 420_000).toISOString().slice(0, 19),
      sender: GENERATED_SENDERS[i % 2]!,
      content: content(),
    }),
  );

const CHATS: [string, () => TranscriptMessage[]][] = [
  ['generated, 1,000 messages', () => generateMessages(1000)],
  ['generated, 3,000 messages', () => generateMessages(3000)],
  ['generated, 10,000 messages', () => generateMessages(10_000)],
  ['Latin, 2,000 × 100', () => chat(2000, () => randomText(0x61, 0x7a, 100, true))],
  ['Latin without spaces, 4 × 50,000', () => chat(4, () => randomText(0x61, 0x7a, 50_000, false))],
  ['Devanagari, 3,000 × 30', () => chat(3000, () => randomText(0x915, 0x939, 30, true))],
  ['Devanagari, 2,000 × 100', () => chat(2000, () => randomText(0x915, 0x939, 100, true))],
  ['Devanagari without spaces, 1 × 3,000', () => chat(1, () => randomText(0x915, 0x939, 3000, false))],
  ['Devanagari without spaces, 4 × 10,000', () => chat(4, () => randomText(0x915, 0x939, 10_000, false))],
  ['Arabic, 2,000 × 100', () => chat(2000, () => randomText(0x628, 0x64a, 100, true))],
  ['Thai, 2,000 × 100', () => chat(2000, () => randomText(0xe01, 0xe2e, 100, true))],
  ['Han, 2,000 × 100', () => chat(2000, () => randomText(0x4e00, 0x4fff, 100, true))],
  ['emoji, 2,000 × 50', () => chat(2000, () => randomText(0x1f600, 0x1f64f, 100, false))],
];

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-bench-lanes-'));
  try {
    // The fonts' first load and the first compiled pass are no chat's cost.
    await writeChatTranscripts(generateMessages(200), GENERATED_SENDERS, dir);
    console.log('chat | estimate | drawn | lane');
    for (const [label, make] of CHATS) {
      const messages = make();
      const estimate = documentsCostMs(
        documentsWork(
          messages.length,
          messages.flatMap((m) => [m.sender ?? '', m.content]),
        ),
      );
      const started = performance.now();
      await writeChatTranscripts(messages, GENERATED_SENDERS, dir);
      const drawn = performance.now() - started;
      const lane = isSmallExport(estimate) ? 'small' : 'large';
      console.log(`${label} | ${(estimate / 1000).toFixed(1)} s | ${(drawn / 1000).toFixed(1)} s | ${lane}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
