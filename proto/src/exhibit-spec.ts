import { z } from 'zod';
import { unknownKeySentence } from './errors';
import { isOneLine } from './one-line';
import { phoneDigits } from './phone-digits';
import { BATES_PREFIX_PATTERN, BatesStartSchema } from './processing-options';
import { foldText } from './text-fold';
import { MAX_MESSAGE_NUMBER, messageNumber } from './message-number';
import { nameOccurrences } from './name-match';

// An exhibit: the messages of a processed export a lawyer files, with context, highlights,
// redactions and the court's size limit. Messages are named by the numbers the full transcript
// prints (1-based, "message 0412"), so an exhibit cites the transcript it was cut from.

/**
 * An object of the spec: its keys and no others. An unknown key is named with the nearest of
 * `keys` (its own; every form's, for one of several forms): 'unknown key "redaction": did you
 * mean "redactions"?'. `otherwise` words its other problems.
 */
function keyed<Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
  {
    keys = Object.keys(shape),
    otherwise = () => undefined,
  }: { keys?: readonly string[]; otherwise?: (issue: z.core.$ZodRawIssue) => string | undefined } = {},
) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? unknownKeySentence(issue.keys, keys) : otherwise(issue),
  });
}

/** The keys of every form an object of the spec may take. */
const keysOf = (forms: Record<string, z.core.$ZodLooseShape>): string[] => [
  ...new Set(Object.values(forms).flatMap((shape) => Object.keys(shape))),
];

/**
 * One of several forms of an object of the spec (`known`: all their keys): an object with a key
 * none of them has is named with the nearest; anything else that fits none gets `sentence`, which
 * shows the forms.
 */
const oneOfForms = (known: readonly string[], sentence: string) => ({
  error: ({ input }: { input?: unknown }) => {
    const unknown =
      typeof input === 'object' && input !== null
        ? Object.keys(input).filter((key) => !known.includes(key))
        : [];
    return unknown.length > 0 ? unknownKeySentence(unknown, known) : sentence;
  },
});

/** Days in each month of `year` (proleptic Gregorian, as the chat's dates are read). */
const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Why a day written YYYY-MM-DD is not on the calendar ("February 2024 has 29 days"), or null when it is. */
function calendarProblem(day: string): string | null {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  if (month < 1 || month > 12) return `is not a day of the calendar: there is no month ${month}`;
  const days = daysInMonth(year, month);
  return date < 1 || date > days
    ? `is not a day of the calendar: ${MONTHS[month - 1]} ${year} has ${days} days`
    : null;
}

/** A message by the full transcript's number. */
const MessageNumberSchema = z
  .number({ error: 'must be a message number of the transcript, such as 412' })
  .int('must be a whole message number')
  .min(1, 'must be a message number of the transcript, from 1')
  .max(MAX_MESSAGE_NUMBER, `must be a message number of the transcript, at most ${MAX_MESSAGE_NUMBER}`);

/** A day as the messages' dates are recorded (the chat's own dates, not UTC), YYYY-MM-DD. */
const RecordedDaySchema = z
  .string({ error: 'must be a day written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD')
  .superRefine((day, context) => {
    const problem = calendarProblem(day);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem, input: day });
  });

/** What an exhibit takes from the transcript: one message, a range of them, or every message of some days. */
const SELECTION_SHAPES = {
  message: { message: MessageNumberSchema },
  range: { from: MessageNumberSchema, to: MessageNumberSchema },
  days: { fromDay: RecordedDaySchema, toDay: RecordedDaySchema },
};
const SELECTION_KEYS = keysOf(SELECTION_SHAPES);
const MessageSelectionSchema = keyed(SELECTION_SHAPES.message, { keys: SELECTION_KEYS });
const RangeSelectionSchema = keyed(SELECTION_SHAPES.range, { keys: SELECTION_KEYS }).refine(
  (range) => range.from <= range.to,
  { message: 'from must not be after to', path: ['to'] },
);
export const ExhibitSelectionSchema = z.union(
  [
    MessageSelectionSchema,
    RangeSelectionSchema,
    keyed(SELECTION_SHAPES.days, { keys: SELECTION_KEYS }).refine((range) => range.fromDay <= range.toDay, {
      message: 'fromDay must not be after toDay',
      path: ['toDay'],
      // Days that are not days have no order: their own sentence is the one problem.
      when: ({ issues }) => issues.length === 0,
    }),
  ],
  oneOfForms(
    SELECTION_KEYS,
    'must be one message { "message": 412 }, a range { "from": 412, "to": 440 } or days { "fromDay": "2024-03-01", "toDay": "2024-03-02" }',
  ),
);
export type ExhibitSelection = z.infer<typeof ExhibitSelectionSchema>;

