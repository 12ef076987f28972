import type { ExhibitResponse } from '@chatexhibit/proto/exhibit-api';
import { UNREDACTED_FILES_ADVICE } from '@chatexhibit/proto/exhibit-files';
import { Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from '../../../hooks/use-toast';
import { formatSize } from '../../../lib/format-size';
import { DOCUMENT_OPEN_FAILED, openDocument } from '../../../lib/open-document';

/** The made exhibit: what it holds, and each file to open with its size and SHA-256. */
export function ExhibitFiles({ exhibit }: { exhibit: ExhibitResponse }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The result replaces nothing the keyboard was on: bring the reader to it.
  useEffect(() => heading.current?.focus(), [exhibit.exhibitId]);
  return (
    <section
      aria-labelledby="exhibit-made"
      className="grid gap-3 rounded-lg border border-primary/40 bg-muted p-3"
    >
      <h3 id="exhibit-made" ref={heading} tabIndex={-1} className="text-sm font-semibold">
        Exhibit made
      </h3>
      <p className="text-sm">
        It holds {exhibit.included}, with{' '}
        {exhibit.redactions === 1 ? '1 redaction' : `${exhibit.redactions} redactions`}. The links last as
        long as the export’s other links.
      </p>
      {/* The exhibit's pages state facts only: what to do with the unredacted files is said here. */}
      {exhibit.redactions > 0 && <p className="text-sm">Before filing: {UNREDACTED_FILES_ADVICE}</p>}
      {exhibit.warnings.length > 0 && (
        <div
          role="status"
          className="grid gap-1 rounded-md border border-destructive/60 bg-background p-2 text-sm"
        >
          <p className="font-medium">
            Made, but look again before filing at{' '}
            {exhibit.warnings.length === 1 ? 'one thing' : `${exhibit.warnings.length} things`}:
          </p>
          <ul className="list-disc pl-5" aria-label="Warnings about the exhibit">
            {exhibit.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      <ul className="grid gap-2" aria-label="The exhibit’s files">
        {exhibit.files.map((file) => (
          <li
            key={file.name}
            className="grid gap-1 rounded-md border border-border bg-background p-2 text-sm"
          >
            {/* A button, not a link: the file opens through a code asked for at the click. */}
            <button
              type="button"
              onClick={() =>
                void openDocument(file.url).catch(() =>
                  toast({ ...DOCUMENT_OPEN_FAILED, variant: 'destructive' }),
                )
              }
              className="inline-flex items-center gap-2 text-left font-medium text-primary underline-offset-4 hover:underline break-all"
            >
              <Download className="size-4 shrink-0" aria-hidden="true" />
              {file.name}
            </button>
            <span className="text-muted-foreground">{formatSize(file.sizeBytes)}</span>
            <span className="text-xs break-all">
              <span className="text-muted-foreground">SHA-256 </span>
              <span className="font-mono">{file.sha256}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
