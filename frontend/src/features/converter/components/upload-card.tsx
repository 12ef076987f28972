import { UPLOAD_FILE_EXTENSION } from '@chatexhibit/proto/constants';
import {
  BATES_PREFIX_PATTERN,
  BatesStartSchema,
  DEFAULT_PROCESSING_OPTIONS,
  type ProcessingOptions,
  type UploadOptions,
  UploadOptionsSchema,
} from '@chatexhibit/proto/processing-options';
import { PAGE_PATHS } from '@chatexhibit/proto/site';
import * as Collapsible from '@radix-ui/react-collapsible';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, FileArchive, Info, Loader2, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DropZone } from '../../../components/ui/drop-zone';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { TextLink } from '../../../components/ui/text-link';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip';
import { type CoverFields, rememberCoverFields, rememberedForm } from '../export-memory';
import { formatSize } from '../../../lib/format-size';
import { cn } from '../../../lib/utils';
import { ConvertAnotherButton } from './convert-another-button';
import type { ShownFile } from '../hooks/use-processing';

/** The processing options (SPEC §3) as the checklist shows them. */
const OPTION_LABELS: { key: keyof ProcessingOptions; label: string; hint: string }[] = [
  {
    key: 'includeTimestamps',
    label: 'Include timestamps',
    hint: 'Show the time of every message (HH:mm, with seconds when the export has them).',
  },
  {
    key: 'highlightSenders',
    label: 'Highlight senders',
    hint: 'Print each sender’s name in their own colour.',
  },
  {
    key: 'includeVoiceMessages',
    label: 'Include voice messages',
    hint: 'Embed each voice note as a playable MP3 in the PDF.',
  },
  {
    key: 'includeImages',
    label: 'Include images',
    hint: 'Print a thumbnail of each photo under its message.',
  },
  {
    key: 'includeAttachments',
    label: 'Include attachments',
    hint: 'Embed other attached files (documents, videos) in the PDF.',
  },
  {
    key: 'utcColumn',
    label: 'Add a UTC column',
    hint: 'Beside each time, the UTC time it stands for in the time zone chosen below.',
  },
];

/** The examination block's fields (printed on the transcript's cover), as the form asks for them. */
const EXAMINATION_FIELDS = [
  { key: 'caseNumber', label: 'Case number', placeholder: 'e.g. FD24P00123' },
  { key: 'exhibitNumber', label: 'Exhibit number', placeholder: 'e.g. JS-3' },
  { key: 'preparedBy', label: 'Prepared by', placeholder: 'Your name, or your lawyer’s' },
  {
    key: 'exportingAccount',
    label: 'Exporting account',
    placeholder: 'Whose phone it was exported from',
  },
] as const satisfies readonly { key: keyof UploadOptions; label: string; placeholder: string }[];

type ExaminationKey = (typeof EXAMINATION_FIELDS)[number]['key'];
/** The form's text fields; the first Bates number is absent while no prefix is typed (the field is disabled). */
type ExaminationInput = Record<ExaminationKey, string> & { batesStart?: string };

const BATES_START_LABEL = 'First Bates number';

/**
 * Each field as the API checks it (proto's schema, the same limits), left empty for "not
 * stated"; a refusal names the field by its label.
 */
const ExaminationInputSchema = z
  .object(
    Object.fromEntries(
      EXAMINATION_FIELDS.map(({ key, label }) => [
        key,
        z.string().superRefine((value, context) => {
          if (value.trim() === '') return;
          const checked = UploadOptionsSchema.shape[key].safeParse(value);
          for (const issue of checked.error?.issues ?? [])
            context.addIssue({ code: 'custom', message: issue.message.replace(key, label) });
        }),
      ]),
    ) as Record<ExaminationKey, z.ZodString>,
  )
  .extend({
    // Empty is the API's default, 1.
    batesStart: z
      .string()
      .optional()
      .superRefine((value = '', context) => {
        if (value.trim() === '') return;
        const typed = /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
        for (const issue of BatesStartSchema.safeParse(typed).error?.issues ?? [])
          context.addIssue({
            code: 'custom',
            message: issue.message.replace('batesStart', BATES_START_LABEL),
          });
      }),
  });