/**
 * Why something is redacted: the categories of Federal Rule of Civil Procedure 5.2(a), material
 * sealed by a court's order, or the filer's own words. `label` names it on a redaction's boxes and
 * in the log; `description` says it in full.
 */
export const REDACTION_REASONS = {
  'taxpayer-id': {
    label: 'SSN/TIN',
    // An SSN is a taxpayer-identification number; an EIN is no SSN.
    description: 'Social Security or taxpayer-identification number (Fed. R. Civ. P. 5.2(a)(1))',
  },
  'birth-date': {
    label: 'Birth date',
    description: 'Date of birth (Fed. R. Civ. P. 5.2(a)(2))',
  },
  'minor-name': {
    label: 'Minor',
    description: 'Name of a minor (Fed. R. Civ. P. 5.2(a)(3))',
  },
  'financial-account': {
    label: 'Account no.',
    description: 'Financial-account number (Fed. R. Civ. P. 5.2(a)(4))',
  },
  'sealed-by-order': { label: 'Sealed', description: 'Sealed by order of the court' },
  // Its reason is the filer's note (required): the label and description say where to read it.
  other: {
    label: 'Other',
    description: "Another reason, stated in the filer's note",
  },
} as const;
export type RedactionCategory = keyof typeof REDACTION_REASONS;

const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine(isOneLine, 'must be one line of text');

const REDACTION_CATEGORIES = Object.keys(REDACTION_REASONS) as [RedactionCategory, ...RedactionCategory[]];

/** A redaction's reason: a category, and the filer's words (required for `other`). */
export const RedactionReasonSchema = keyed(
  {
    // No default: only the filer knows why (a phone number is no SSN).
    category: z.enum(REDACTION_CATEGORIES, {
      error: ({ input }) =>
        input === undefined
          ? `is missing: a redaction has no default reason, so choose one of ${REDACTION_CATEGORIES.join(', ')}`
          : `must be one of ${REDACTION_CATEGORIES.join(', ')}`,
    }),
    note: oneLine(200).optional(),
  },
  {
    // A category written alone ("reason": "taxpayer-id") is the common slip: show the object it belongs in.
    otherwise: ({ input }) =>
      `${input === undefined ? 'is missing: a redaction has no default reason, so give one' : 'must be an object'} such as { "category": ${JSON.stringify(
        typeof input === 'string' && (REDACTION_CATEGORIES as string[]).includes(input)
          ? input
          : 'taxpayer-id',
      )} }, the category one of ${REDACTION_CATEGORIES.join(', ')} (with a "note" for other)`,
  },
).refine((reason) => reason.category !== 'other' || reason.note !== undefined, {
  message: 'a reason of category "other" needs a note saying what it is',
  path: ['note'],
});
export type RedactionReason = z.infer<typeof RedactionReasonSchema>;

/** The kinds of redaction, in the order the spec's schema lists them. */
export const REDACTION_KINDS = ['text', 'message', 'attachment', 'phone-number', 'text-everywhere'] as const;

/** The words on a redaction's boxes instead of its reason's label: a minor's initials (Rule 5.2(a)(3)), a pseudonym. */
const ReplacementSchema = oneLine(40);

/** A phone number as a chat writes one: digits, spaces and ( ) . - with an optional "+", at least 7 digits. */
export const PhoneNumberSchema = z
  .string()
  .regex(/^\+?[\d\s().-]{7,30}$/, 'must be a phone number as the chat writes it, such as "+1 555 010 4477"')
  .refine((value) => phoneDigits(value).length >= 7, 'must have at least 7 digits');

