import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { downloadAndVerifyEvidence } from '../support/evidence-package';
import { freePort } from '../support/free-port';
import { fetchPdf, readProgress, uploadExport } from '../support/pipeline-client';
import { writeWhatsAppExport } from '../support/whatsapp-export';
import { CHATEXHIBIT_IMAGE, healthcheckPasses, logsOf, podman } from './podman';

/**
 * The image alone, as `docker run` starts it (standalone, the default part): the embedded
 * PostgreSQL inside, as the image's non-root user, to healthy, and a small export through it to a
 * downloadable PDF.
 */
describe('the image as standalone (its default)', () => {
  const container = `chatexhibit-ct-standalone-${randomUUID().slice(0, 8)}`;
  let baseUrl: string;
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-containers-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // Without Stripe keys the image (NODE_ENV=production) runs the test checkout only when asked:
    // this run asks, as docs/deployment.md tells an operator trying the image.
    await podman(
      'run',
      '--detach',
      '--name',
      container,
      '--env',
      'TEST_CHECKOUT=true',
      '--publish',
      `127.0.0.1:${port}:3000`,
      CHATEXHIBIT_IMAGE,
    );
    await eventually(
      async () => (await fetch(`${baseUrl}/api/health/ready`).catch(() => null))?.status === 200,
      120_000,
      'the standalone container is ready',
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await logsOf(container)}`);
    });
  }, 180_000);
  afterAll(() =>
    cleanUpAll(
      () => podman('rm', '--force', container),
      () => workDir && rm(workDir, { recursive: true, force: true }),
    ),
  );

  it("passes the image's HEALTHCHECK and runs as the image's user, not root", async () => {
    expect(await healthcheckPasses(container)).toBe(true);
    expect(await podman('exec', container, 'id', '-u')).toBe('10001');
    // Every process, the embedded PostgreSQL's included, runs as that user.
    const users = (await podman('top', container, 'user')).split('\n').slice(1);
    expect(users.length).toBeGreaterThan(2);
    expect(new Set(users.map((user) => user.trim()))).toEqual(new Set(['chatexhibit']));
  });

  it("decodes voice notes with Debian's ffmpeg under prlimit, with no npm static ffmpeg in the image", async () => {
    expect(await podman('exec', container, 'sh', '-c', 'echo "$FFMPEG_PATH"; command -v prlimit')).toBe(
      '/usr/bin/ffmpeg\n/usr/bin/prlimit',
    );
    expect(await podman('exec', container, '/usr/bin/ffmpeg', '-version')).toMatch(/^ffmpeg version \S*deb/);
    expect(await podman('exec', container, 'ls', '/app/node_modules')).not.toMatch(/@ffmpeg-installer/);
  });

  it('takes a small export to done, with a PDF and an evidence package that verifies', async () => {
    const exported = await writeWhatsAppExport(workDir, { textMessages: 10, voiceNotes: 1, photos: 1 });
    const { status, body } = await uploadExport(baseUrl, exported.zipPath);
    expect(status).toBe(201);
    const { events } = await readProgress(baseUrl, body.clientId!, { timeoutMs: 120_000 });
    const last = events.at(-1)!;
    expect(last).toMatchObject({ done: true });
    await fetchPdf(baseUrl + last.pdfUrl!);
    await downloadAndVerifyEvidence(baseUrl, body.clientId!, workDir);
  }, 180_000);
});
