// The exhibit's texts about itself: its manifest (what it was cut from and holds, every file's
// SHA-256, the warnings the filer was given), SHA256SUMS, and the paragraphs an attorney copies
// into the declaration. None of them holds a redacted text: the spec is recorded with each
// redacted text and phone number left out, and a warning names a message, never its text.

import {
  EXHIBIT_MANIFEST_FORMAT,
  EXHIBIT_PATHS,
  UNREDACTED_FILES_ADVICE,
} from '@chatexhibit/proto/exhibit-files';
import type { ExhibitSpec } from '@chatexhibit/proto/exhibit-spec';
import { PACKAGE_PATHS } from '@chatexhibit/proto/evidence-package';
import { countOf } from '@chatexhibit/proto/count-words';
import { messageNumber } from '@chatexhibit/proto/message-number';
import { type Block, type Inline, renderText } from '../evidence/legal-document';
import { utcIso } from '../evidence/manifest';
import { formatUtc } from '../evidence/plain-text';
import type { ExhibitSource } from './exhibit-cover';
import type { ExhibitPlan } from './exhibit-plan';
import {
  includedMessages,
  listed,
  namedCourtProfile,
  runNumbers,
  sealedCopyWording,
} from './exhibit-wording';
import { redactionName } from './redaction-log';

/** A file of the exhibit as written. */
export interface ExhibitFile {
  /** Its name in the exhibit's folder (EXHIBIT_PATHS). */
  path: string;
  sha256: string;
  sizeBytes: number;
}

/**
 * The spec as given, each redacted text and phone number left out: not even a text's length,
 * which narrows a name down as a box's width would.
 */
export function specWithoutRedactedText(spec: ExhibitSpec): unknown {
  return {
    ...spec,
    redactions: spec.redactions.map((redaction) => {
      switch (redaction.kind) {
        case 'text':
        case 'text-everywhere': {
          const { text: _text, ...rest } = redaction;
          return rest;
        }
        case 'phone-number': {
          const { number: _number, ...rest } = redaction;
          return rest;
        }
        default:
          return redaction;
      }
    }),
  };
}

/**
 * Each redaction whose reason is not a Rule 5.2(a) category, by its name in the log, with its
 * reason: sealed by order (with its note, the order, when given) or "other" (the filer's note), in
 * the spec's order: "R2 (sealed by order of the court, noted "Dkt. 45")".
 */
function notRule52Redactions(spec: ExhibitSpec): string[] {
  return spec.redactions.flatMap(({ reason }, index) =>
    reason.category === 'sealed-by-order'
      ? [
          `${redactionName(index)} (sealed by order of the court${reason.note === undefined ? '' : `, noted "${reason.note}"`})`,
        ]
      : reason.category === 'other'
        ? [`${redactionName(index)} (other, noted "${reason.note}")`]
        : [],
  );
}

/**
 * exhibit-manifest.json: what the exhibit was cut from, what it holds, the warnings the filer was
 * given, its court profile (each
 * file over the limit with the volumes it is split into, `splitIntoVolumes`), and each file's SHA-256 and
 * size, so that anyone can check the files against the limit.
 */
export function exhibitManifest(
  plan: ExhibitPlan,
  source: ExhibitSource,
  made: { toolVersion: string; generatedAt: Date },
  files: readonly ExhibitFile[],
  volumes: Readonly<Record<string, readonly string[]>>,
  warnings: readonly string[],
): Buffer {
  const runs = (list: ExhibitPlan['included']) =>
    list.map((run) => ({ ...run, numbers: runNumbers(run, plan.totalMessages) }));
  const manifest = {
    format: EXHIBIT_MANIFEST_FORMAT,
    label: plan.spec.label,
    tool: { name: 'ChatExhibit', version: made.toolVersion },
    generatedAt: utcIso(made.generatedAt),
    cutFrom: {
      exportReference: source.exportReference,
      uploadSha256: source.uploadSha256,
      path: PACKAGE_PATHS.filingTranscript,
      sha256: source.filingSha256,
      totalMessages: plan.totalMessages,
    },
    spec: specWithoutRedactedText(plan.spec),
    included: runs(plan.included),
    omitted: runs(plan.omitted),
    highlights: plan.highlights,
    redactionLogRows: plan.log.length,
    /** What the CLI and the API warned the filer of (exhibitWarnings). */
    warnings,
    courtProfile: { ...namedCourtProfile(plan.spec.courtProfile), splitIntoVolumes: volumes },
    files,
  };
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
}