/**
 * What to redact. `text`: a span of one message's text, every occurrence of it in that message
 * (or only the `occurrence`-th, 1-based); `message`: all of one message's text; `attachment`: the
 * file one message attaches (its name, hash and picture); `phone-number`: a number wherever the
 * exhibit writes it (senders, texts, system events, file names), however its digits are spaced;
 * `text-everywhere`: a word or phrase (a minor's name) wherever the exhibit writes it, as whole
 * words or inside emails, handles, hashtags and URLs, in any case and look-alike letters
 * (`findNames`). The last two may give `replaceWith`, the words on their boxes instead of the
 * reason's label (a minor's initials, a pseudonym). A redaction of one message whose text is not
 * there is an error, never skipped; a number or text removed everywhere that the exhibit writes
 * nowhere is a warning (a standing list of spellings is used across exhibits).
 */
export const RedactionSchema = z.discriminatedUnion(
  'kind',
  [
    keyed({
      kind: z.literal('text'),
      message: MessageNumberSchema,
      text: z.string().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters'),
      occurrence: z
        .number({ error: 'must be which occurrence of the text to redact, such as 2' })
        .int('must be a whole number')
        .min(1, 'must be 1 or more: 1 is the first occurrence')
        .optional(),
      reason: RedactionReasonSchema,
    }),
    keyed({ kind: z.literal('message'), message: MessageNumberSchema, reason: RedactionReasonSchema }),
    keyed({ kind: z.literal('attachment'), message: MessageNumberSchema, reason: RedactionReasonSchema }),
    keyed({
      kind: z.literal('phone-number'),
      number: PhoneNumberSchema,
      replaceWith: ReplacementSchema.optional(),
      reason: RedactionReasonSchema,
    }),
    keyed({
      kind: z.literal('text-everywhere'),
      text: oneLine(200).refine(
        (value) => /[\p{L}\p{N}]/u.test(value),
        'must be a word or phrase, with a letter or digit',
      ),
      replaceWith: ReplacementSchema.optional(),
      reason: RedactionReasonSchema,
    }).refine(
      ({ text, replaceWith }) => replaceWith === undefined || nameOccurrences(replaceWith, text).length === 0,
      { message: 'must not hold the text it replaces', path: ['replaceWith'] },
    ),
  ],
  { error: `kind must be one of ${REDACTION_KINDS.join(', ')}` },
);
export type Redaction = z.infer<typeof RedactionSchema>;

/** What a redaction removes, as a key two redactions share when they remove the same thing (reasons aside). */
export function redactionTarget(redaction: Redaction): string {
  switch (redaction.kind) {
    case 'text':
      return JSON.stringify([
        redaction.kind,
        redaction.message,
        redaction.text,
        redaction.occurrence ?? null,
      ]);
    case 'message':
    case 'attachment':
      return JSON.stringify([redaction.kind, redaction.message]);
    case 'phone-number':
      return JSON.stringify([redaction.kind, phoneDigits(redaction.number)]);
    case 'text-everywhere':
      return JSON.stringify([
        redaction.kind,
        foldText(redaction.text, { confusables: true }).folded.trim().split(/\s+/u),
      ]);
  }
}

/**
 * A redaction that removes what an earlier one removes (each copy would mask every place again,
 * and the log list it twice), and a label or Bates prefix that writes a text the exhibit removes
 * everywhere (it is on every page, in the metadata and in the files' names of those who file it).
 */
function redactionConflicts(
  spec: { label: string; batesPrefix?: string | undefined; redactions: readonly Redaction[] },
  context: z.RefinementCtx,
): void {
  const first = new Map<string, number>();
  spec.redactions.forEach((redaction, index) => {
    const target = redactionTarget(redaction);
    const earlier = first.get(target);
    if (earlier === undefined) first.set(target, index);
    else
      context.addIssue({
        code: 'custom',
        message: `removes what redactions[${earlier}] removes: give each thing to remove once`,
        path: ['redactions', index],
      });
    if (redaction.kind !== 'text-everywhere') return;
    for (const key of ['label', 'batesPrefix'] as const) {
      const value = spec[key];
      if (value !== undefined && nameOccurrences(value, redaction.text).length > 0)
        context.addIssue({
          code: 'custom',
          message: `holds a text redactions[${index}] removes everywhere: it is printed on every page, so choose one without it`,
          path: [key],
        });
    }
  });
}

