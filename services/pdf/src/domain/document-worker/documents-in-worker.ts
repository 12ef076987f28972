// The pdf core run in a worker thread with its own heap limit, so that an export whose documents
// need more memory than one export may have ends with a sentence instead of taking the process
// down (in standalone, the whole site). Every caller goes through here: the pdf service's steps
// and `npm run convert`.

import path from 'node:path';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { DOCUMENTS_OUT_OF_MEMORY_MESSAGE, DOCUMENTS_TOO_SLOW_MESSAGE } from '@chatexhibit/proto/progress';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import type { TakenBates } from '../exhibit/exhibit-bates';
import type { ExhibitRequest, ExportDocuments, FilingCopy, WrittenExhibit } from '../render-export-documents';
import type { SizeLimit } from '../transcript/filing-volumes';
import type {
  PackageDocument,
  PublicCopyRequest,
  WrittenPublicCopy,
} from '../public-copy/render-public-copy';
import type { ExportSource } from '../transcript/transcript-source';
import { copyError, remadeError } from './copied-errors';
import type { DocumentTask, HostMessage, SourceRequest, WorkerMessage, WorkerStart } from './worker-protocol';

/**
 * The worker's heap: a generated chat of 100,000 entries (CHAT_LIMITS) is drawn within it (the
 * process and its worker peaked at 1.2 GB resident); one of WhatsApp's longest, 40,000 messages,
 * peaks at 560 MB drawn in one process.
 */
export const DOCUMENT_WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 1536,
  maxYoungGenerationSizeMb: 64,
  stackSizeMb: 4,
};

/**
 * How long the worker may draw one export's documents: a chat at CHAT_LIMITS draws in well under
 * a minute, and a job's deadline (10 minutes) would only retry it. 60 lines of a megabyte held the
 * single pdf worker for over ten minutes before the text engine broke long runs efficiently.
 */
export const DOCUMENT_TIME_BUDGET_MS = 5 * 60_000;

/**
 * The built worker script. Run from source (jest, tsx) the worker still needs JavaScript: it
 * is the build's (`npm run build` first).
 */
const WORKER_FILE = __filename.endsWith('.ts')
  ? path.resolve(__dirname, '../../../dist/domain/document-worker/document-worker.js')
  : path.join(__dirname, 'document-worker.js');

/** The export's documents are beyond what the worker may spend on one export: no retry makes them. */
export abstract class DocumentsOverLimitError extends Error {}

/** The documents needed more memory than the worker's heap limit allows. */
export class DocumentsOutOfMemoryError extends DocumentsOverLimitError {
  override readonly name = 'DocumentsOutOfMemoryError';

  constructor() {
    super(DOCUMENTS_OUT_OF_MEMORY_MESSAGE);
  }
}

/** The documents took longer than the worker's time budget. */
export class DocumentsTooSlowError extends DocumentsOverLimitError {
  override readonly name = 'DocumentsTooSlowError';

  constructor() {
    super(DOCUMENTS_TOO_SLOW_MESSAGE);
  }
}

export interface WorkerOptions {
  /** Aborting it stops the worker (a job past its deadline, a queue shutting down). */
  signal?: AbortSignal;
  resourceLimits?: ResourceLimits;
  /** Past it the worker is stopped (DocumentsTooSlowError). */
  timeBudgetMs?: number;
}

/**
 * `renderExportDocuments` in a worker thread with a heap limit and a time budget
 * (DocumentsOutOfMemoryError, DocumentsTooSlowError past them).
 */
export function renderExportDocumentsInWorker(
  source: ExportSource,
  outDir: string,
  generatedAt: Date,
  onProgress: (fraction: number) => void | Promise<void> = () => {},
  exhibitRequest: ExhibitRequest | null = null,
  sizeLimit: SizeLimit | null = null,
  options: WorkerOptions = {},
): Promise<ExportDocuments> {
  const task: DocumentTask = { kind: 'export-documents', outDir, generatedAt, exhibitRequest, sizeLimit };
  return runInWorker(task, source, onProgress, options) as Promise<ExportDocuments>;
}

/** `renderExhibit` in a worker thread with a heap limit (DocumentsOutOfMemoryError past it). */
export function renderExhibitInWorker(
  source: ExportSource,
  request: ExhibitRequest,
  filing: FilingCopy,
  generatedAt: Date,
  earlier: readonly TakenBates[] = [],
  options: WorkerOptions = {},
): Promise<WrittenExhibit> {
  const task: DocumentTask = { kind: 'exhibit', request, filing, generatedAt, earlier };
  return runInWorker(task, source, () => {}, options) as Promise<WrittenExhibit>;
}

