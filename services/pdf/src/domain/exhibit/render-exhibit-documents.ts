import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { maxFileBytesOf } from '@chatexhibit/proto/exhibit-spec';
import { hashFile } from '@chatexhibit/kit/streams/hash-file';
import type { TextLayout } from '../text/text-layout';
import type { BatesRun } from '../transcript/bates';
import type { TranscriptInput } from '../transcript/write-transcripts';
import { textIn } from '../transcript/twin-pages';
import { exhibitBatesRun, type TakenBates } from './exhibit-bates';
import { exhibitBates, type ExhibitSource, hasSealedCopy } from './exhibit-cover';
import type { ExhibitPlan } from './exhibit-plan';
import { type ExhibitFile, exhibitChecksums, exhibitDeclaration, exhibitManifest } from './exhibit-texts';
import { writeRedactionLogPdf } from './redaction-log-pdf';
import { type DrawnOn, redactionLogCsv, type RedactionLogRow } from './redaction-log';
import { writeExhibitVolumes } from './exhibit-volumes';
import { exhibitTimeZone } from './exhibit-time-zone';
import { exhibitWarnings } from './exhibit-warnings';
import { batesStartOf, type ExhibitInput, writeExhibit } from './write-exhibit';

/**
 * Writes an exhibit's files into `dir` (made if need be): exhibit.pdf and, when the spec redacts,
 * exhibit-sealed.pdf; when they pass the spec's court profile's limit, their volumes; when the
 * spec redacts, the redaction log as PDF and CSV; then exhibit-manifest.json (every file
 * before it by SHA-256), declaration-paragraph.txt and SHA256SUMS, which lists them all.
 * Numbers that repeat a `taken` run's are refused once the pages are counted (ExhibitSpecError,
 * the two copies removed again). Resolves to the files as SHA256SUMS lists them, the exhibit's
 * page count and its Bates numbers.
 */
export async function renderExhibitDocuments(
  transcript: TranscriptInput,
  plan: ExhibitPlan,
  source: ExhibitSource,
  layout: TextLayout,
  dir: string,
  taken: readonly TakenBates[],
): Promise<{ files: ExhibitFile[]; pageCount: number; bates: BatesRun | null; warnings: string[] }> {
  await mkdir(dir, { recursive: true });
  const at = (name: string) => path.join(dir, name);
  const files: ExhibitFile[] = [];
  const hashed = async (name: string) => {
    files.push({ path: name, ...(await hashFile(at(name))) });
    return files.at(-1)!;
  };
  const sealed = hasSealedCopy(plan);
  const input: ExhibitInput = { transcript, plan, source, timeZone: await exhibitTimeZone(transcript, plan) };
  const { pageCount, logPages } = await writeExhibit(input, layout, {
    exhibit: createWriteStream(at(EXHIBIT_PATHS.exhibit)),
    sealed: sealed ? createWriteStream(at(EXHIBIT_PATHS.sealed)) : null,
  });
  let bates: BatesRun | null;
  try {
    bates = exhibitBatesRun(plan.spec, pageCount, taken);
  } catch (error) {
    await Promise.all(
      [EXHIBIT_PATHS.exhibit, EXHIBIT_PATHS.sealed].map((name) => rm(at(name), { force: true })),
    );
    throw error;
  }
  const exhibit = await hashed(EXHIBIT_PATHS.exhibit);
  const sealedFile = sealed ? await hashed(EXHIBIT_PATHS.sealed) : null;
  // Over the court's limit, both copies are also split into volumes of the same pages.
  const limit = maxFileBytesOf(plan.spec.courtProfile);
  /** Each unsplit file over the limit, and the volumes it is split into. */
  const volumes: Record<string, string[]> = {};
  const largest = Math.max(exhibit.sizeBytes, sealedFile?.sizeBytes ?? 0);
  if (limit !== null && largest >= limit) {
    const volumeFiles = await writeExhibitVolumes(
      input,
      layout,
      limit,
      { pageCount, sizeBytes: largest },
      dir,
    );
    for (const { file, splitFrom } of volumeFiles) {
      await hashed(file);
      volumes[splitFrom] = [...(volumes[splitFrom] ?? []), file];
    }
  }
  if (sealed) {
    const drawnOn = (row: RedactionLogRow): DrawnOn => {
      const pages = logPages.get(row.log) ?? [];
      const bates = pages.flatMap((page) => {
        const number = exhibitBates(plan, batesStartOf(plan), page);
        return number === null ? [] : [textIn(number, 'exhibit')];
      });
      return { pages, bates };
    };
    await writeRedactionLogPdf(
      plan,
      drawnOn,
      transcript.source.facts,
      exhibit.sha256,
      { creator: `ChatExhibit ${transcript.toolVersion}`, createdAt: transcript.generatedAt },
      layout,
      createWriteStream(at(EXHIBIT_PATHS.redactionLogPdf)),
    );
    await hashed(EXHIBIT_PATHS.redactionLogPdf);
    await writeFile(
      at(EXHIBIT_PATHS.redactionLogCsv),
      redactionLogCsv(plan.log, plan.totalMessages, drawnOn),
    );
    await hashed(EXHIBIT_PATHS.redactionLogCsv);
  }
  const made = { toolVersion: transcript.toolVersion, generatedAt: transcript.generatedAt };
  const warnings = exhibitWarnings(plan, transcript.source.facts, files);
  await writeFile(at(EXHIBIT_PATHS.manifest), exhibitManifest(plan, source, made, files, volumes, warnings));
  await hashed(EXHIBIT_PATHS.manifest);
  await writeFile(at(EXHIBIT_PATHS.declaration), exhibitDeclaration(plan, source, made, files));
  await hashed(EXHIBIT_PATHS.declaration);
  await writeFile(at(EXHIBIT_PATHS.checksums), exhibitChecksums(files));
  return { files, pageCount, bates, warnings };
}