/** One million bytes: courts state their limits in MB, and this is the smaller reading of it. */
const MB = 1_000_000;

/** Per-file limits of courts' electronic filing systems, as published (in MB). */
export const COURT_PROFILES = {
  'd-utah-bankruptcy': { name: 'U.S. Bankruptcy Court, District of Utah', maxFileBytes: 8 * MB },
  'nd-georgia': { name: 'U.S. District Court, Northern District of Georgia', maxFileBytes: 15 * MB },
  'efile-texas': { name: 'eFileTexas', maxFileBytes: 25 * MB },
  sdny: { name: 'U.S. District Court, Southern District of New York', maxFileBytes: 35 * MB },
  'cd-california': { name: 'U.S. District Court, Central District of California', maxFileBytes: 35 * MB },
  'nd-illinois': { name: 'U.S. District Court, Northern District of Illinois', maxFileBytes: 35 * MB },
  'ed-pennsylvania': { name: 'U.S. District Court, Eastern District of Pennsylvania', maxFileBytes: 50 * MB },
} as const;
export type CourtProfileId = keyof typeof COURT_PROFILES;

/** Every preset with its limit, as the errors that ask for one list them: "sdny (35 MB), …". */
export const COURT_PRESET_LIST = (Object.keys(COURT_PROFILES) as CourtProfileId[])
  .map((id) => `${id} (${COURT_PROFILES[id].maxFileBytes / MB} MB)`)
  .join(', ');

/** The smallest size limit a custom profile may set: a volume's cover and one page of messages must fit. */
export const MIN_FILE_BYTES = 250_000;

const COURT_PROFILE_SHAPES = {
  preset: {
    preset: z.enum(Object.keys(COURT_PROFILES) as [CourtProfileId, ...CourtProfileId[]], {
      error: `must be one of ${COURT_PRESET_LIST}`,
    }),
  },
  limit: {
    maxFileBytes: z
      .number()
      .int('must be a whole number of bytes')
      .min(MIN_FILE_BYTES, `must be at least ${MIN_FILE_BYTES} bytes`),
  },
  none: { none: z.literal(true) },
};

const COURT_PROFILE_KEYS = keysOf(COURT_PROFILE_SHAPES);

/** A court's per-file size limit: a preset, a custom limit in bytes, or none (one file each). */
export const CourtProfileSchema = z.union(
  [
    keyed(COURT_PROFILE_SHAPES.preset, { keys: COURT_PROFILE_KEYS }),
    keyed(COURT_PROFILE_SHAPES.limit, { keys: COURT_PROFILE_KEYS }),
    keyed(COURT_PROFILE_SHAPES.none, { keys: COURT_PROFILE_KEYS }),
  ],
  oneOfForms(
    COURT_PROFILE_KEYS,
    `must be a preset { "preset": "sdny" } (one of ${COURT_PRESET_LIST}), a limit { "maxFileBytes": 8000000 } (at least ${MIN_FILE_BYTES} bytes) or no limit { "none": true }`,
  ),
);
export type CourtProfile = z.infer<typeof CourtProfileSchema>;

/** The size limit a profile sets, or null for none. */
export const maxFileBytesOf = (profile: CourtProfile): number | null =>
  'preset' in profile
    ? COURT_PROFILES[profile.preset].maxFileBytes
    : 'maxFileBytes' in profile
      ? profile.maxFileBytes
      : null;

/** A page that no split into volumes keeps under a size limit, as its refusal names it. */
export interface PageOverLimit {
  /** The file it is a page of: "exhibit.pdf". */
  document: string;
  page: number;
  /** The first and last message with any part on it, by the transcript's numbers; null for none. */
  messages: { first: number; last: number } | null;
  /** The messages whose pictures it shows. */
  pictures: readonly number[];
  /** The chat's message count, which sets how a message number is written. */
  totalMessages: number;
  /** The size of a volume of that page alone. */
  sizeBytes: number;
  maxFileBytes: number;
}

