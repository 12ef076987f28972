// What the filer is warned of once an exhibit is made (CLI, API, web app, and its manifest): what
// the exhibit cannot settle itself and the filer must.

import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import type { CourtProfile } from '@chatexhibit/proto/exhibit-spec';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import { formatInteger } from '@chatexhibit/proto/count-words';
import { messageNumber } from '@chatexhibit/proto/message-number';
import type { ExhibitFile } from './exhibit-texts';
import type { ExhibitPlan } from './exhibit-plan';
import { listed, namedCourtProfile } from './exhibit-wording';
import { redactionName } from './redaction-log';
import { unredactedSuggestionWarnings } from './unredacted-suggestions';
import { BIRTHDAY_WINDOW_DAYS } from './birthday-mentions';

/**
 * Every warning of an exhibit, one sentence each, in this one list for the manifest, the CLI and
 * the API: a label that repeats the transcript's exhibit number, each Rule 5.2(a) suggestion no
 * redaction covers (in message order), each accent-only variant of a text removed everywhere left
 * unredacted, each message holding such a text inside another word or with a letter drawn out,
 * each exhibit-wide redaction of what the exhibit writes nowhere, each mention of a birthday or an
 * age that can tell a redacted birth date, each redaction of a text the package's documents print
 * (the declaration and what it attaches),
 * each redaction log file over the court profile's limit.
 */
export const exhibitWarnings = (
  plan: ExhibitPlan,
  facts: ExportFacts,
  files: readonly ExhibitFile[],
): string[] => [
  ...repeatedLabelWarnings(plan.spec.label, facts.examination.exhibitNumber),
  ...unredactedSuggestionWarnings(plan),
  ...accentVariantWarnings(plan),
  ...nameInsideWordWarnings(plan),
  ...elongatedNameWarnings(plan),
  ...writtenNowhereWarnings(plan),
  ...revealingBirthdayWarnings(plan),
  ...declarationTemplateWarnings(plan, facts.originalFilename),
  ...unsplitFileWarnings(plan.spec.courtProfile, files),
];

/** One sentence for each message a finding names: "message 0005 " then what `says` of its redaction ("R2"). */
const messageWarnings = (
  plan: ExhibitPlan,
  found: ReadonlyArray<{ message: number; redaction: number }>,
  says: (redaction: string) => string,
): string[] =>
  found.map(
    ({ message, redaction }) =>
      `message ${messageNumber(message, plan.totalMessages)} ${says(redactionName(redaction))}`,
  );

/**
 * Each included message that writes, unredacted, a spelling of a text removed everywhere that
 * differs from it only by accents ("Chloe" for "Chloé"): it may be the same name. The spelling is
 * not quoted: the manifest that carries the warning may be filed.
 */
export const accentVariantWarnings = (plan: ExhibitPlan): string[] =>
  messageWarnings(
    plan,
    plan.accentVariants,
    (redaction) =>
      `writes what ${redaction} removes everywhere with other accents (or none), and that spelling is not ` +
      'redacted: if it is the same name, redact it too.',
  );

/**
 * Each included message that holds, unredacted, a text removed everywhere inside another word
 * ("Dan" in "Danger"): only whole words, and names at token boundaries inside emails, handles,
 * hashtags and URLs, are removed, so the filer decides. Neither the word nor the text is quoted:
 * the manifest that carries the warning may be filed.
 */
export const nameInsideWordWarnings = (plan: ExhibitPlan): string[] =>
  messageWarnings(
    plan,
    plan.namesInsideWords,
    (redaction) =>
      `holds a word that contains what ${redaction} removes everywhere, and that word is not redacted: ` +
      'if it writes the name, redact it with a redaction of kind text.',
  );

/**
 * Each included message that writes, unredacted, a text removed everywhere as a whole word with a
 * letter drawn out ("Sophiaaa" for "Sophia"), as people type a name they love: only the name as
 * spelled is removed, so the filer decides. Neither the word nor the name is quoted.
 */
