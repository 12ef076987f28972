import { AlertTriangle, CheckCircle2, FileQuestion, Loader2, ShieldCheck, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DropZone } from '../../../components/ui/drop-zone';
import { cn } from '../../../lib/utils';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import {
  type FileCheck,
  type FileStatus,
  type ListName,
  verifyFiles,
  VerifyError,
  type VerifyReport,
} from '../verify-files';
import { both, verdict } from '../verdict';

const STATUS: Record<FileStatus, { label: string; icon: typeof CheckCircle2; className: string }> = {
  match: { label: 'Matches', icon: CheckCircle2, className: 'text-accent' },
  mismatch: { label: 'Does not match', icon: XCircle, className: 'text-destructive' },
  missing: { label: 'Missing', icon: FileQuestion, className: 'text-destructive' },
  unlisted: { label: 'Not in the list', icon: AlertTriangle, className: 'text-amber-700' },
};

type Check =
  | { state: 'idle' }
  | { state: 'checking'; done: number; total: number }
  | { state: 'done'; report: VerifyReport }
  | { state: 'failed'; message: string };

/** What is wrong with one file, in words, for the list above the table. */
function problemText({ status, expected, actual, list }: FileCheck, lists: readonly ListName[]): string {
  switch (status) {
    case 'mismatch':
      return expected
        ? `Changed after the package was made: this file’s bytes are not the ones ChatExhibit listed. Its SHA-256 is now ${actual}, but ${list} records ${expected}.`
        : `Changed after the package was made: this file’s bytes are not the ones ChatExhibit listed. Its SHA-256 ${actual} is not one that ${list} records for a file of this name.`;
    case 'missing':
      return `Missing: ChatExhibit listed this file when it made the package, but it is not here. ${list} lists it.`;
    case 'unlisted':
      return `Added after the package was made: ChatExhibit did not list this file, so nothing vouches for it. ${either(lists)} names it.`;
    case 'match':
      return 'Matches.';
  }
}

const either = (lists: readonly ListName[]): string =>
  lists.length === 1 ? `${lists[0]} does not` : `Neither ${lists.join(' nor ')}`;

/** Problems first (changed, missing, added), then the files that match, each in the list's order. */
const PROBLEM_ORDER: Record<FileStatus, number> = { mismatch: 0, missing: 1, unlisted: 2, match: 3 };
const problemsFirst = (checks: readonly FileCheck[]): FileCheck[] =>
  [...checks].sort((a, b) => PROBLEM_ORDER[a.status] - PROBLEM_ORDER[b.status]);

function HashValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid gap-0.5" data-testid={testId}>
      <span className="text-xs text-muted-foreground">{label}</span>
      <code className="font-mono text-xs break-all">{value}</code>
    </div>
  );
}

function CheckRow({ check }: { check: FileCheck }) {
  const { label, icon: Icon, className } = STATUS[check.status];
  return (
    // On a phone a row is a grid: the result's icon and the file on one line, the hashes below.
    <tr
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 border-t border-border align-top sm:table-row"
      data-status={check.status}
    >
      <td className={cn('pt-2 font-medium whitespace-nowrap sm:py-2 sm:pr-3', className)}>
        <span className="inline-flex items-center gap-1.5">
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          <span className="whitespace-nowrap">{label}</span>
        </span>
      </td>
      <td className="pt-2 break-all sm:py-2 sm:pr-3" data-testid="check-path">
        {check.path}
      </td>
      <td className="col-span-2 grid gap-1 py-2">
        {check.actual && <HashValue label="Computed now" value={check.actual} />}
        {check.expected && check.status !== 'match' && (
          <HashValue label="Recorded in the list" value={check.expected} />
        )}
      </td>
    </tr>
  );
}

/**
 * /verify: an evidence package (or single files with its SHA256SUMS or manifest.json) checked
 * in the browser. Every SHA-256 is computed here; nothing is sent anywhere.
 */