const byteCount = (count: number): string => `${count.toLocaleString('en-US')} bytes`;

/**
 * Why no split keeps `page` under its limit, and what would: a larger limit, or leaving out what
 * takes the room. Withholding a picture does not: the sealed copy shows it on the same page. For
 * an exhibit (`within` its spec) or the transcript's filing copy (`within` a conversion's options).
 */
export function pageOverLimitSentence(page: PageOverLimit, within: 'exhibit' | 'conversion'): string {
  const number = (message: number) => messageNumber(message, page.totalMessages);
  const { messages, pictures } = page;
  const held =
    messages === null
      ? 'no message'
      : messages.first === messages.last
        ? `message ${number(messages.first)}`
        : `messages ${number(messages.first)}–${number(messages.last)}`;
  // With room for what a set's volume adds: its cover lists the other volumes.
  const enough = Math.ceil((page.sizeBytes * 1.02) / 1000) * 1000;
  const larger = `a limit of at least ${byteCount(enough)}, if the court accepts one`;
  const shown =
    pictures.length === 1
      ? `the picture of message ${number(pictures[0]!)}`
      : `the pictures of messages ${pictures.map(number).join(', ')}`;
  const remedy =
    pictures.length === 0
      ? `It shows no picture: its text and the fonts that draw it take that room, so choose ${larger}.`
      : within === 'exhibit'
        ? `It shows ${shown}: leave ${pictures.length === 1 ? 'that message' : 'those messages'} out of the exhibit (withholding a picture does not help: the sealed copy still shows it), or choose ${larger}.`
        : `It shows ${shown}: convert without pictures (--no-images), or choose ${larger}.`;
  return (
    `Page ${page.page} of ${page.document} (${held}) alone makes a volume of ${byteCount(page.sizeBytes)}, ` +
    `over the size limit of ${byteCount(page.maxFileBytes)} per file, so no split into volumes keeps it under. ${remedy}`
  );
}

/**
 * How the unredacted copy is submitted, when the filer chooses to say: filed under seal (the court
 * has ordered it sealed), or lodged conditionally under seal (with a motion to seal, pending the
 * court's order). Never a default: only the filer knows which.
 */
export const SEALED_COPY_MARKS = ['filed-under-seal', 'lodged-conditionally-under-seal'] as const;
export type SealedCopyMark = (typeof SEALED_COPY_MARKS)[number];

/**
 * The most phone-number and text-everywhere redactions one exhibit takes: each is looked for in
 * every text of the exhibit, so the work grows with both; a filer names a few people and numbers.
 */
export const MAX_EXHIBIT_WIDE_REDACTIONS = 100;

/** Every selection, highlight and redaction of an exhibit, as the web app, the API and `--exhibit-spec` give it. */
export const ExhibitSpecSchema = keyed({
  /** The exhibit's label as the filing names it ("Exhibit P-7"), on every page. */
  label: oneLine(40),
  selections: z.array(ExhibitSelectionSchema).min(1, 'must select at least one message').max(1000),
  /** Messages shown before and after each selection, for fairness (Fed. R. Evid. 106). */
  context: z.number().int().min(0, 'must be 0 or more').max(50, 'must be at most 50').default(0),
  highlights: z.array(MessageNumberSchema).max(10_000).default([]),
  redactions: z.array(RedactionSchema).max(10_000).default([]),
  batesPrefix: z
    .string()
    .trim()
    .regex(
      BATES_PREFIX_PATTERN,
      'must be 1-20 letters, digits, spaces, ".", "_" or "-", starting with a letter or digit',
    )
    .optional(),
  batesStart: BatesStartSchema.optional(),
  courtProfile: CourtProfileSchema.default({ none: true }),
  /**
   * How every page of the unredacted copy says it is submitted; when not given, it says only that
   * it is not for public filing.
   */
  sealedCopyMark: z
    .enum(SEALED_COPY_MARKS, { error: `must be one of ${SEALED_COPY_MARKS.join(', ')}` })
    .optional(),
})
  .refine((spec) => spec.batesStart === undefined || spec.batesPrefix !== undefined, {
    message: 'batesStart is given without batesPrefix: it numbers the pages that carry the prefix',
    path: ['batesStart'],
  })
  .refine(
    (spec) =>
      spec.redactions.filter((r) => r.kind === 'phone-number' || r.kind === 'text-everywhere').length <=
      MAX_EXHIBIT_WIDE_REDACTIONS,
    {
      message: `must have at most ${MAX_EXHIBIT_WIDE_REDACTIONS} redactions of kind phone-number or text-everywhere: each is looked for in every text of the exhibit`,
      path: ['redactions'],
    },
  )
  .superRefine(redactionConflicts);