export const elongatedNameWarnings = (plan: ExhibitPlan): string[] =>
  messageWarnings(
    plan,
    plan.elongatedNames,
    (redaction) =>
      `writes what ${redaction} removes everywhere with a letter drawn out, and that word is not redacted: ` +
      'if it writes the name, redact it with a redaction of kind text.',
  );

/**
 * Each phone-number or text-everywhere redaction whose number or text the exhibit writes nowhere:
 * nothing was removed for it (a standing list of spellings may name one this chat does not use),
 * which the filer should know, and never quoted.
 */
export const writtenNowhereWarnings = (plan: ExhibitPlan): string[] =>
  plan.writtenNowhere.map(
    (redaction) =>
      `${redactionName(redaction)} removes what the exhibit writes nowhere (not in its messages' senders, ` +
      "texts or attachment names, the participants' names or the chat file's name), so it removes nothing: " +
      'check its spelling if it was meant to.',
  );

/**
 * Each included message whose mention of a birthday or an age, unredacted, can tell a birth date
 * the exhibit redacts (the rule of `birthday-mentions.ts`), never quoted.
 */
export const revealingBirthdayWarnings = (plan: ExhibitPlan): string[] =>
  plan.revealingBirthdays.map(({ message, redaction, near }) =>
    near
      ? `message ${messageNumber(message, plan.totalMessages)} mentions a birthday or an age, not redacted, and ` +
        `was sent within ${BIRTHDAY_WINDOW_DAYS} days of the day and month of the birth date ` +
        `${redactionName(redaction)} removes: with its date it can tell that birth date; if so, redact it too.`
      : `message ${messageNumber(message, plan.totalMessages)} mentions a birthday with an age, not redacted, ` +
        `and ${redactionName(redaction)} removes a date of birth: an age with the message's date narrows a ` +
        'birth date down to a year; if it is that birthday, redact it too.',
  );

/**
 * The texts besides messages an exhibit-wide redaction may remove from, in the declaration's
 * order, each with the evidence package's documents that print it unredacted (what
 * convert-exhibit.e2e.spec.ts finds in a real package): the package is the sealed original, and
 * any of these documents filed publicly must be redacted by hand first.
 */
const PRINTED_PLACES = [
  {
    place: "the uploaded file's name",
    documents: [
      PACKAGE_PATHS.declaration,
      PACKAGE_PATHS.declarationDocx,
      PACKAGE_PATHS.certificationNotice,
      PACKAGE_PATHS.certificationNoticeDocx,
      PACKAGE_PATHS.processingRecord,
      PACKAGE_PATHS.processingRecordPdf,
      PACKAGE_PATHS.manifest,
      PACKAGE_PATHS.checksums,
      PACKAGE_PATHS.readme,
      PACKAGE_PATHS.transcript,
      PACKAGE_PATHS.filingTranscript,
    ],
  },
  {
    place: "the chat file's name",
    documents: [
      PACKAGE_PATHS.declaration,
      PACKAGE_PATHS.declarationDocx,
      PACKAGE_PATHS.processingRecord,
      PACKAGE_PATHS.processingRecordPdf,
      PACKAGE_PATHS.manifest,
      PACKAGE_PATHS.checksums,
      PACKAGE_PATHS.transcript,
      PACKAGE_PATHS.filingTranscript,
    ],
  },
  {
    place: "the participants' names",
    documents: [
      PACKAGE_PATHS.declaration,
      PACKAGE_PATHS.declarationDocx,
      PACKAGE_PATHS.processingRecord,
      PACKAGE_PATHS.processingRecordPdf,
      PACKAGE_PATHS.manifest,
      PACKAGE_PATHS.messagesCsv,
      PACKAGE_PATHS.transcript,
      PACKAGE_PATHS.filingTranscript,
    ],
  },
] as const;
type PrintedPlace = (typeof PRINTED_PLACES)[number];

