import { formatInteger } from '@chatexhibit/proto/count-words';
import type { ChatData, Message } from '@chatexhibit/proto/chat';
import { PREVIEW_PAGE_SIZE, PREVIEW_ZOOM, SENDER_COLOURS } from '@chatexhibit/proto/constants';
import { formatMomentInZone } from '@chatexhibit/proto/moment-in-zone';
import { format, parseISO } from 'date-fns';
import { ChevronLeft, ChevronRight, Download, FileText, Lock, ZoomIn, ZoomOut } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { ChatPreview } from '@chatexhibit/proto/chat-preview';
import { toast } from '../../../hooks/use-toast';
import { useChatData } from '../api/chat-data';
import { DOCUMENT_OPEN_FAILED, openDocument } from '../../../lib/open-document';
import { cn } from '../../../lib/utils';
import { openEvidencePackage } from '../api/download-code';
import { useChatPreview } from '../api/chat-preview';
import { entriesText } from '../counts-text';
import type { ProcessedExport } from '../hooks/use-processing';
import { CONVERTER_TEXTS } from '../converter-texts';
import { SAMPLE_TRANSCRIPT } from '../sample-transcript';
import { DeleteExportButton } from './delete-export-button';
import { ForgetDeviceButton } from './forget-device-button';
import { IdentifierScanNotice } from './identifier-scan-notice';
import { VoicePlayer } from './voice-player';

/** What the preview shows of a processed export: its transcript's pages, or the exhibit being made of it. */
type PreviewMode = 'transcript' | 'exhibit';

const PREVIEW_MODES: { mode: PreviewMode; label: string }[] = [
  { mode: 'transcript', label: 'Transcript' },
  { mode: 'exhibit', label: 'Exhibit' },
];

/** Pages of the preview: 10 messages each, at least one (SPEC §2, §9). */
export const pageCount = (messages: number): number => Math.max(1, Math.ceil(messages / PREVIEW_PAGE_SIZE));

