import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { hashFile } from '@chatexhibit/kit/streams/hash-file';
import type { TextLayout } from '../text/text-layout';
import type { TranscriptInput } from '../transcript/write-transcripts';
import { type ExhibitSource, hasSealedCopy } from './exhibit-cover';
import type { ExhibitPlan } from './exhibit-plan';
import { type ExhibitFile, exhibitChecksums, exhibitDeclaration, exhibitManifest } from './exhibit-texts';
import { writeRedactionLogPdf } from './redaction-log-pdf';
import { redactionLogCsv } from './redaction-log';
import { wholeExhibit, writeExhibit } from './write-exhibit';

/**
 * Writes an exhibit's files into `dir` (made if need be): exhibit.pdf and, when the spec redacts,
 * exhibit-sealed.pdf and the redaction log as PDF and CSV; then exhibit-manifest.json (every file
 * before it by SHA-256), declaration-paragraph.txt and SHA256SUMS, which lists them all.
 * Resolves to the files as SHA256SUMS lists them.
 */
export async function renderExhibitDocuments(
  transcript: TranscriptInput,
  plan: ExhibitPlan,
  source: ExhibitSource,
  layout: TextLayout,
  dir: string,
): Promise<ExhibitFile[]> {
  await mkdir(dir, { recursive: true });
  const at = (name: string) => path.join(dir, name);
  const files: ExhibitFile[] = [];
  const hashed = async (name: string) => {
    files.push({ path: name, ...(await hashFile(at(name))) });
    return files.at(-1)!;
  };
  const sealed = hasSealedCopy(plan);
  await writeExhibit({ transcript, plan, source }, wholeExhibit(plan), layout, {
    exhibit: createWriteStream(at(EXHIBIT_PATHS.exhibit)),
    sealed: sealed ? createWriteStream(at(EXHIBIT_PATHS.sealed)) : null,
  });
  const exhibit = await hashed(EXHIBIT_PATHS.exhibit);
  if (sealed) {
    await hashed(EXHIBIT_PATHS.sealed);
    await writeRedactionLogPdf(
      plan,
      exhibit.sha256,
      { creator: `ChatExhibit ${transcript.toolVersion}`, createdAt: transcript.generatedAt },
      layout,
      createWriteStream(at(EXHIBIT_PATHS.redactionLogPdf)),
    );
    await hashed(EXHIBIT_PATHS.redactionLogPdf);
    await writeFile(at(EXHIBIT_PATHS.redactionLogCsv), redactionLogCsv(plan.log, plan.totalMessages));
    await hashed(EXHIBIT_PATHS.redactionLogCsv);
  }
  const made = { toolVersion: transcript.toolVersion, generatedAt: transcript.generatedAt };
  await writeFile(at(EXHIBIT_PATHS.manifest), exhibitManifest(plan, source, made, files));
  await hashed(EXHIBIT_PATHS.manifest);
  await writeFile(
    at(EXHIBIT_PATHS.declaration),
    exhibitDeclaration(plan, source, transcript.toolVersion, files),
  );
  await hashed(EXHIBIT_PATHS.declaration);
  await writeFile(at(EXHIBIT_PATHS.checksums), exhibitChecksums(files));
  return files;
}
