// End-to-end pipeline time and memory: three generated WhatsApp exports, each from the start of
// its upload to its final progress event, through the distributed stack (seven processes on the
// local PostgreSQL and NATS, an s3rver, an SMTP sink) and through standalone. It prints a table
// against the targets and, per run, when each step began and ended, and each process's peak
// memory. A missed target is a figure, not a failure; a run that errors exits 1.
// Needs a build (`npm run bench:e2e` builds first), PostgreSQL on 127.0.0.1:5432 (user postgres,
// trust; BENCH_POSTGRES_ADMIN_URL) and NATS with JetStream on 127.0.0.1:4222 (BENCH_NATS_URL).
// Arguments pick workloads and modes: `npm run bench:e2e -- W3 distributed`.

import { stat } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { isFinalProgress, type ProgressEvent } from '@chatexhibit/proto/progress';
import { PROCESSING_STEPS } from '@chatexhibit/proto/steps';
import { readProgress, uploadExport } from '../test/support/pipeline-client';
import {
  type WhatsAppExport,
  type WhatsAppExportSpec,
  writeWhatsAppExport,
} from '../test/support/whatsapp-export';
import { PeakMemory } from './support/process-memory';
import {
  type RunMode,
  type RunningStack,
  startDistributedStack,
  startStandaloneStack,
} from './support/stacks';
import { Teardown } from './support/teardown';

interface Workload {
  name: string;
  targetSeconds: number;
  export: WhatsAppExportSpec;
}

/**
 * One kind of voice note and photo for every workload: half-minute voice notes and photos of
 * noise (which JPEG cannot shrink) sized so that W3 comes to about 90 MB, under the 100 MB cap.
 */
const MEDIA = { voiceSeconds: 30, photoPixels: 1120 };
const WORKLOADS: Workload[] = [
  { name: 'W1', targetSeconds: 3, export: { textMessages: 1_950, voiceNotes: 20, photos: 30, ...MEDIA } },
  { name: 'W2', targetSeconds: 8, export: { textMessages: 40_000, voiceNotes: 0, photos: 0 } },
  { name: 'W3', targetSeconds: 30, export: { textMessages: 9_700, voiceNotes: 200, photos: 100, ...MEDIA } },
];
const MODES: RunMode[] = ['distributed', 'standalone'];
const MEMORY_LIMIT_MB = 512;
/** Far above any target: a run this slow is stuck, not slow. */
const RUN_TIMEOUT_MS = 10 * 60_000;
/** The last step's log lines may still be in the pipe from its process when the final event arrives. */
const LOG_SETTLE_MS = 500;
/** Photos are included: the SPA's option that makes the media step render them too. */
const UPLOAD_OPTIONS = { includeImages: true };

interface TimelineEntry {
  /** Seconds from the start of the upload. */
  at: number;
  what: string;
}

/** The fields of a pino log line of a ChatExhibit process that the timeline uses. */
interface LogEntry {
  time: string;
  msg: string;
  part?: string;
  exportReference?: string;
  correlationId?: string;
}

interface RunResult {
  workload: Workload;
  mode: RunMode;
  seconds?: number;
  peaksMb?: Map<string, number>;
  timeline?: TimelineEntry[];
  error?: string;
}