export type ExhibitSpec = z.infer<typeof ExhibitSpecSchema>;
/** The spec as a caller writes it, defaults not yet filled. */
export type ExhibitSpecInput = z.input<typeof ExhibitSpecSchema>;

/** A field of the exhibit form as typed (checked as a spec only when the exhibit is made): at most `max` characters. */
const typed = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** The court-profile choices of the exhibit form: no limit, a preset, or a custom limit. */
const DRAFT_COURT_PROFILES = [
  'none',
  ...(Object.keys(COURT_PROFILES) as CourtProfileId[]),
  'custom',
] as const;

/**
 * The exhibit form's fields as the filer typed them, kept in a draft: the spec's label, context,
 * Bates numbering, court profile and sealed-copy mark before they are checked as a spec.
 */
export const ExhibitDraftSettingsSchema = keyed({
  label: typed(200),
  context: typed(20),
  batesPrefix: typed(100),
  batesStart: typed(20),
  courtProfile: z.enum(DRAFT_COURT_PROFILES, { error: `must be one of ${DRAFT_COURT_PROFILES.join(', ')}` }),
  /** A custom limit, in MB (1,000,000 bytes, as courts state them). */
  customMegabytes: typed(20),
  /** '' while the filer has not chosen: the spec then leaves it out. */
  sealedCopyMark: z.enum(['', ...SEALED_COPY_MARKS], {
    error: `must be one of "", ${SEALED_COPY_MARKS.join(', ')}`,
  }),
});
export type ExhibitDraftSettings = z.infer<typeof ExhibitDraftSettingsSchema>;

/**
 * An exhibit being built in the web app's Exhibit mode, kept with its export until it is deleted
 * so that a reload loses nothing: the spec's selections (single messages and ranges, as the web
 * app writes them), highlights and redactions, each checked with the spec's own schema, the
 * suggestions the filer rejected, and the form's fields as typed. Unlike a spec it may be
 * unfinished: no message selected yet, no label, a number half typed.
 */
export const ExhibitDraftSchema = keyed({
  selections: z
    .array(
      z.union(
        [MessageSelectionSchema, RangeSelectionSchema],
        oneOfForms(
          SELECTION_KEYS,
          'must be one message { "message": 412 } or a range { "from": 412, "to": 440 }',
        ),
      ),
    )
    .max(1000),
  highlights: z.array(MessageNumberSchema).max(10_000),
  redactions: z.array(RedactionSchema).max(10_000),
  /** The Rule 5.2(a) suggestions rejected, each as `<message>:<start>:<end>` (the span in its text). */
  rejectedSuggestions: z
    .array(z.string().regex(/^\d{1,10}:\d{1,7}:\d{1,7}$/, 'must be <message>:<start>:<end>'))
    .max(10_000),
  settings: ExhibitDraftSettingsSchema,
});
export type ExhibitDraft = z.infer<typeof ExhibitDraftSchema>;

/** A draft as it was last saved, or null while none is. */
export const SavedExhibitDraftSchema = z.object({
  draft: ExhibitDraftSchema.nullable(),
  /** When it was saved (ISO 8601), or null while none is. */
  savedAt: z.iso.datetime().nullable(),
});
export type SavedExhibitDraft = z.infer<typeof SavedExhibitDraftSchema>;

/** What saving a draft answers: when it was saved (ISO 8601). */
export const ExhibitDraftSavedSchema = z.object({ savedAt: z.iso.datetime() });
