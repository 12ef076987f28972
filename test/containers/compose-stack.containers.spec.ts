import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PART_NAMES, type SystemHealth } from '@chatexhibit/proto/health';
import { runToEnd, startProcessCommand, type RunningProcess } from '../support/child-process';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { fetchPdf, readProgress, uploadExport } from '../support/pipeline-client';
import { type WhatsAppExportSpec, writeWhatsAppExport } from '../support/whatsapp-export';
import { composeRunner, composeSecrets } from './compose';
import { healthcheckPasses, logsOf, podman } from './podman';

/** postgres, nats, minio, mailpit and the seven parts run on; these run once and exit. */
const LONG_RUNNING = PART_NAMES.length + 4;
const ONE_SHOTS = ['create-bucket', 'nats-setup'] as const;
const isOneShot = (line: string) => ONE_SHOTS.some((name) => line.includes(`_${name}_`));

/**
 * docker-compose.yml as an operator runs it (`docker compose up`), with docker-compose talking
 * to Podman's Docker API: every container to healthy, exports through the gateway, media scaled
 * out and back, then everything down with its volumes.
 */
describe('the compose stack', () => {
  const project = `chatexhibit-ct-${randomUUID().slice(0, 8)}`;
  const label = `label=com.docker.compose.project=${project}`;
  let workDir: string;
  let podmanService: RunningProcess | undefined;
  let composeEnv: Record<string, string> | undefined;
  let compose: (args: string[], timeoutMs?: number) => Promise<string>;
  let baseUrl: string;
  let mailpitUrl: string;
  let healthchecks: { stop: () => Promise<void> } | undefined;

  /** "<name> <status>" of each container of the project; `service` narrows it to one service. */
  const containers = async (service?: string) => {
    const filters = ['--filter', label];
    if (service) filters.push('--filter', `label=com.docker.compose.service=${service}`);
    return (await podman('ps', '--all', ...filters, '--format', '{{.Names}} {{.Status}}'))
      .split('\n')
      .filter(Boolean);
  };
  const done = (line: string) => /\(healthy\)$/.test(line) || (isOneShot(line) && / Exited \(0\)/.test(line));
  /** The logs and restart count of every container that is not done, to explain a failure. */
  const notDoneReport = async () => {
    const lines = await containers().catch(() => []);
    const reports = await Promise.all(
      lines
        .filter((line) => !done(line))
        .map(async (line) => {
          const name = line.split(' ')[0]!;
          const restarts = await podman('inspect', '--format', '{{.RestartCount}}', name).catch(() => '?');
          return `--- ${line} (restarts: ${restarts})\n${await logsOf(name)}`;
        }),
    );
    return `${lines.join('\n')}\n${reports.join('\n')}`;
  };

  /** Writes an export, uploads it through the gateway and answers its last progress event. */
  const sendExport = async (name: string, spec: WhatsAppExportSpec) => {
    const exported = await writeWhatsAppExport(await mkdtemp(path.join(workDir, `${name}-`)), spec);
    const upload = await uploadExport(baseUrl, exported.zipPath);
    expect(upload.status).toBe(201);
    return (await readProgress(baseUrl, upload.body.clientId!, { timeoutMs: 120_000 })).events.at(-1)!;
  };

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-compose-'));
    compose = await composeRunner(project, workDir, () => composeEnv!);
    const socket = path.join(workDir, 'podman.sock');
    podmanService = startProcessCommand('podman', ['system', 'service', '--time=0', `unix://${socket}`]);
    await eventually(
      async () => (await runToEnd('podman', ['--url', `unix://${socket}`, 'version'], {}, 10_000)).code === 0,
      30_000,
      "Podman's Docker API",
      500,
    );
    const gatewayPort = await freePort();
    const mailpitPort = await freePort();
    baseUrl = `http://127.0.0.1:${gatewayPort}`;
    mailpitUrl = `http://127.0.0.1:${mailpitPort}`;
    composeEnv = {
      DOCKER_HOST: `unix://${socket}`,
      CHATEXHIBIT_PORT: String(gatewayPort),
      MAILPIT_PORT: String(mailpitPort),
      MINIO_CONSOLE_PORT: String(await freePort()),
      NATS_MONITOR_PORT: String(await freePort()),
      PUBLIC_URL: baseUrl,
      ...composeSecrets(),
      // No Stripe keys: the over-limit export reaches "payment required" through the test checkout's payment part.
      TEST_CHECKOUT: 'true',
    };
    healthchecks = runHealthchecks(label);

    const started = Date.now();
    try {
      // `up` starts each service once what it depends on is healthy, the gateway last.
      await compose(['up', '--detach', '--no-build']);
      // As `docker compose up --wait` would: every container healthy (the one-shots done), and
      // the gateway reporting the whole system.
      await eventually(
        async () => {
          const lines = await containers();
          return (
            lines.length === LONG_RUNNING + ONE_SHOTS.length &&
            lines.every(done) &&
            (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status === 200
          );
        },
        120_000,
        'every container healthy and GET /api/health 200',
        1000,
      );
    } catch (error) {
      throw new Error(`${String(error)}\n${await notDoneReport()}`);
    }
    process.stdout.write(`compose stack up and healthy in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }, 600_000);

  afterAll(() =>
    cleanUpAll(
      () => healthchecks?.stop(),
      () => composeEnv && compose(['down', '--volumes', '--remove-orphans', '--timeout', '10']),
      // whatever `down` could not remove
      async () => {
        const left = await podman('ps', '--all', '--quiet', '--filter', label);
        if (left) await podman('rm', '--force', '--volumes', ...left.split('\n'));
        const volumes = await podman('volume', 'ls', '--quiet', '--filter', label);
        if (volumes) await podman('volume', 'rm', '--force', ...volumes.split('\n'));
        const networks = await podman('network', 'ls', '--quiet', '--filter', label);
        if (networks) await podman('network', 'rm', '--force', ...networks.split('\n'));
      },
      () => podmanService?.stop(),
      () => workDir && rm(workDir, { recursive: true, force: true }),
    ),
  );

  it('brings every container to healthy, and the gateway reports all seven parts up', async () => {
    const body = (await (await fetch(`${baseUrl}/api/health`)).json()) as SystemHealth;
    expect(body.status).toBe('up');
    expect(body.mode).toBe('distributed');
    expect(Object.keys(body.parts).sort()).toEqual([...PART_NAMES].sort());
    const states = await containers();
    const running = states.filter((line) => !isOneShot(line));
    expect(running).toHaveLength(LONG_RUNNING);
    for (const line of running) expect(line).toMatch(/\(healthy\)$/);
    for (const name of ONE_SHOTS)
      expect(states.find((line) => line.includes(`_${name}_`))).toMatch(/Exited \(0\)/);
  });

  it('takes a free export to a downloadable PDF and an over-limit one to requiresPayment', async () => {
    const free = await sendExport('free', { textMessages: 10, voiceNotes: 1, photos: 1 });
    expect(free).toMatchObject({ done: true });
    await fetchPdf(baseUrl + free.pdfUrl!);

    const overLimit = await sendExport('over-limit', { textMessages: 60, voiceNotes: 1, photos: 0 });
    expect(overLimit).toMatchObject({ requiresPayment: true, step: 4 });
    expect(overLimit.pdfUrl).toBeUndefined();
  }, 240_000);

  it('mails a contact message through notification to the mail server', async () => {
    const response = await fetch(`${baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Sam Sender',
        email: 'sam@example.net',
        subject: 'Compose hello',
        message: 'This message crossed the compose network to reach support.',
      }),
    });
    expect(response.status).toBe(202);
    type Mailbox = { messages: { Subject: string; To: { Address: string }[] }[] };
    const contactMail = async () => {
      const mailbox = (await (await fetch(`${mailpitUrl}/api/v1/messages`)).json()) as Mailbox;
      return mailbox.messages.find((message) => message.Subject.includes('Compose hello'));
    };
    await eventually(async () => (await contactMail()) !== undefined, 30_000, 'the contact mail', 500);
    expect((await contactMail())!.To.map((recipient) => recipient.Address)).toEqual([
      'support@chatexhibit.example',
    ]);
  }, 60_000);

  it('scales media out to 3 healthy containers that take exports, and back to 1', async () => {
    await compose(['up', '--detach', '--no-build', '--no-recreate', '--scale', 'media=3']);
    await eventually(
      async () => {
        const media = await containers('media');
        return media.length === 3 && media.every((line) => line.endsWith('(healthy)'));
      },
      120_000,
      'three healthy media containers',
      1000,
    );
    // Exports with voice notes while three media workers share the queue.
    const ends = await Promise.all(
      [1, 2, 3].map((n) => sendExport(`scaled-${n}`, { textMessages: 5, voiceNotes: 2, photos: 1 })),
    );
    for (const end of ends) expect(end).toMatchObject({ done: true });

    await compose(['up', '--detach', '--no-build', '--no-recreate', '--scale', 'media=1']);
    const media = await containers('media');
    expect(media).toHaveLength(1);
    expect(media[0]).toMatch(/\(healthy\)$/);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  }, 300_000);
});

/**
 * Podman schedules HEALTHCHECKs through systemd, which this machine lacks, so a loop runs them:
 * every 2 s, each running container matching `label` that has one. Compose's `service_healthy`
 * conditions wait on these results.
 */
function runHealthchecks(label: string): { stop: () => Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      const names = await podman(
        'ps',
        '--filter',
        label,
        '--filter',
        'status=running',
        '--format',
        '{{.Names}}',
      ).catch(() => '');
      await Promise.all(names.split('\n').filter(Boolean).map(healthcheckPasses));
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
