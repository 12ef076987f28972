import {
  MANIFEST_FORMAT,
  PACKAGE_PATHS,
  READABLE_MANIFEST_FORMATS,
  REPRODUCIBLE_MANIFEST_FORMATS,
  ReproducibleManifestSchema,
} from '@chatexhibit/proto/evidence-package';
import type { ExportFacts } from '@chatexhibit/proto/processing-options';
import { type SourceRevision, sourceRevisionText } from '@chatexhibit/proto/source-revision';
import { uploadPackagePath } from './package-paths';

/** The command that makes a package's documents again from its upload. */
export const REPRODUCE_COMMAND = 'npm run -s convert -- --reproduce evidence.zip --out <empty folder>';

/** The command that writes the source code of the build that runs it. */
export const SOURCE_ARCHIVE_COMMAND = 'npm run -s convert -- --source-archive <file.tar.gz>';

/**
 * How a third party shows that the documents derive from the upload and nothing else, for the
 * processing record: the tool version and components to use are the ones manifest.json names.
 */
export function reproductionInstructions(toolVersion: string): string[] {
  return [
    'Anyone can check that the documents of this package were made from the uploaded file in ' +
      'original/upload/ with the settings manifest.json records (generation time, export ' +
      'reference, time of receipt, file name, options, time zone, Bates prefix and first ' +
      `number, examination fields). With the source code of ChatExhibit ${toolVersion} (manifest.json names the ` +
      'version under tool.version and the source revision under tool.sourceRevision; ' +
      `\`${SOURCE_ARCHIVE_COMMAND}\` with the build that made the package writes that code), run ` +
      `\`${REPRODUCE_COMMAND}\`: it makes the documents again ` +
      "from those alone and prints, for each file, whether it is byte for byte the package's copy.",
    'The bytes also depend on the programs manifest.json lists under tool.components: ffmpeg makes ' +
      'the voice-note MP3s, sharp and libvips the photo thumbnails, Node.js packs the ZIP, and tz ' +
      'is the time-zone database. Where a version differs, the output names it, and the files ' +
      'that depend on it may differ.',
  ];
}

/** The settings a package's documents were made with, as its manifest.json records them. */
export interface ReproductionSettings {
  exportReference: string;
  facts: ExportFacts;
  generatedAt: Date;
  verifyUrl: string | null;
  toolVersion: string;
  /**
   * The source revision that made the package; undefined for a manifest written before it was
   * recorded (format 5 and older), null for a build that recorded none.
   */
  sourceRevision: SourceRevision | null | undefined;
  /** The SOURCE_URL the processing record and README.txt print; null when none was set. */
  sourceUrl: string | null;
  components: Readonly<Record<string, string>>;
  /** Package path of the upload exactly as received. */
  uploadPath: string;
  /** What a reproduction compares, in package order: the manifest, the documents, the derived files. */
  comparedPaths: string[];
}

/** A manifest that does not record what reproducing its package needs, in words for the user. */
export class NotReproducibleError extends Error {}

/** Reads the settings from the bytes of a package's manifest.json. */
export function reproductionSettings(manifestBytes: Buffer): ReproductionSettings {
  let json: unknown;
  try {
    json = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw new NotReproducibleError('its manifest.json is not JSON.');
  }
  const format = (json as { format?: unknown } | null)?.format;
  const reproducible = (REPRODUCIBLE_MANIFEST_FORMATS as readonly unknown[]).includes(format);
  if ((READABLE_MANIFEST_FORMATS as readonly unknown[]).includes(format) && !reproducible) {
    throw new NotReproducibleError(
      `its manifest.json is of format ${String(format)}, made before packages recorded every ` +
        'setting their documents are made with.',
    );
  }
  if (!reproducible) {
    throw new NotReproducibleError(`its manifest.json is not a ChatExhibit manifest (${MANIFEST_FORMAT}).`);
  }
  const parsed = ReproducibleManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new NotReproducibleError(
      'its manifest.json does not record every setting its documents were made with ' +
        `(${parsed.error.issues[0]!.path.join('.')}): it was made before packages could be reproduced.`,
    );
  }
  const manifest = parsed.data;
  const { export: recorded } = manifest;
  return {
    exportReference: recorded.reference,
    facts: {
      originalFilename: recorded.originalFilename,
      fileHash: recorded.sha256,
      uploadSizeBytes: recorded.sizeBytes,
      options: recorded.processingOptions,
      timeZone: recorded.timeZone,
      timeZoneSource: recorded.timeZoneSource,
      batesPrefix: recorded.batesPrefix,
      batesStart: recorded.batesStart,
      examination: recorded.examination,
      receivedAt: recorded.receivedAt,
      receivedThrough: recorded.receivedThrough ?? (manifest.verifyUrl === null ? 'cli' : 'web'),
    },
    generatedAt: new Date(manifest.generatedAt),
    verifyUrl: manifest.verifyUrl,
    toolVersion: manifest.tool.version,
    sourceRevision: manifest.tool.sourceRevision,
    sourceUrl: manifest.tool.sourceUrl,
    components: manifest.tool.components,
    uploadPath: uploadPackagePath(recorded.originalFilename),
    comparedPaths: [
      PACKAGE_PATHS.manifest,
      ...manifest.documents.map((d) => d.path),
      ...manifest.files.filter((f) => f.role.startsWith('derived')).map((f) => f.path),
    ],
  };
}

/** What a package records of the code and programs that made it. */
interface MadeWith {
  toolVersion: string;
  sourceRevision: SourceRevision | null | undefined;
  components: Readonly<Record<string, string>>;
}

/**
 * What made a reproduction differ from the package, as far as versions tell: one phrase per tool
 * or component whose version differs, e.g. 'the package was made with ffmpeg 6.1.1, this run
 * used 5.1.6', and for the source revision. Empty when every version is the same. A package
 * that predates recording its revision is compared by version only.
 */
export function versionDifferences(recorded: MadeWith, used: MadeWith): string[] {
  const differences: string[] = [];
  const compare = (name: string, before: string | undefined, now: string | undefined): void => {
    if (before === now) return;
    differences.push(
      `the package was made with ${name} ${before ?? '(none)'}, this run used ${now ?? '(none)'}`,
    );
  };
  compare('ChatExhibit', recorded.toolVersion, used.toolVersion);
  if (recorded.sourceRevision !== undefined) {
    const revision = (made: SourceRevision | null | undefined): string =>
      made === undefined ? '(none)' : sourceRevisionText(made);
    compare(
      'the ChatExhibit source revision',
      revision(recorded.sourceRevision),
      revision(used.sourceRevision),
    );
  }
  const names = [...new Set([...Object.keys(recorded.components), ...Object.keys(used.components)])];
  for (const name of names.sort()) compare(name, recorded.components[name], used.components[name]);
  return differences;
}
