import { z } from 'zod';

/**
 * The export this browser last uploaded, kept in local storage (never in the address, which
 * reaches servers' logs and, through a referrer, other sites) so that a reload brings back its
 * progress, its Payment Required card or its result instead of an empty converter. It is kept
 * with its expiry, the export's retention end, and dropped once that has passed: browsers are
 * often shared, and a forgotten export should not linger in one.
 */
const EXPORT_MEMORY_KEY = 'chatexhibit.export';

const ExportMemorySchema = z.object({
  exportId: z.uuid(),
  fileName: z.string(),
  /** Unknown when the export came back from checkout in another tab. */
  fileSize: z.number().int().nonnegative().nullable(),
  /** The zone the export's documents write their times in (the upload's); unknown when kept before. */
  timeZone: z.string().optional(),
  /** Set when the export asked for payment. */
  bundleId: z.uuid().optional(),
  /** After a purchase: where the links were mailed and until when they hold (ISO date-time). */
  emailedTo: z.string().optional(),
  linksValidUntil: z.string().optional(),
  /** When the export's files are deleted (ISO date-time): the memory goes then (one without it at once). */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type ExportMemory = z.infer<typeof ExportMemorySchema>;

/** The remembered export, unless it expired (or is unreadable): then it is dropped. */
export function rememberedExport(now = Date.now()): ExportMemory | null {
  const stored = localStorage.getItem(EXPORT_MEMORY_KEY);
  if (!stored) return null;
  let parsed;
  try {
    parsed = ExportMemorySchema.safeParse(JSON.parse(stored));
  } catch {
    parsed = null;
  }
  if (parsed?.success && Date.parse(parsed.data.expiresAt) > now) return parsed.data;
  forgetExport();
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an export is deleted, `days` from now (its retention period, as proto's constants give it). */
export const expiryIn = (days: number, now = Date.now()): string =>
  new Date(now + days * DAY_MS).toISOString();

export function rememberExport(memory: ExportMemory): void {
  localStorage.setItem(EXPORT_MEMORY_KEY, JSON.stringify(memory));
}

/** Adds to the remembered export `exportId`; starts remembering it when `base` is given. */
export function updateRememberedExport(
  exportId: string,
  update: Partial<ExportMemory>,
  base?: Pick<ExportMemory, 'fileName' | 'fileSize' | 'expiresAt'>,
): void {
  const current = rememberedExport();
  const next = current?.exportId === exportId ? current : base ? { exportId, ...base } : null;
  if (next) rememberExport({ ...next, ...update });
}

export function forgetExport(): void {
  localStorage.removeItem(EXPORT_MEMORY_KEY);
}

/** Everything this web app keeps in the browser's storage, for Forget this device. */
export function forgetEverything(): void {
  localStorage.clear();
  sessionStorage.clear();
}

/**
 * What the uploader typed into the form and the name of the file they chose, kept in local
 * storage beside the export (never in the address): a reload brings the cover's fields back, and
 * says which file to choose again, since a browser keeps no chosen file over a reload.
 */
const FORM_MEMORY_KEY = 'chatexhibit.form';

export const CoverFieldsSchema = z.object({
  caseNumber: z.string(),
  exhibitNumber: z.string(),
  preparedBy: z.string(),
  exportingAccount: z.string(),
});
export type CoverFields = z.infer<typeof CoverFieldsSchema>;

const FormMemorySchema = z.object({
  cover: CoverFieldsSchema.optional(),
  /** A file chosen and not yet uploaded (its name only). */
  chosenFileName: z.string().optional(),
});
type FormMemory = z.infer<typeof FormMemorySchema>;

export function rememberedForm(): FormMemory {
  const stored = localStorage.getItem(FORM_MEMORY_KEY);
  if (!stored) return {};
  try {
    return FormMemorySchema.safeParse(JSON.parse(stored)).data ?? {};
  } catch {
    return {};
  }
}

function updateRememberedForm(update: FormMemory): void {
  const next: FormMemory = { ...rememberedForm(), ...update };
  localStorage.setItem(FORM_MEMORY_KEY, JSON.stringify(next));
}

export const rememberCoverFields = (cover: CoverFields): void => updateRememberedForm({ cover });

/** The file chosen now (null: none is waiting to be uploaded any more). */
export const rememberChosenFile = (fileName: string | null): void =>
  updateRememberedForm({ chosenFileName: fileName ?? undefined });