/** Every package document that prints a text of one of `places`, in the package's reading order. */
const documentsPrinting = (places: readonly PrintedPlace[]): string[] => {
  const printing = new Set<string>(places.flatMap(({ documents }) => documents));
  return Object.values(PACKAGE_PATHS).filter((document) => printing.has(document));
};

/**
 * Each redaction that removes text from the uploaded file's name, the chat file's name (rows of
 * place 'chat-file-name') or a participant's name or number ('participant-list'): the evidence
 * package's documents that print them (the declaration, and what it attaches by hash: the
 * processing record, the manifest) print them unredacted, so the filer must redact every one of
 * them filed publicly.
 */
export function declarationTemplateWarnings(plan: ExhibitPlan, uploadName: string): string[] {
  const [upload, chatFile, participants] = PRINTED_PLACES;
  const places = new Map<number, Set<PrintedPlace>>();
  const add = (redaction: number, place: PrintedPlace) =>
    places.set(redaction, (places.get(redaction) ?? new Set()).add(place));
  for (const { redaction } of plan.maskEverywhere(uploadName)) add(redaction, upload);
  for (const row of plan.log) {
    if (row.place === 'chat-file-name') add(row.redaction, chatFile);
    if (row.place === 'participant-list') add(row.redaction, participants);
  }
  return [...places]
    .sort(([a], [b]) => a - b)
    .map(([redaction, where]) => {
      const removedFrom = PRINTED_PLACES.filter((place) => where.has(place));
      return (
        `${redactionName(redaction)} removes text from ${listed(removedFrom.map(({ place }) => place))}, ` +
        `which the evidence package's ${listed(documentsPrinting(removedFrom))} print unredacted: ` +
        'redact it in each of them you file publicly (the package itself is the sealed original).'
      );
    });
}

/** The files the court profile's limit does not split into volumes. */
const UNSPLIT_FILES: readonly string[] = [EXHIBIT_PATHS.redactionLogPdf, EXHIBIT_PATHS.redactionLogCsv];

/**
 * Each redaction log file over the profile's limit: only exhibit.pdf and its sealed copy are split
 * into volumes, so a log of many redactions can pass the limit, and the filer must know before filing.
 */
export function unsplitFileWarnings(courtProfile: CourtProfile, files: readonly ExhibitFile[]): string[] {
  const profile = namedCourtProfile(courtProfile);
  const limit = profile.maxFileBytes;
  if (limit === null) return [];
  const named = profile.preset === null ? 'the custom court profile' : `${profile.name} (${profile.preset})`;
  return files
    .filter((file) => UNSPLIT_FILES.includes(file.path) && file.sizeBytes > limit)
    .map(
      (file) =>
        `${file.path} is ${formatInteger(file.sizeBytes)} bytes, over the ${formatInteger(limit)}-byte limit of ` +
        `${named}; it is not split into volumes.`,
    );
}

/** An exhibit label or number as a reader tells it apart: no leading "Exhibit" or "Ex.", case or spaces. */
const exhibitDesignation = (label: string): string =>
  label
    .replace(/^\s*(?:exhibit\b|ex\.)/iu, '')
    .replace(/\s+/gu, '')
    .toLowerCase();

/**
 * When the spec's label names the exhibit number the full transcript carries (`--exhibit P-12`
 * and "Exhibit P-12"): two documents would carry one exhibit label.
 */
export function repeatedLabelWarnings(label: string, transcriptExhibitNumber: string | null): string[] {
  if (transcriptExhibitNumber === null) return [];
  if (exhibitDesignation(label) !== exhibitDesignation(transcriptExhibitNumber)) return [];
  return [
    `label "${label}" is the exhibit number the full transcript carries ("${transcriptExhibitNumber}"), ` +
      'so two documents would carry one exhibit label; give the excerpt a label of its own.',
  ];
}
