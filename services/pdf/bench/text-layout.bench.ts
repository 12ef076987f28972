// Throughput of the text engine: 10,000 and 40,000 generated chat messages (mostly English, one
// in ten in another script or with emoji), each laid out and then drawn into one pdfkit document
// as the transcript writer does, against plain pdfkit doc.text() (default layout, the same Noto
// Sans) for the same messages. Each run is a fresh Node process, so neither renderer inherits
// the other's heap or warm caches: times include loading the fonts and finishing the PDF. Peak
// memory is the process's maximum resident set. Not a test: it asserts nothing.
// Run: npx tsx --tsconfig tsconfig.spec.json services/pdf/bench/text-layout.bench.ts

import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { FONT_FILES } from '../src/domain/text/font-files';
import { FontSet, type TextStyle } from '../src/domain/text/font-set';
import { ascent, lineHeight, TextLayout } from '../src/domain/text/text-layout';
import { TextPainter } from '../src/domain/text/text-painter';

const SIZES = [10_000, 40_000];
const ROUNDS = 3;
const PAGE = { width: 612, height: 792, margin: 72 };
const BODY_X = PAGE.margin + 40;
const BODY_WIDTH = PAGE.width - PAGE.margin - BODY_X;
const BODY: TextStyle = { family: 'sans', weight: 'regular', size: 9.5 };
const NUMBER: TextStyle = { family: 'mono', weight: 'regular', size: 8 };

const WORDS = (
  'the a to and I you it is was we that for on of in my be have will at this not can but with ' +
  'so they all just what do me if your about get there our he she send money invoice landlord ' +
  'deposit Friday Monday tomorrow tonight morning receipt hearing lawyer contract signed paid ' +
  'called answered again lunch please thanks okay sure sorry late meeting office keys flat ' +
  'rent month week transfer account bank number address court letter email photo message'
).split(' ');
const OTHER = [
  'مرحبا، هل وصلت الأوراق؟ أرسلها غدا من فضلك',
  'שלום, המסמכים אצלי ואשלח אותם מחר בבוקר',
  '我们明天下午三点见面，请带上合同和收据。',
  'Привет! Встреча в 15:00, не забудь документы.',
  'Thanks 👍🏽 see you at the office 🙂 🇬🇧',
  'สวัสดีครับ พรุ่งนี้เจอกันที่สำนักงาน',
  'नमस्ते, कल सुबह दस बजे मिलते हैं।',
  'ok 👨‍👩‍👧 we are all here ❤️',
];

