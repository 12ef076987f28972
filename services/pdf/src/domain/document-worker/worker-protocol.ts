// What the documents' worker thread and the process that starts it say to each other: the worker
// asks for what an ExportSource gives (pages of messages, a file's bytes) and reports progress,
// then its result or its failure; the process answers each request by its id.

import type { ExportSource } from '../transcript/transcript-source';
import type { SizeLimit } from '../transcript/filing-volumes';
import type { TakenBates } from '../exhibit/exhibit-bates';
import type { ExhibitRequest, FilingCopy } from '../render-export-documents';
import type { PackageDocument, PublicCopyRequest } from '../public-copy/render-public-copy';

/** An ExportSource without its functions: what is copied to the worker as it starts. */
export type SourceFacts = Omit<ExportSource, 'messages' | 'files'>;

/** The work one worker does: all documents of an export, or an exhibit or the public copy of one made already. */
export type DocumentTask =
  | {
      kind: 'export-documents';
      outDir: string;
      generatedAt: Date;
      exhibitRequest: ExhibitRequest | null;
      sizeLimit: SizeLimit | null;
    }
  | {
      kind: 'exhibit';
      request: ExhibitRequest;
      filing: FilingCopy;
      generatedAt: Date;
      earlier: readonly TakenBates[];
    }
  | {
      kind: 'public-copy';
      request: PublicCopyRequest;
      filing: FilingCopy;
      documents: readonly PackageDocument[];
      generatedAt: Date;
      earlier: readonly TakenBates[];
    };

export interface WorkerStart {
  task: DocumentTask;
  source: SourceFacts;
}

/** The worker's questions: a pass over the messages, and reading a stored file, a step at a time. */
export type SourceRequest =
  | { method: 'pass-open' }
  | { method: 'pass-next'; handle: number }
  | { method: 'pass-close'; handle: number }
  | { method: 'file-open'; key: string }
  | { method: 'file-read'; handle: number }
  | { method: 'file-close'; handle: number };

/** A failure as it crosses the thread boundary: its class's name, message and own fields. */
export interface CopiedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type WorkerMessage =
  | { kind: 'request'; id: number; request: SourceRequest }
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; result: unknown }
  | { kind: 'failed'; error: CopiedError };

export type HostMessage =
  { kind: 'answer'; id: number; value: unknown } | { kind: 'answer-failed'; id: number; error: CopiedError };
