import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceRevision } from '@chatexhibit/proto/source-revision';
import { readSourceRevision } from '@chatexhibit/kit/source/source-revision';

/**
 * The version printed on every document and in the manifest: the pdf package's own, read once
 * (src/domain and dist/domain sit at the same depth below the package).
 */
export const TOOL_VERSION: string = (
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;

/** The source revision `npm run build` stamped, which every package records beside the version. */
export const SOURCE_REVISION: SourceRevision | null = readSourceRevision();

/**
 * What the pdf core runs on that can change the documents' bytes: Node.js (its zlib packs the
 * ZIP) and the time-zone database times are converted with.
 */
export const RUNTIME_COMPONENTS: Readonly<Record<string, string>> = {
  node: process.versions.node,
  tz: process.versions.tz ?? 'unknown',
};