/** A fixed pseudo-random sequence (mulberry32), so every run lays out the same messages. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` messages of about 60 characters; one in ten from OTHER; amounts and times vary. */
function generateMessages(count: number): string[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: count }, (_, i) => {
    if (i % 10 === 9) return pick(OTHER);
    const words: string[] = [];
    while (words.join(' ').length < 40 + next() * 40) {
      words.push(
        next() < 0.05
          ? `$${Math.floor(next() * 5000)}`
          : next() < 0.03
            ? `${Math.floor(next() * 24)}:${Math.floor(next() * 60)}`
            : pick(WORDS),
      );
    }
    const sentence = words.join(' ');
    return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`;
  });
}

/** A sink that only counts bytes: the PDF is produced in full but not written anywhere. */
function byteCounter(): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.bytes += chunk.length;
      done();
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
}

interface Timing {
  ms: number;
  peakMb: number;
  bytes: number;
  pages: number;
  phases?: { layoutMs: number; drawMs: number; endMs: number };
}

/** Like the transcript writer: each message laid out, then drawn, then the next. */
async function renderOurs(messages: string[]): Promise<Timing> {
  const started = performance.now();
  const layout = new TextLayout(FontSet.shared());
  const doc = new PDFDocument({ size: 'LETTER', bufferPages: true, info: { CreationDate: new Date(0) } });
  const sink = byteCounter();
  doc.pipe(sink);
  const painter = new TextPainter(doc, FontSet.shared());
  let layoutMs = 0;
  let pages = 1;
  let top = PAGE.margin;
  messages.forEach((text, i) => {
    const layoutStarted = performance.now();
    const lines = layout.wrap(text, BODY, BODY_WIDTH);
    layoutMs += performance.now() - layoutStarted;
    const height = lines.length * lineHeight(BODY) + 4;
    if (top + height > PAGE.height - PAGE.margin) {
      doc.addPage();
      pages += 1;
      top = PAGE.margin;
    }
    painter.drawText(String(i + 1).padStart(5, '0'), PAGE.margin, top + ascent(BODY), NUMBER, '#475569');
    for (const line of lines) {
      const left = line.direction === 'rtl' ? BODY_X + BODY_WIDTH - line.width : BODY_X;
      painter.drawLine(line, left, top + ascent(BODY), BODY, '#0f172a');
      top += lineHeight(BODY);
    }
    top += 4;
  });
  const drawnAt = performance.now();
  doc.end();
  await finished(sink);
  const ended = performance.now();
  return {
    ms: ended - started,
    peakMb: process.resourceUsage().maxRSS / 1024,
    bytes: sink.bytes,
    pages,
    phases: { layoutMs, drawMs: drawnAt - started - layoutMs, endMs: ended - drawnAt },
  };
}

async function renderPlain(messages: string[]): Promise<Timing> {
  const started = performance.now();
  const doc = new PDFDocument({
    size: 'LETTER',
    font: FONT_FILES.sans.regular,
    info: { CreationDate: new Date(0) },
  });
  const sink = byteCounter();
  doc.pipe(sink);
  let pages = 1;
  doc.on('pageAdded', () => (pages += 1));
  doc.fontSize(BODY.size);
  messages.forEach((text, i) => doc.text(`${String(i + 1).padStart(5, '0')} ${text}`));
  doc.end();
  await finished(sink);
  return {
    ms: performance.now() - started,
    peakMb: process.resourceUsage().maxRSS / 1024,
    bytes: sink.bytes,
    pages,
  };
}

function measure(renderer: 'ours' | 'plain', count: number): Timing {
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, __filename, '--worker', renderer, String(count)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as Timing;
}

/** The best of ROUNDS fresh processes, alternating the two renderers. */
function best(count: number): Record<'ours' | 'plain', Timing> {
  const results: Record<'ours' | 'plain', Timing[]> = { ours: [], plain: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const renderer of ['ours', 'plain'] as const) results[renderer].push(measure(renderer, count));
  }
  const fastest = (timings: Timing[]): Timing => timings.reduce((a, b) => (b.ms < a.ms ? b : a));
  return { ours: fastest(results.ours), plain: fastest(results.plain) };
}

function main(): void {
  console.log(`best of ${ROUNDS} fresh processes each`);
  console.log(
    'messages | ours ms (wrap + draw + doc.end) | ours peak MB | plain pdfkit ms | plain peak MB | plain/ours',
  );
  for (const count of SIZES) {
    const { ours, plain } = best(count);
    const phases = ours.phases!;
    console.log(
      [
        count.toLocaleString('en-US'),
        `${ours.ms.toFixed(0)} (${phases.layoutMs.toFixed(0)} + ${phases.drawMs.toFixed(0)} + ${phases.endMs.toFixed(0)})`,
        ours.peakMb.toFixed(0),
        plain.ms.toFixed(0),
        plain.peakMb.toFixed(0),
        `${(plain.ms / ours.ms).toFixed(1)}x`,
      ].join(' | '),
    );
    console.log(
      `  ours: ${ours.pages} pages, ${(ours.bytes / 1e6).toFixed(1)} MB; plain: ${plain.pages} pages, ${(plain.bytes / 1e6).toFixed(1)} MB`,
    );
  }
}

const workerAt = process.argv.indexOf('--worker');
if (workerAt >= 0) {
  const count = Number(process.argv[workerAt + 2]);
  const render = process.argv[workerAt + 1] === 'ours' ? renderOurs : renderPlain;
  void render(generateMessages(count)).then((timing) => process.stdout.write(`${JSON.stringify(timing)}\n`));
} else {
  main();
}
