import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { PROCESS_ENDED_MESSAGE } from '@chatexhibit/proto/progress';
import { PDF_LARGE_JOB } from '@chatexhibit/proto/subjects';
import { eventually } from '../support/eventually';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

/**
 * Finding H2 (b): in standalone, a documents step whose process was killed twice ran a third
 * time after the next start. `npm start` is killed (SIGKILL) twice while its pdf step runs, and
 * started again after each: the step is poisoned, not run a third time.
 */
describe('standalone: a job whose process was killed twice', () => {
  const standalone = useStandalone();
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-poisoned-'));
  });
  afterAll(() => workDir && rm(workDir, { recursive: true, force: true }));

  /**
   * The pdf step's runs begun and not settled, as the work queue records them (0: none): in the
   * lane of large exports, where 20,000 messages go.
   */
  async function unsettledPdfRuns(): Promise<number> {
    // A new connection each time: a restart stops the PostgreSQL the killed run left behind.
    const database = new Client({ connectionString: standalone.databaseUrl });
    database.on('error', () => undefined);
    try {
      await database.connect();
      const { rows } = await database.query<{ unsettled: number }>(
        'SELECT unsettled FROM work_queue.job_runs WHERE name = $1',
        [PDF_LARGE_JOB.subject],
      );
      return rows[0]?.unsettled ?? 0;
    } catch {
      return -1;
    } finally {
      await database.end().catch(() => undefined);
    }
  }

  async function killDuringRun(run: number): Promise<void> {
    await eventually(async () => (await unsettledPdfRuns()) === run, 60_000, `pdf run ${run} begun`, 20);
    standalone.app.child.kill('SIGKILL');
    await standalone.app.exited;
    await standalone.restart();
  }

  it('is dead-lettered at the next start, and its export ends with the sentence that says so', async () => {
    // Enough messages that drawing them outlasts the look at the queue's table and the kill.
    const exported = await writeWhatsAppExport(workDir, { textMessages: 20_000, voiceNotes: 0, photos: 0 });
    const { body } = await uploadExport(standalone.baseUrl, exported.zipPath);
    await killDuringRun(1);
    await killDuringRun(2);
    const { events, ended } = await readProgress(standalone.baseUrl, body.clientId!, { timeoutMs: 90_000 });
    expect(ended).toBe(true);
    expect(events.at(-1)).toMatchObject({ error: PROCESS_ENDED_MESSAGE });
    expect(await unsettledPdfRuns()).toBe(0);
  }, 240_000);
});