/** SHA256SUMS in the format `sha256sum -c` reads: the value, two spaces, the file's name. */
export const exhibitChecksums = (files: readonly ExhibitFile[]): Buffer =>
  Buffer.from(files.map((file) => `${file.sha256}  ${file.path}\n`).join(''), 'utf8');

/**
 * declaration-paragraph.txt: paragraphs the attorney copies into the main declaration. What
 * ChatExhibit did (what it made, when, from which transcript) is stated as what its record,
 * exhibit-manifest.json (by its SHA-256, attached), states; the declarant states only what a
 * person can know (who made the exhibit and who chose, a comparison and the true copy it shows, a
 * check of the hashes), each with a blank and a note to strike it when it was not done.
 */
export function exhibitDeclaration(
  plan: ExhibitPlan,
  source: ExhibitSource,
  made: { toolVersion: string; generatedAt: Date },
  files: readonly ExhibitFile[],
): Buffer {
  const { toolVersion } = made;
  const { label } = plan.spec;
  const hashOf = (path: string) => files.find((file) => file.path === path)!.sha256;
  const { manifest } = EXHIBIT_PATHS;
  const blocks: Block[] = [];
  const paragraph = (...text: Inline[]) => blocks.push({ kind: 'paragraph', text });
  const value = (text: string) => blocks.push({ kind: 'value', text });
  paragraph(
    `[A note for the filer: strike it before filing.] Copy the paragraphs below into the declaration. ` +
      `Do not edit this file in its folder: ${EXHIBIT_PATHS.checksums} lists its SHA-256, and ` +
      `"sha256sum -c ${EXHIBIT_PATHS.checksums}" fails once it is edited.`,
  );
  blocks.push({ kind: 'heading', text: `${label.toUpperCase()}: EXCERPT OF THE TRANSCRIPT` });
  paragraph(
    `${label} (${EXHIBIT_PATHS.exhibit}) is an excerpt of a transcript of a WhatsApp chat export ` +
      `(export reference ${source.exportReference}). ${manifest} is the record ChatExhibit ${toolVersion} ` +
      'wrote when it made the exhibit. A true copy of it is attached as Exhibit ',
    { blank: 'exhibit letter of the attached exhibit-manifest.json' },
    '. Its SHA-256 hash value is:',
  );
  value(hashOf(manifest));
  paragraph(
    `${manifest} states that ChatExhibit ${toolVersion} made ${label} on ${formatUtc(made.generatedAt)} and cut ` +
      `it from the PDF/A copy of that transcript, ${PACKAGE_PATHS.filingTranscript}, whose SHA-256 hash value is:`,
  );
  value(source.filingSha256);
  const redactions = plan.spec.redactions.length;
  paragraph(
    `It states that ${label} holds ${includedMessages(plan.included, plan.totalMessages)}, by the numbers ` +
      'the transcript gives them, and lists the stretches of messages it leaves out' +
      (redactions > 0
        ? `; it records the ${countOf(redactions, 'redaction')} asked for, and that ` +
          `${EXHIBIT_PATHS.redactionLogPdf} and ${EXHIBIT_PATHS.redactionLogCsv} list what they remove in ` +
          `${countOf(plan.log.length, 'row')}.`
        : '.'),
  );
  const chosen = [
    'the messages selected',
    ...(plan.spec.context > 0 ? ['the number of messages of context shown around them'] : []),
    ...(plan.highlights.length > 0 ? ['the highlighted messages'] : []),
    ...(redactions > 0 ? ['the redactions and their reasons'] : []),
  ];
  paragraph(
    `${label} was made with ChatExhibit by `,
    { blank: 'name of the person who made it' },
    `. For ${label}, ${listed(chosen)} were chosen by `,
    { blank: 'name of the person who chose them' },
    `. ${manifest} records them as the exhibit spec ChatExhibit was given` +
      `${redactions > 0 ? ', without the redacted text' : ''}.`,
  );
  // The exhibit adds a tint and a margin bar to these; the transcript has neither.
  const highlighting =
    plan.highlights.length === 0
      ? null
      : `the highlighting of ${plan.highlights.length === 1 ? 'message' : 'messages'} ${listed(
          [...plan.highlights].sort((a, b) => a - b).map((n) => messageNumber(n, plan.totalMessages)),
        )}`;
  const known = [
    ...(redactions > 0 ? [`the redactions listed in ${EXHIBIT_PATHS.redactionLogPdf}`] : []),
    ...(highlighting === null ? [] : [highlighting]),
  ];
  paragraph(
    '[Strike this paragraph if you did not make this comparison.] On ',
    { blank: 'date of comparison' },
    ` I compared the messages of ${EXHIBIT_PATHS.exhibit} with the same messages of ` +
      `${PACKAGE_PATHS.filingTranscript}. They appear in both with the same numbers, senders, dates, ` +
      `times and words, except for ${[...known, ''].join(known.length > 1 ? ', ' : ' ')}` +
      `${known.length > 0 ? 'and for: ' : ''}`,
    { blank: 'differences, or "none"' },
    '.',
  );
  paragraph(
    '[Strike this paragraph if you did not make this comparison, or if it found differences.] ' +
      `The messages of ${label} (${includedMessages(plan.included, plan.totalMessages)}) are a true and correct ` +
      `copy of the same messages of ${PACKAGE_PATHS.filingTranscript}, as that transcript shows them` +
      (known.length > 0 ? `, except for ${listed(known)}.` : '.'),
  );
  if (redactions > 0) {
    const others = notRule52Redactions(plan.spec);
    if (others.length === 0)
      paragraph(
        'By the reasons given for them, every one of these redactions is of an item Fed. R. Civ. P. 5.2(a) lists.',
      );
    else
      paragraph(
        `By the reasons given for ${others.length === 1 ? 'it' : 'them'}, ${listed(others)} ` +
          `${others.length === 1 ? 'is' : 'are'} not of an item Fed. R. Civ. P. 5.2(a) lists. ` +
          `${others.length === 1 ? 'It is' : 'They are'} made under `,
        {
          blank:
            others.length === 1 ? 'order or other authority for it' : 'order or other authority for them',
        },
        '.',
      );
    const sealedCopy = sealedCopyWording(plan.spec.sealedCopyMark);
    paragraph(
      `${EXHIBIT_PATHS.sealed} is the unredacted copy: its cover states that it has the same pages without ` +
        `the redactions, each removed stretch outlined, and may end with pages of its own that continue texts too long for their rows; every page of it is marked "${sealedCopy.mark}". `,
      ...(sealedCopy.submitted === null
        ? [
            '[Fill in the next sentence, or strike it.] It is ',
            { blank: 'how it is submitted, e.g. "submitted to be filed under seal"' },
            '.',
          ]
        : [`[Strike the next sentence if it is not so.] ${sealedCopy.submitted}`]),
    );
    paragraph(`[A note for the filer: strike it before filing.] ${UNREDACTED_FILES_ADVICE}`);
  }
  paragraph(`The SHA-256 hash values of the files of ${label} are:`);
  for (const file of files) {
    blocks.push({ kind: 'paragraph', text: [`${file.path}:`], indent: true });
    value(file.sha256);
  }
  paragraph(
    '[Strike this paragraph if you did not run the check.] On ',
    { blank: 'date of the check' },
    ` I ran "sha256sum -c ${EXHIBIT_PATHS.checksums}" in the folder of these files, and the SHA-256 hash ` +
      'value of every file matched the value listed for it.',
  );
  return renderText({ title: `${label}: declaration paragraph`, blocks });
}
