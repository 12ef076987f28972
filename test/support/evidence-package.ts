import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Downloads an export's evidence package as a user would, unzips it into `dir` and runs
 * `sha256sum -c` there; resolves to the unzipped folder. Rejects when any step fails.
 */
export async function downloadAndVerifyEvidence(
  baseUrl: string,
  exportId: string,
  dir: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/whatsapp/evidence-zip/${exportId}`);
  if (response.status !== 200) throw new Error(`evidence-zip answered ${response.status}`);
  if (response.headers.get('content-type') !== 'application/zip') {
    throw new Error(`evidence-zip is ${response.headers.get('content-type')}`);
  }
  const zip = path.join(dir, 'evidence.zip');
  await writeFile(zip, Buffer.from(await response.arrayBuffer()));
  const unzipped = path.join(dir, 'evidence');
  await run('unzip', ['-q', zip, '-d', unzipped]);
  await run('sha256sum', ['-c', '--quiet', '--strict', 'SHA256SUMS'], { cwd: unzipped });
  return unzipped;
}