export function VerifyPanel() {
  const id = useId();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const run = useRef(0);

  const start = (files: File[]) => {
    if (files.length === 0) return;
    const current = (run.current += 1);
    const stillCurrent = () => run.current === current;
    setCheck({ state: 'checking', done: 0, total: 0 });
    void verifyFiles(files, (done, total) => {
      if (stillCurrent()) setCheck({ state: 'checking', done, total });
    }).then(
      (report) => {
        if (stillCurrent()) setCheck({ state: 'done', report });
      },
      (error: unknown) => {
        if (stillCurrent())
          setCheck({
            state: 'failed',
            message: error instanceof VerifyError ? error.message : 'The files could not be read.',
          });
      },
    );
  };

  const percent =
    check.state === 'checking' && check.total > 0 ? Math.floor((check.done / check.total) * 100) : 0;

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Check the files</CardTitle>
          <CardDescription>
            Drop the evidence package ZIP, or one or more of its files together with its SHA256SUMS or
            manifest.json.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <DropZone
            inputId={`${id}-files`}
            title="Drop the package or files here, or browse"
            hint="Any size: large files are read in pieces."
            onFiles={start}
          />
          <input
            id={`${id}-files`}
            type="file"
            multiple
            aria-label="Evidence package or its files"
            // The drop zone is the keyboard's way to it.
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => {
              start([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <p
            className="flex items-start gap-2 rounded-lg bg-primary-soft p-3 text-sm"
            data-testid="privacy-note"
          >
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            Nothing is uploaded. Your browser computes every SHA-256 hash value itself; the files never leave
            this computer.
          </p>
        </CardContent>
      </Card>

      {check.state === 'checking' && (
        <div role="status" className="grid gap-2 text-sm">
          <span className="inline-flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Computing hash values… {percent}%
          </span>
          <div className="h-1.5 overflow-hidden rounded-full bg-border">
            <div className="h-full bg-accent" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}

      {check.state === 'failed' && (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive"
        >
          <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{check.message}</p>
        </div>
      )}

      {/* Present from the start, so that a screen reader announces the verdict when it comes. */}
      <p role="status" className="sr-only" data-testid="verdict-announcement">
        {check.state === 'done' ? verdict(check.report).text : ''}
      </p>
      {check.state === 'done' && <Report report={check.report} />}
    </div>
  );
}

function Report({ report }: { report: VerifyReport }) {
  const { good, text } = verdict(report);
  const verdictBox = useRef<HTMLDivElement>(null);
  // The verdict is below the drop zone, off screen on a phone: it comes into view, below the
  // sticky header (the page's scroll padding), and takes the focus, so it is seen and read out.
  useEffect(() => {
    verdictBox.current?.focus({ preventScroll: true });
    verdictBox.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [report]);
  return (
    <Card>
      <CardHeader>
        <div
          ref={verdictBox}
          tabIndex={-1}
          data-testid="verdict"
          data-good={good}
          className={cn(
            'flex items-start gap-2 rounded-lg border p-4 font-medium',
            good
              ? 'border-accent/40 bg-accent/5 text-accent'
              : 'border-destructive/40 bg-destructive/5 text-destructive',
          )}
        >
          {good ? (
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          ) : (
            <XCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          )}
          {text}
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        {!good && (
          <section aria-labelledby="problems-heading" className="grid gap-2" data-testid="problems">
            <h2 id="problems-heading" className="font-semibold">
              Files that fail the check
            </h2>
            <ul className="grid gap-2">
              {problemsFirst(report.checks)
                .filter((check) => check.status !== 'match')
                .map((check) => (
                  <li
                    key={`${check.status}:${check.path}`}
                    data-status={check.status}
                    className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
                  >
                    <p className="font-mono font-medium break-all" data-testid="problem-path">
                      {check.path}
                    </p>
                    <p className="mt-1 wrap-anywhere">{problemText(check, report.lists)}</p>
                  </li>
                ))}
            </ul>
          </section>
        )}
        {(report.stated.length > 0 || report.uploadSha256) && (
          <div className="grid gap-3 rounded-lg bg-muted p-4 text-sm" data-testid="what-a-match-shows">
            <p>
              A match shows that each file is the one {both(report.lists)}{' '}
              {report.lists.length === 1 ? 'names' : 'name'}. It does not show that{' '}
              {report.lists.length === 1 ? 'the list is' : 'the lists are'} the one ChatExhibit made: whoever
              changes a file can change its lines too. What ties the files to the package that was certified
              is the signed declaration: compare these values, computed now, with the SHA-256 hash values it
              states. manifest.json lists the uploaded export, every file in it and the MP3 copies; a file
              that only {PACKAGE_PATHS.checksums} lists and the declaration does not name (such as{' '}
              {PACKAGE_PATHS.readme} or {PACKAGE_PATHS.messagesCsv}) has nothing else vouching for it.
            </p>
            {report.stated.map(({ path, sha256 }) => (
              <HashValue
                key={path}
                label={`SHA-256 of ${path}, computed now`}
                value={sha256}
                testId={path === PACKAGE_PATHS.manifest ? 'manifest-sha256' : 'stated-sha256'}
              />
            ))}
            {report.uploadSha256 && (
              <HashValue
                testId="upload-sha256"
                label="SHA-256 of the uploaded chat export, as manifest.json records it"
                value={report.uploadSha256}
              />
            )}
          </div>
        )}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Each file and its SHA-256 hash value</caption>
            <thead className="hidden sm:table-header-group">
              <tr className="text-muted-foreground">
                <th scope="col" className="pb-2 pr-3 font-medium">
                  Result
                </th>
                <th scope="col" className="pb-2 pr-3 font-medium">
                  File
                </th>
                <th scope="col" className="pb-2 font-medium">
                  SHA-256
                </th>
              </tr>
            </thead>
            <tbody>
              {problemsFirst(report.checks).map((check) => (
                <CheckRow key={`${check.status}:${check.path}`} check={check} />
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