const NO_COVER_FIELDS: CoverFields = {
  caseNumber: '',
  exhibitNumber: '',
  preparedBy: '',
  exportingAccount: '',
};

/** The form's fields as the uploader last typed them in this browser (also before a reload). */
const startingInput = (): ExaminationInput => ({
  ...NO_COVER_FIELDS,
  ...rememberedForm().cover,
  batesStart: '1',
});

const coverFieldsOf = (input: Partial<ExaminationInput>): CoverFields => ({
  caseNumber: input.caseNumber ?? '',
  exhibitNumber: input.exhibitNumber ?? '',
  preparedBy: input.preparedBy ?? '',
  exportingAccount: input.exportingAccount ?? '',
});

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

interface UploadCardProps {
  file: ShownFile | null;
  /** A chosen file is there to send (not only a remembered export's name). */
  canProcess: boolean;
  uploadPercent: number;
  processing: boolean;
  /** The file went through: its result (or its payment card) is shown, and the form made it. */
  exportMade: boolean;
  /** A file chosen before a reload, by name: the browser no longer has it. */
  chooseAgain: string | null;
  /** When the result's files are deleted (ISO), when known: 'Convert another export' says so. */
  resultKeptUntil: string | null;
  /** Brings the form that emails a free result's links; null when there is none to bring. */
  onEmailLinksFirst: (() => void) | null;
  onChoose(file: File): void;
  onRemove(): void;
  onProcess(options: UploadOptions): void;
}

/**
 * SPEC §2 upload card: drag and drop or browse (.zip only, the first dropped file only), a remove
 * button, the processing options, the phone's time zone (preset to the browser's, and sent as
 * 'browser' unless the uploader picks one, then 'declared'), an optional Bates prefix and the
 * first Bates number (from 1, for a production that continues earlier numbers), the
 * optional case and exhibit numbers, preparer and exporting account for the transcript's cover,
 * and 'Process Chat Export', disabled without a file or while processing. Once the file made an
 * export, 'Convert another export' takes its place and starts over; the cover's fields are kept
 * in this browser as they are typed, so a reload (and starting over) brings them back.
 */