/** The messages of one page, grouped under their dates (dd MMMM yyyy). */
function groupByDay(messages: readonly Message[]): { day: string; messages: Message[] }[] {
  const groups: { day: string; messages: Message[] }[] = [];
  for (const message of messages) {
    const day = format(parseISO(message.timestamp), 'dd MMMM yyyy');
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}

const entryDate = (timestamp: string) => format(parseISO(timestamp), 'd MMM yyyy');

/**
 * The header's Generated On (SPEC: dd MMM yyyy, HH:mm). The sample's is the browser's time; an
 * export's is written as its transcript's cover writes it, in the zone its documents use (the
 * browser's, named, when this browser does not know it), with that zone's offset and name.
 */
export function generatedOnText(moment: Date, exportTimeZone: string | null | undefined): string {
  if (exportTimeZone === undefined) return format(moment, 'dd MMM yyyy, HH:mm');
  const zone = exportTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `${formatMomentInZone(moment, zone)}, ${zone}`;
}

/**
 * What the uploader checks before paying: that it is their chat (file, participants, dates,
 * SHA-256) and what the counts count (the free tier counts every entry but WhatsApp's own
 * notices; the transcript numbers every entry).
 */
function OwnChatSummary({ preview }: { preview: ChatPreview }) {
  const dates =
    preview.firstEntryAt && preview.lastEntryAt
      ? `${entryDate(preview.firstEntryAt)} – ${entryDate(preview.lastEntryAt)}`
      : 'no dated entries';
  return (
    <dl
      className="grid gap-1.5 rounded-lg border border-primary/40 bg-muted p-3 text-sm"
      data-testid="own-chat"
    >
      {(
        [
          ['File', preview.originalFilename],
          ['Participants', preview.participants.join(', ')],
          ['Dates', dates],
          ['Entries', entriesText(preview)],
          ['SHA-256 of your upload', preview.fileHash],
        ] as const
      ).map(([term, value]) => (
        <div key={term} className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className={term.startsWith('SHA') ? 'font-mono text-xs break-all' : 'break-words'}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * SPEC §2 preview panel: a sample marked 'Preview Mode' until an export is processed, then its
 * chat; while an export waits for payment, its first page, marked as the uploader's own preview
 * (the documents stay locked); zoom 50-200 % in steps of 10 from 100 %; 'Page X of Y' at 10 messages a page (an export's marked as the preview's pages, not the PDF's); the
 * transcript header; messages under date headings with times, sender colours and voice players;
 * 'View PDF' (a new tab), 'Download Evidence Package', 'Delete this export' and 'Forget this
 * device' (the result goes from this browser, the export stays) once processed, with what the
 * scan for Rule 5.2(a) identifiers found in its transcript.
 */
export function PreviewPanel({
  processed,
  awaitingPayment,
  timeZone,
  resultsIntoView,
  onDeleted,
  exhibitMode,
}: {
  processed: ProcessedExport | null;
  /** The export waiting for payment, whose first page is shown. */
  awaitingPayment: string | null;
  /** The zone the export's documents write their times in, when this browser knows it. */
  timeZone: string | null;
  /** Whether processing's end brings the result's buttons into view (not when what is above them does). */
  resultsIntoView: boolean;
  /** The result was deleted, or this device forgot it: the converter starts over. */
  onDeleted(): void;
  /** The Exhibit mode of a processed export, which the page composes in (features/exhibit). */
  exhibitMode?: (exportId: string) => ReactNode;
}) {
  // A free export's final event carries its chat; a bought one's is loaded.
  const loaded = useChatData(processed && !processed.chatData ? processed.exportId : null);
  const own = useChatPreview(processed ? null : awaitingPayment).data ?? null;
  const ownChat = useMemo<ChatData | null>(() => own && { ...own, id: `preview:${own.fileHash}` }, [own]);
  const chat: ChatData = processed?.chatData ?? loaded.data ?? ownChat ?? SAMPLE_TRANSCRIPT;
  const sample = chat === SAMPLE_TRANSCRIPT;
  const ownPreview = own !== null && chat === ownChat;
  // The panel, its heading first: its top lands below the sticky header, the buttons under it.
  const results = useRef<HTMLDivElement>(null);
  const lockedPagesId = useId();
  // Processing ended: the panel with its buttons, below the fold on a phone, comes into view.
  const processedId = processed?.exportId;
  useEffect(() => {
    if (processedId && resultsIntoView)
      results.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [processedId, resultsIntoView]);
  const [zoom, setZoom] = useState<number>(PREVIEW_ZOOM.defaultPercent);
  const [modeChoice, setMode] = useState<{ exportId: string | undefined; mode: PreviewMode }>({
    exportId: processedId,
    mode: 'transcript',
  });
  // A new export opens on its transcript; the Exhibit mode is there once an export is processed.
  const exhibitOf = exhibitMode && processed ? processed.exportId : null;
  const mode: PreviewMode =
    exhibitOf !== null && modeChoice.exportId === exhibitOf ? modeChoice.mode : 'transcript';
  // Once opened, the exhibit being built stays while the transcript is looked at.
  const [exhibitOpened, setExhibitOpened] = useState<string | null>(null);
  const tabsId = useId();
  const tab = (to: PreviewMode) => {
    setMode({ exportId: processedId, mode: to });
    if (to === 'exhibit' && exhibitOf !== null) setExhibitOpened(exhibitOf);
  };
  const tabKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const to: PreviewMode =
      event.key === 'Home'
        ? 'transcript'
        : event.key === 'End'
          ? 'exhibit'
          : mode === 'transcript'
            ? 'exhibit'
            : 'transcript';
    tab(to);
    event.currentTarget.ownerDocument.getElementById(`${tabsId}-${to}-tab`)?.focus();
  };
  const [pageChoice, setPage] = useState({ chatId: chat.id, page: 1 });
  // A new chat opens on its first page.
  const page = pageChoice.chatId === chat.id ? pageChoice.page : 1;
  // The uploader's own preview is one page of all the transcript's.
  const pages = ownPreview ? pageCount(own.entries) : pageCount(chat.messages.length);
  const lastShownPage = ownPreview ? 1 : pages;
  const generatedOn = useMemo(
    () => generatedOnText(new Date(), sample ? undefined : timeZone),
    [sample, timeZone],
  );
  const shown = chat.messages.slice((page - 1) * PREVIEW_PAGE_SIZE, page * PREVIEW_PAGE_SIZE);
  const { includeTimestamps, highlightSenders } = chat.processingOptions;
  const colourOf = (sender: string) =>
    highlightSenders
      ? sender === chat.participants[0]
        ? SENDER_COLOURS.primary
        : SENDER_COLOURS.secondary
      : undefined;

  return (
    <Card
      ref={results}
      data-mode={mode}
      // The converter's right column; the exhibit workspace (a message list, its settings) needs
      // the whole width, so in Exhibit mode the panel takes the row above the form.
      className={cn('content-start', mode === 'exhibit' && 'lg:col-span-2 lg:row-start-1')}
    >
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          Transcript Preview{' '}
          {sample && (
            <Badge data-testid="preview-mode" className="whitespace-nowrap">
              Preview Mode
            </Badge>
          )}
          {ownPreview && (
            <Badge data-testid="own-preview" className="whitespace-nowrap">
              Preview of your chat
            </Badge>
          )}
        </CardTitle>
        <div className="flex items-center gap-1" hidden={mode !== 'transcript'}>
          <Button
            variant="outline"
            size="icon"
            aria-label="Zoom out"
            disabled={zoom <= PREVIEW_ZOOM.minPercent}
            onClick={() => setZoom((z) => Math.max(PREVIEW_ZOOM.minPercent, z - PREVIEW_ZOOM.stepPercent))}
          >
            <ZoomOut />
          </Button>
          <span className="w-12 text-center text-sm tabular-nums" data-testid="zoom-level">
            {zoom}%
          </span>
          <Button
            variant="outline"
            size="icon"
            aria-label="Zoom in"
            disabled={zoom >= PREVIEW_ZOOM.maxPercent}
            onClick={() => setZoom((z) => Math.min(PREVIEW_ZOOM.maxPercent, z + PREVIEW_ZOOM.stepPercent))}
          >
            <ZoomIn />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sample && (
          <p className="text-sm text-muted-foreground" data-testid="sample-note">
            A made-up sample chat, to show how a transcript reads. Your own chat appears here once it is
            processed.
          </p>
        )}
        {ownPreview && (
          <>
            <p className="flex items-start gap-2 text-sm">
              <Lock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>
                Your chat’s first page, so you can check it is the right one. The transcript, the evidence
                package and the voice notes unlock after payment.
              </span>
            </p>
            <OwnChatSummary preview={own} />
          </>
        )}
        {processed && (
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={() =>
                void openDocument(processed.pdfUrl).catch(() =>
                  toast({ ...DOCUMENT_OPEN_FAILED, variant: 'destructive' }),
                )
              }
            >
              <FileText aria-hidden="true" />
              View PDF
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                void openEvidencePackage(processed.exportId).catch(() =>
                  toast({ ...CONVERTER_TEXTS.evidencePackageFailed, variant: 'destructive' }),
                )
              }
            >
              <Download aria-hidden="true" />
              Download Evidence Package
            </Button>
            <DeleteExportButton exportId={processed.exportId} onDeleted={onDeleted} />
            <ForgetDeviceButton onForgotten={onDeleted} />
          </div>
        )}
        {processed && chat.identifierScan && <IdentifierScanNotice scan={chat.identifierScan} />}
        {exhibitOf !== null && (
          <div
            role="tablist"
            aria-label="Preview mode"
            className="flex gap-1 rounded-lg bg-muted p-1"
            onKeyDown={tabKeys}
          >
            {PREVIEW_MODES.map((choice) => (
              <button
                key={choice.mode}
                type="button"
                role="tab"
                id={`${tabsId}-${choice.mode}-tab`}
                aria-selected={mode === choice.mode}
                aria-controls={`${tabsId}-${choice.mode}`}
                tabIndex={mode === choice.mode ? 0 : -1}
                onClick={() => tab(choice.mode)}
                className={
                  mode === choice.mode
                    ? 'flex-1 rounded-md bg-background px-3 py-1.5 text-sm font-semibold shadow-sm'
                    : 'flex-1 rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:text-foreground'
                }
              >
                {choice.label}
              </button>
            ))}
          </div>
        )}
        {exhibitOf !== null && exhibitOpened === exhibitOf && (
          <div
            role="tabpanel"
            id={`${tabsId}-exhibit`}
            aria-labelledby={`${tabsId}-exhibit-tab`}
            hidden={mode !== 'exhibit'}
          >
            {exhibitMode!(exhibitOf)}
          </div>
        )}
        <div
          className="grid gap-4"
          hidden={mode !== 'transcript'}
          {...(exhibitOf !== null && {
            role: 'tabpanel',
            id: `${tabsId}-transcript`,
            'aria-labelledby': `${tabsId}-transcript-tab`,
          })}
        >
          {/* Focusable, so the page can be scrolled with the keyboard when zoomed in. */}
          <div
            tabIndex={0}
            role="region"
            aria-label="Transcript page, scrollable"
            className="max-h-[40rem] overflow-auto rounded-lg border border-border bg-muted p-3 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
          >
            <article
              className="origin-top-left rounded-md bg-background p-6 text-sm shadow-sm"
              style={{ zoom: zoom / 100 }}
              aria-label="Transcript page"
            >
              <header className="border-b border-border pb-4 text-center">
                <p className="text-xs font-bold tracking-widest text-primary">CHAT TRANSCRIPT EVIDENCE</p>
                <p className="mt-1 text-lg font-semibold">WhatsApp Conversation</p>
                <dl className="mt-3 grid gap-1 text-xs text-muted-foreground">
                  <div>
                    <dt className="inline font-medium">Generated On: </dt>
                    <dd className="inline">{generatedOn}</dd>
                  </div>
                  <div>
                    <dt className="inline font-medium">File SHA-256: </dt>
                    <dd className="inline font-mono" title={chat.fileHash}>
                      {chat.fileHash.slice(0, 6)}…
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium">Participants: </dt>
                    <dd className="inline">{chat.participants.join(', ')}</dd>
                  </div>
                </dl>
              </header>
              {groupByDay(shown).map(({ day, messages }) => (
                <section key={day + messages[0]!.timestamp} className="mt-4">
                  <h4 className="mb-2 text-center text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                    {day}
                  </h4>
                  <ol className="grid gap-2">
                    {messages.map((message, index) => (
                      <li key={`${message.timestamp}-${index}`} className="grid gap-1">
                        <p>
                          {includeTimestamps && (
                            <span className="mr-2 tabular-nums text-muted-foreground">
                              {/* SPEC's HH:mm, with the seconds an export recorded (iPhone exports do). */}
                              {format(
                                parseISO(message.timestamp),
                                message.secondsRecorded ? 'HH:mm:ss' : 'HH:mm',
                              )}
                            </span>
                          )}
                          {message.sender ? (
                            <span className="font-semibold" style={{ color: colourOf(message.sender) }}>
                              {message.sender}
                            </span>
                          ) : (
                            <span className="text-xs uppercase tracking-wide text-muted-foreground">
                              System event
                            </span>
                          )}
                        </p>
                        {message.type === 'voice' ? (
                          <VoicePlayer src={message.content} duration={message.duration} />
                        ) : (
                          <p
                            className={
                              message.sender
                                ? 'whitespace-pre-wrap break-words'
                                : 'whitespace-pre-wrap break-words italic text-muted-foreground'
                            }
                          >
                            {message.content}
                          </p>
                        )}
                      </li>
                    ))}
                  </ol>
                </section>
              ))}
            </article>
          </div>
          <div className="flex items-center justify-between">
            <Button
              variant="ghost"
              size="sm"
              aria-label="Previous page"
              disabled={page <= 1}
              onClick={() => setPage({ chatId: chat.id, page: page - 1 })}
            >
              <ChevronLeft />
            </Button>
            <div className="grid justify-items-center text-center text-sm text-muted-foreground">
              <span data-testid="page-indicator">
                Page {page} of {pages}
              </span>
              {/* The preview's own pages: the PDF's pages are larger, and it numbers its own. */}
              {!sample && (
                <span className="text-xs" data-testid="preview-pages-note">
                  pages of this preview, {PREVIEW_PAGE_SIZE} entries each, not of the PDF
                </span>
              )}
              {/* Why Next is disabled on the first of many pages: the rest is not shown before payment. */}
              {ownPreview && pages > lastShownPage && (
                <span id={lockedPagesId} className="text-xs text-foreground" data-testid="locked-pages-note">
                  <Lock className="mr-1 inline size-3" aria-hidden="true" />
                  Pages 2 to {formatInteger(pages)} unlock after payment.
                </span>
              )}
            </div>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Next page"
              aria-describedby={ownPreview && pages > lastShownPage ? lockedPagesId : undefined}
              disabled={page >= lastShownPage}
              onClick={() => setPage({ chatId: chat.id, page: page + 1 })}
            >
              <ChevronRight />
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
