import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { writeExhibit } from './support/chat-transcripts';
import { transcriptMessage } from './support/transcript-message';

const run = promisify(execFile);
/** As long as a Bates prefix may be (20 characters). */
const PREFIX = 'SMITH-JONES-FAMILY-X';

describe('the redaction log', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-log-layout-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // A Bates number wrapped inside its cell cannot be searched for or copied whole.
  it('keeps each Bates number whole on one line, however long the prefix, and its column heads apart', async () => {
    const messages = [1, 2, 3].map((index) =>
      transcriptMessage(index, { sender: 'Sam', content: `Call Emma about the school run, day ${index}.` }),
    );
    await writeExhibit(
      messages,
      ['Sam'],
      {
        label: 'Exhibit 4',
        selections: [{ from: 1, to: 3 }],
        redactions: [{ kind: 'text-everywhere', text: 'Emma', reason: { category: 'minor-name' } }],
        batesPrefix: PREFIX,
        batesStart: 100_001,
      },
      dir,
    );
    const { stdout } = await run('pdftotext', [
      '-layout',
      path.join(dir, EXHIBIT_PATHS.redactionLogPdf),
      '-',
    ]);
    const bates = stdout.match(new RegExp(`${PREFIX}\\S*`, 'g')) ?? [];
    expect(bates.length).toBeGreaterThan(0);
    for (const number of bates) expect(number).toMatch(new RegExp(`^${PREFIX}\\d{6}$`));
    // The columns that made room for them leave every head apart.
    expect(stdout).toMatch(
      /Row\s+Redaction\s+Message\s+Page\s+Place\s+What was removed\s+Reason\s+Filer’?'?s note/,
    );
  });
});