export function UploadCard({
  file,
  canProcess,
  uploadPercent,
  processing,
  exportMade,
  chooseAgain,
  resultKeptUntil,
  onEmailLinksFirst,
  onChoose,
  onRemove,
  onProcess,
}: UploadCardProps) {
  const id = useId();
  const [options, setOptions] = useState<ProcessingOptions>(DEFAULT_PROCESSING_OPTIONS);
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  // The preset zone is the browser's; only a zone the uploader picks is called chosen.
  const [timeZoneSource, setTimeZoneSource] = useState<'browser' | 'declared'>('browser');
  const [batesPrefix, setBatesPrefix] = useState('');
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const batesInvalid = batesPrefix.trim() !== '' && !BATES_PREFIX_PATTERN.test(batesPrefix.trim());
  const examination = useForm<ExaminationInput>({
    resolver: zodResolver(ExaminationInputSchema),
    mode: 'onTouched',
    defaultValues: startingInput(),
  });
  const { subscribe } = examination;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => rememberCoverFields(coverFieldsOf(values)),
      }),
    [subscribe],
  );
  const { errors } = examination.formState;
  // The lawyer's fields are folded away on a first visit; open when this browser kept some of them.
  const [lawyerOpen, setLawyerOpen] = useState(() =>
    Object.values(coverFieldsOf(examination.getValues())).some((value) => value.trim() !== ''),
  );
  const noBatesPrefix = batesPrefix.trim() === '';
  const submit = ({ batesStart, ...stated }: ExaminationInput) =>
    onProcess({
      ...options,
      timeZone,
      timeZoneSource,
      ...(!noBatesPrefix && { batesPrefix: batesPrefix.trim() }),
      ...(!noBatesPrefix && batesStart?.trim() && { batesStart: Number(batesStart.trim()) }),
      ...Object.fromEntries(
        Object.entries(stated)
          .map(([key, value]) => [key, value.trim()] as const)
          .filter(([, value]) => value !== ''),
      ),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload Chat Export</CardTitle>
        <CardDescription>
          The ZIP file WhatsApp’s “Export chat” made, with media.{' '}
          <TextLink to={PAGE_PATHS.help}>How to export a chat</TextLink>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        {file ? (
          <div className="grid grid-cols-1 gap-2 rounded-lg border border-border bg-muted p-4">
            <div className="flex items-center gap-3">
              <FileArchive className="size-8 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium wrap-anywhere" title={file.name}>
                  {file.name}
                </p>
                {file.size !== null && (
                  <p className="text-sm text-muted-foreground">{formatSize(file.size)}</p>
                )}
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Remove file"
                onClick={onRemove}
                disabled={processing}
              >
                <X />
              </Button>
            </div>
            {/* SPEC's cosmetic bar: it measures nothing, so it is named for what it shows; the
                real upload's bar is the processing card's 'Upload progress'. */}
            <div
              className="h-1.5 overflow-hidden rounded-full bg-border"
              role="progressbar"
              aria-label="File added to the form"
              aria-valuenow={uploadPercent}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="h-full bg-accent transition-all" style={{ width: `${uploadPercent}%` }} />
            </div>
          </div>
        ) : (
          <>
            {chooseAgain !== null && (
              <p
                role="status"
                data-testid="choose-again"
                className="rounded-lg border border-primary/40 bg-muted p-3 text-sm"
              >
                You had chosen “<span className="wrap-anywhere">{chooseAgain}</span>”. Choose the file again:
                browsers do not keep a chosen file over a reload.
              </p>
            )}
            <DropZone
              inputId={`${id}-file`}
              title="Drop your ZIP file here, or browse"
              hint="WhatsApp export (.zip), up to 100 MB"
              onFiles={([first]) => first && onChoose(first)}
            />
          </>
        )}
        <input
          id={`${id}-file`}
          type="file"
          aria-label="WhatsApp export ZIP file"
          // The drop zone is the keyboard's way to it.
          tabIndex={-1}
          accept={`${UPLOAD_FILE_EXTENSION},application/zip`}
          className="sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onChoose(chosen);
            event.target.value = '';
          }}
        />

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold">Processing options</legend>
          {OPTION_LABELS.map(({ key, label, hint }) => (
            <div key={key} className="flex items-center gap-2">
              <input
                id={`${id}-${key}`}
                type="checkbox"
                className="size-5 accent-[var(--color-primary)]"
                checked={options[key]}
                onChange={(event) => setOptions((current) => ({ ...current, [key]: event.target.checked }))}
              />
              <Label htmlFor={`${id}-${key}`} className="font-normal">
                {label}
              </Label>
              <OptionHint label={label} hint={hint} />
            </div>
          ))}
        </fieldset>

        <div className="grid min-w-0 gap-2 sm:w-1/2 sm:pr-2">
          <Label htmlFor={`${id}-zone`}>Time zone of the phone</Label>
          <select
            id={`${id}-zone`}
            className="h-10 w-full min-w-0 rounded-md border border-border bg-background px-3 text-sm shadow-sm"
            value={timeZone}
            onChange={(event) => {
              setTimeZone(event.target.value);
              setTimeZoneSource('declared');
            }}
          >
            {(zones.includes(timeZone) ? zones : [timeZone, ...zones]).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>

        <Collapsible.Root open={lawyerOpen} onOpenChange={setLawyerOpen} className="grid gap-4">
          <Collapsible.Trigger asChild>
            <Button variant="outline" className="justify-between" data-testid="lawyer-fold">
              For a lawyer (optional)
              <ChevronDown
                className={cn('transition-transform', lawyerOpen && 'rotate-180')}
                aria-hidden="true"
              />
            </Button>
          </Collapsible.Trigger>
          {/* Kept in the page while folded (Radix's forceMount shows it; hidden folds it), so the
              form's fields keep their values and a refusal can open the fold on them. */}
          <Collapsible.Content forceMount hidden={!lawyerOpen} className="grid gap-5">
            <div className="grid min-w-0 grid-cols-[3fr_2fr] gap-x-3 gap-y-2">
              <Label htmlFor={`${id}-bates`}>Bates prefix (optional)</Label>
              <Label htmlFor={`${id}-bates-start`}>{BATES_START_LABEL}</Label>
              <Input
                id={`${id}-bates`}
                placeholder="e.g. SMITH"
                maxLength={20}
                value={batesPrefix}
                aria-invalid={batesInvalid}
                onChange={(event) => setBatesPrefix(event.target.value)}
              />
              <Input
                id={`${id}-bates-start`}
                inputMode="numeric"
                placeholder="1"
                aria-invalid={errors.batesStart ? true : undefined}
                aria-describedby={errors.batesStart ? `${id}-bates-start-error` : undefined}
                {...examination.register('batesStart', { disabled: noBatesPrefix })}
              />
              {batesInvalid && (
                <p className="col-span-2 text-sm font-medium text-destructive">
                  Use letters, digits, spaces, “.”, “_” or “-”, starting with a letter or digit.
                </p>
              )}
              {errors.batesStart && (
                <p id={`${id}-bates-start-error`} className="col-span-2 text-sm font-medium text-destructive">
                  {errors.batesStart.message}
                </p>
              )}
            </div>

            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-semibold">For the transcript’s cover (optional)</legend>
              <p className="text-sm text-muted-foreground">
                Printed on the cover as you type them; a field left empty reads “not stated”.
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                {EXAMINATION_FIELDS.map(({ key, label, placeholder }) => (
                  <div key={key} className="grid min-w-0 gap-2">
                    <Label htmlFor={`${id}-${key}`}>{label}</Label>
                    <Input
                      id={`${id}-${key}`}
                      placeholder={placeholder}
                      aria-invalid={errors[key] ? true : undefined}
                      aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
                      {...examination.register(key)}
                    />
                    {errors[key] && (
                      <p id={`${id}-${key}-error`} className="text-sm font-medium text-destructive">
                        {errors[key].message}
                      </p>
                    )}
                  </div>
                ))}
              </div>
            </fieldset>
          </Collapsible.Content>
        </Collapsible.Root>

        {exportMade ? (
          <div className="grid gap-3 rounded-lg border border-border bg-muted p-4" data-testid="export-made">
            <p className="text-sm">
              This export is made: its result stays on this page. A new upload, of another chat or with other
              options, makes a new export.
            </p>
            <ConvertAnotherButton
              keptUntil={resultKeptUntil}
              onEmailFirst={onEmailLinksFirst}
              onConfirm={onRemove}
            />
          </div>
        ) : (
          <>
            {/* Without a file the button is disabled: why, next to it (after a reload, which file). */}
            {!file && (
              <p id={`${id}-no-file-reason`} className="text-sm font-medium" data-testid="no-file-reason">
                {chooseAgain !== null ? (
                  <>
                    To process, choose “<span className="wrap-anywhere">{chooseAgain}</span>” again above.
                  </>
                ) : (
                  'To process, choose your chat’s ZIP file above.'
                )}
              </p>
            )}
            <Button
              size="lg"
              disabled={!canProcess || processing || batesInvalid}
              aria-describedby={!file ? `${id}-no-file-reason` : undefined}
              // Every field the form checks is in the fold: a refusal opens it, to show why.
              onClick={() => void examination.handleSubmit(submit, () => setLawyerOpen(true))()}
            >
              {processing && <Loader2 className="animate-spin" aria-hidden="true" />}
              Process Chat Export
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * An option's hint: a tooltip on hover and focus, as everywhere, which a tap (or click) also
 * opens and closes, since touch screens have no hover. Tapping elsewhere or Escape closes it.
 */
function OptionHint({ label, hint }: { label: string; hint: string }) {
  const [open, setOpen] = useState(false);
  // A tap focuses the button between pointerup and click, which opens the tooltip already: the
  // click must toggle what was shown before the press, not after.
  const openBeforePress = useRef(false);
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>
        <button
          type="button"
          // 24 px: a target a finger can hit on a phone (WCAG 2.2 target size).
          className="inline-flex size-6 items-center justify-center text-muted-foreground"
          aria-label={`About: ${label}`}
          onPointerDown={() => {
            openBeforePress.current = open;
          }}
          onClick={(event) => {
            // Radix closes a tooltip on a click of its trigger; here the click toggles it (a
            // keyboard's click, detail 0, has no press before it).
            event.preventDefault();
            setOpen(event.detail === 0 ? !open : !openBeforePress.current);
          }}
        >
          <Info className="size-4" aria-hidden="true" />
        </button>
      </TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  );
}
