// What the filer is warned of once an exhibit is made (CLI, API, web app, and its manifest): what
// the exhibit cannot settle itself and the filer must.

import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import type { CourtProfile } from '@chatexhibit/proto/exhibit-spec';
import { formatInteger } from '@chatexhibit/proto/count-words';
import type { ExhibitFile } from './exhibit-texts';
import type { ExhibitPlan } from './exhibit-plan';
import { namedCourtProfile } from './exhibit-wording';
import { unredactedSuggestionWarnings } from './unredacted-suggestions';

/**
 * Every warning of an exhibit, one sentence each, in this one list for the manifest, the CLI and
 * the API: a label that repeats the transcript's exhibit number, each Rule 5.2(a) suggestion no
 * redaction covers (in message order), each redaction log file over the court profile's limit.
 */
export const exhibitWarnings = (
  plan: ExhibitPlan,
  exhibitNumber: string | null,
  files: readonly ExhibitFile[],
): string[] => [
  ...repeatedLabelWarnings(plan.spec.label, exhibitNumber),
  ...unredactedSuggestionWarnings(plan),
  ...unsplitFileWarnings(plan.spec.courtProfile, files),
];

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