/** `renderPublicCopy` in a worker thread with a heap limit (DocumentsOutOfMemoryError past it). */
export function renderPublicCopyInWorker(
  source: ExportSource,
  request: PublicCopyRequest,
  filing: FilingCopy,
  documents: readonly PackageDocument[],
  generatedAt: Date,
  earlier: readonly TakenBates[] = [],
  options: WorkerOptions = {},
): Promise<WrittenPublicCopy> {
  const task: DocumentTask = { kind: 'public-copy', request, filing, documents, generatedAt, earlier };
  return runInWorker(task, source, () => {}, options) as Promise<WrittenPublicCopy>;
}

function runInWorker(
  task: DocumentTask,
  { messages, files, ...facts }: ExportSource,
  onProgress: (fraction: number) => void | Promise<void>,
  { signal, resourceLimits = DOCUMENT_WORKER_LIMITS, timeBudgetMs = DOCUMENT_TIME_BUDGET_MS }: WorkerOptions,
): Promise<unknown> {
  signal?.throwIfAborted();
  const start: WorkerStart = { task, source: facts };
  // A preload of this process's command line (`npm run convert`'s --require) is not the worker's.
  const worker = new Worker(WORKER_FILE, { workerData: start, resourceLimits, execArgv: [] });
  const answers = new SourceAnswers(messages, files);
  // Progress is reported in order, and the result waits for the last report.
  let reported: Promise<void> = Promise.resolve();
  return new Promise<unknown>((resolve, reject) => {
    let settled = false;
    const budget = setTimeout(() => settle(() => reject(new DocumentsTooSlowError())), timeBudgetMs);
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(budget);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      void answers.close();
      outcome();
    };
    const onAbort = (): void => settle(() => reject(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      switch (message.kind) {
        case 'request':
          void answers.answer(message.request).then(
            (value) => post({ kind: 'answer', id: message.id, value }),
            (error: unknown) => post({ kind: 'answer-failed', id: message.id, error: copyError(error) }),
          );
          return;
        case 'progress':
          reported = reported.then(() => onProgress(message.fraction));
          return;
        case 'done':
          void reported.then(
            () => settle(() => resolve(message.result)),
            (error: unknown) => settle(() => reject(error)),
          );
          return;
        case 'failed':
          settle(() => reject(remadeError(message.error)));
          return;
      }
    });
    const post = (message: HostMessage): void => {
      if (!settled) worker.postMessage(message);
    };
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DocumentsOutOfMemoryError() : error),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the documents' worker exited with code ${code} without an answer`))),
    );
  });
}

/** The worker's questions answered from the real source: passes over the messages and open files. */
class SourceAnswers {
  private readonly passes = new Map<number, AsyncIterator<readonly TranscriptMessage[]>>();
  private readonly files = new Map<number, AsyncIterator<Uint8Array>>();
  private lastHandle = 0;

  constructor(
    private readonly messages: ExportSource['messages'],
    private readonly source: ExportSource['files'],
  ) {}

  async answer(request: SourceRequest): Promise<unknown> {
    switch (request.method) {
      case 'pass-open':
        return this.keep(this.passes, this.messages()[Symbol.asyncIterator]());
      case 'pass-next': {
        const next = await this.passes.get(request.handle)!.next();
        return next.done ? null : next.value;
      }
      case 'pass-close':
        return this.end(this.passes, request.handle);
      case 'file-open':
        return this.keep(this.files, (await this.source.open(request.key))[Symbol.asyncIterator]());
      case 'file-read': {
        const next = await this.files.get(request.handle)!.next();
        return next.done ? null : next.value;
      }
      case 'file-close':
        return this.end(this.files, request.handle);
    }
  }

  /** Ends every pass and file the worker left open (it failed, or was stopped). */
  async close(): Promise<void> {
    for (const handle of [...this.passes.keys()]) await this.end(this.passes, handle).catch(() => undefined);
    for (const handle of [...this.files.keys()]) await this.end(this.files, handle).catch(() => undefined);
  }

  private keep<T>(open: Map<number, AsyncIterator<T>>, iterator: AsyncIterator<T>): number {
    const handle = ++this.lastHandle;
    open.set(handle, iterator);
    return handle;
  }

  private async end<T>(open: Map<number, AsyncIterator<T>>, handle: number): Promise<null> {
    const iterator = open.get(handle);
    open.delete(handle);
    await iterator?.return?.();
    return null;
  }
}