async function main(): Promise<number> {
  const { workloads, modes } = selection(process.argv.slice(2));
  const infrastructure = {
    postgresAdminUrl: process.env.BENCH_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    natsUrl: process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222',
  };
  const teardowns: Teardown[] = [];
  let interrupted = false;
  // `on`, not `once`: tsx passes the signal on a second time, which would otherwise kill us mid-teardown.
  const interrupt = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\nbench: ${signal}, stopping everything it started`);
    void Promise.all(teardowns.map((t) => t.run())).finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupt).on('SIGTERM', interrupt);

  const exportsTeardown = new Teardown();
  teardowns.push(exportsTeardown);
  const exportsDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-bench-exports-'));
  exportsTeardown.add(`remove ${exportsDir}`, () => rm(exportsDir, { recursive: true, force: true }));
  const results: RunResult[] = [];
  try {
    const exported = new Map<Workload, WhatsAppExport>();
    for (const workload of workloads) {
      const started = performance.now();
      const written = await writeWhatsAppExport(
        await mkdtemp(path.join(exportsDir, `${workload.name}-`)),
        workload.export,
      );
      exported.set(workload, written);
      const { size } = await stat(written.zipPath);
      console.log(
        `${workload.name}: ${written.messageCount} messages, ${written.voiceNotes.length} voice notes, ` +
          `${written.photos.length} photos, ${mb(size).toFixed(1)} MB (generated in ${seconds(started)} s)`,
      );
    }

    for (const mode of modes) {
      // Interrupted: the runs still going fail as their processes stop; start nothing new.
      if (interrupted) break;
      const teardown = new Teardown();
      teardowns.push(teardown);
      try {
        const started = performance.now();
        const stack =
          mode === 'distributed'
            ? await startDistributedStack(infrastructure, teardown)
            : await startStandaloneStack(teardown);
        console.log(`${mode}: up in ${seconds(started)} s`);
        for (const workload of workloads) {
          if (interrupted) break;
          const result = await measureRun(stack, workload, exported.get(workload)!);
          console.log(`${workload.name} ${mode}: ${result.error ?? `${result.seconds!.toFixed(2)} s`}`);
          results.push(result);
        }
      } catch (error) {
        // The stack did not come up, or broke between runs: its remaining runs count as failed.
        for (const workload of workloads.filter(
          (w) => !results.some((r) => r.workload === w && r.mode === mode),
        )) {
          results.push({ workload, mode, error: String(error) });
        }
      } finally {
        await teardown.run();
      }
    }
  } finally {
    await exportsTeardown.run();
  }

  printTable(results);
  printProfiles(results);
  return results.some((r) => r.error !== undefined) ? 1 : 0;
}

/** One export through one stack: upload, then the progress stream until the final event. */
async function measureRun(
  stack: RunningStack,
  workload: Workload,
  exported: WhatsAppExport,
): Promise<RunResult> {
  const pids = new Map([...stack.processes].map(([name, running]) => [name, running.child.pid!]));
  const memory = await PeakMemory.start(pids);
  const startedAt = Date.now();
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const timeline: TimelineEntry[] = [];
  try {
    const upload = await uploadExport(stack.baseUrl, exported.zipPath, UPLOAD_OPTIONS);
    const exportId = upload.body.clientId;
    if (upload.status !== 201 || exportId === undefined) {
      throw new Error(`upload answered ${upload.status}: ${upload.body.message ?? ''}`);
    }
    timeline.push({ at: elapsed(), what: 'upload answered' });

    let final: ProgressEvent | undefined;
    const seenSteps = new Set<number>();
    await readProgress(stack.baseUrl, exportId, {
      timeoutMs: RUN_TIMEOUT_MS,
      stopWhen: (event) => {
        if (isFinalProgress(event)) final = event;
        else if (!seenSteps.has(event.step)) {
          seenSteps.add(event.step);
          timeline.push({
            at: elapsed(),
            what: `step ${event.step} (${PROCESSING_STEPS[event.step]!.key}) first event`,
          });
        }
        return final !== undefined;
      },
    });
    const seconds = elapsed();
    const peaksMb = await memory.stop();
    if (final === undefined) throw new Error('the progress stream ended without a final event');
    if (final.error !== undefined) throw new Error(`the export failed: ${final.error}`);
    if (final.messageCount !== exported.messageCount) {
      throw new Error(`${final.messageCount} messages were parsed, ${exported.messageCount} were sent`);
    }
    timeline.push({
      at: seconds,
      what: final.requiresPayment ? 'final event: payment required' : 'final event: done',
    });
    await new Promise((resolve) => setTimeout(resolve, LOG_SETTLE_MS));
    timeline.push(...stepLogLines(stack, exportId, startedAt));
    timeline.sort((a, b) => a.at - b.at);
    return { workload, mode: stack.mode, seconds, peaksMb, timeline };
  } catch (error) {
    await memory.stop();
    return { workload, mode: stack.mode, timeline, error: String(error) };
  }
}

/**
 * The log lines the stack wrote for this export, placed on the run's timeline by their own
 * timestamps (each step logs when it has finished). Every job of an export carries the export
 * reference as its correlation id (logs never name the id).
 */
function stepLogLines(stack: RunningStack, exportId: string, startedAt: number): TimelineEntry[] {
  const reference = exportReference(exportId);
  const entries: LogEntry[] = [];
  for (const [name, running] of stack.processes) {
    for (const line of running.lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as LogEntry;
      entries.push({ ...entry, part: entry.part ?? name });
    }
  }
  return entries
    .filter((e) => e.exportReference === reference || e.correlationId === reference)
    .map((e) => ({ at: (Date.parse(e.time) - startedAt) / 1000, what: `log ${e.part}: ${e.msg}` }));
}

function printTable(results: RunResult[]): void {
  const rows = results.map((r) => {
    const [process, peak] = [...(r.peaksMb ?? [])]
      .filter(([name]) => !name.includes('›'))
      .reduce<[string, number]>((max, entry) => (entry[1] > max[1] ? entry : max), ['', 0]);
    return [
      r.workload.name,
      r.mode,
      r.seconds === undefined ? 'error' : r.seconds.toFixed(2),
      `${r.workload.targetSeconds}`,
      r.seconds === undefined ? '' : (r.seconds / r.workload.targetSeconds).toFixed(2),
      r.peaksMb === undefined ? '' : `${peak.toFixed(0)} (${process})`,
      r.peaksMb === undefined ? '' : peak <= MEMORY_LIMIT_MB ? 'yes' : 'NO',
    ];
  });
  const header = [
    'workload',
    'mode',
    'seconds',
    'target s',
    'ratio',
    'max process MB',
    `≤ ${MEMORY_LIMIT_MB} MB`,
  ];
  const widths = header.map((h, column) => Math.max(h.length, ...rows.map((row) => row[column]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(format(row));
}

function printProfiles(results: RunResult[]): void {
  for (const r of results) {
    console.log(`\n${r.workload.name} ${r.mode}${r.error ? ` — ERROR: ${r.error}` : ''}`);
    for (const { at, what } of r.timeline ?? []) console.log(`  ${at.toFixed(2).padStart(7)} s  ${what}`);
    if (r.peaksMb) {
      const peaks = [...r.peaksMb].map(([name, peak]) => `${name} ${peak.toFixed(0)}`).join(', ');
      console.log(`  peak MB: ${peaks} (processes they start are sampled every 100 ms)`);
    }
  }
}

function selection(args: string[]): { workloads: Workload[]; modes: RunMode[] } {
  const unknown = args.filter((a) => !WORKLOADS.some((w) => w.name === a) && !MODES.includes(a as RunMode));
  if (unknown.length > 0) {
    throw new Error(
      `unknown arguments ${unknown.join(' ')}: name workloads (W1 W2 W3) and modes (${MODES.join(' ')})`,
    );
  }
  const workloads = WORKLOADS.filter((w) => args.includes(w.name));
  const modes = MODES.filter((m) => args.includes(m));
  return { workloads: workloads.length > 0 ? workloads : WORKLOADS, modes: modes.length > 0 ? modes : MODES };
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
