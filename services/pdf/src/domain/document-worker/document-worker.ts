// The worker thread that draws an export's documents (see documents-in-worker.ts): it rebuilds
// the ExportSource from the facts it was started with and questions to its parent for the
// messages and files, runs the pdf core, and answers with the result or the failure.

import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { renderExhibit, renderExportDocuments } from '../render-export-documents';
import { renderPublicCopy } from '../public-copy/render-public-copy';
import type { ExportSource } from '../transcript/transcript-source';
import type { HostMessage, SourceRequest, WorkerMessage, WorkerStart } from './worker-protocol';
import { copyError } from './copied-errors';

const port = parentPort!;
const post = (message: WorkerMessage): void => port.postMessage(message);

const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let lastId = 0;
port.on('message', (message: HostMessage) => {
  const caller = waiting.get(message.id);
  waiting.delete(message.id);
  if (message.kind === 'answer') caller?.resolve(message.value);
  else caller?.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
});

function ask<T>(request: SourceRequest): Promise<T> {
  const id = ++lastId;
  return new Promise<T>((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    post({ kind: 'request', id, request });
  });
}

async function* messages(): AsyncIterable<readonly TranscriptMessage[]> {
  const handle = await ask<number>({ method: 'pass-open' });
  try {
    for (;;) {
      const page = await ask<readonly TranscriptMessage[] | null>({ method: 'pass-next', handle });
      if (page === null) return;
      yield page;
    }
  } finally {
    await ask({ method: 'pass-close', handle });
  }
}

async function openFile(key: string): Promise<Readable> {
  const handle = await ask<number>({ method: 'file-open', key });
  return new Readable({
    read() {
      ask<Uint8Array | null>({ method: 'file-read', handle }).then(
        (chunk) =>
          this.push(chunk === null ? null : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)),
        (error: Error) => this.destroy(error),
      );
    },
    destroy(error, callback) {
      ask({ method: 'file-close', handle }).then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}

async function run({ task, source: facts }: WorkerStart): Promise<unknown> {
  const source: ExportSource = { ...facts, messages, files: { open: openFile } };
  if (task.kind === 'exhibit')
    return renderExhibit(source, task.request, task.filing, task.generatedAt, task.earlier);
  if (task.kind === 'public-copy')
    return renderPublicCopy(
      source,
      task.request,
      task.filing,
      task.documents,
      task.generatedAt,
      task.earlier,
    );
  return renderExportDocuments(
    source,
    task.outDir,
    task.generatedAt,
    (fraction) => post({ kind: 'progress', fraction }),
    task.exhibitRequest,
    task.sizeLimit,
  );
}

run(workerData as WorkerStart).then(
  (result) => post({ kind: 'done', result }),
  (error: unknown) => post({ kind: 'failed', error: copyError(error) }),
);
