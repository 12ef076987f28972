import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PART_NAMES, type SystemHealth } from '@chatexhibit/proto/health';
import { parse as parseYaml } from 'yaml';
import { foreignSecrets, PARTS, requiredEnv } from '../deploy/required-env';
import { REPO_ROOT, runToEnd, startProcessCommand, type RunningProcess } from '../support/child-process';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { uploadOverLimitExport } from '../support/payment-client';
import { fetchPdf, readProgress, uploadExport } from '../support/pipeline-client';
import { writeWhatsAppExport } from '../support/whatsapp-export';
import { healthcheckPasses, logsOf, podman } from './podman';

/**
 * docker-compose.yml as an operator runs it (`docker compose up`), with docker-compose talking
 * to Podman's Docker API: every container to healthy, exports through the gateway, media scaled
 * out and back, then everything down with its volumes.
 */
describe('the compose stack', () => {
  const project = `chatexhibit-ct-${randomUUID().slice(0, 8)}`;
  let workDir: string;
  let podmanService: RunningProcess | undefined;
  let composeEnv: Record<string, string>;
  let baseUrl: string;
  let mailpitUrl: string;
  let healthchecks: { stop: () => Promise<void> } | undefined;

  const compose = async (...args: string[]) => {
    const result = await runToEnd(
      'docker-compose',
      [
        '--project-name',
        project,
        '--project-directory',
        REPO_ROOT,
        '--file',
        path.join(workDir, 'compose.yml'),
        ...args,
      ],
      composeEnv,
    );
    if (result.code !== 0) {
      throw new Error(`docker-compose ${args.join(' ')} failed:\n${result.stderr}\n${await exitedLogs()}`);
    }
    return result.stdout;
  };
  const containers = async (service?: string) => {
    const filters = ['--filter', `label=com.docker.compose.project=${project}`];
    if (service) filters.push('--filter', `label=com.docker.compose.service=${service}`);
    return (await podman('ps', '--all', ...filters, '--format', '{{.Names}} {{.Status}}'))
      .split('\n')
      .filter(Boolean);
  };

  /** The last lines of every container of the project that has stopped, to explain a failure. */
  const exitedLogs = async () => {
    const exited = await podman(
      'ps',
      '--filter',
      `label=com.docker.compose.project=${project}`,
      '--filter',
      'status=exited',
      '--format',
      '{{.Names}}',
    ).catch(() => '');
    const logs = await Promise.all(
      exited
        .split('\n')
        .filter(Boolean)
        .map(async (name) => `--- ${name}\n${await logsOf(name)}`),
    );
    return logs.join('\n');
  };

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-compose-'));
    // docker-compose 1.29 (Debian's) rejects the Compose Specification's top-level `name:`;
    // --project-name says the same.
    const file = await readFile(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
    await writeFile(path.join(workDir, 'compose.yml'), file.replace(/^name: .*\n/m, ''));

    const socket = path.join(workDir, 'podman.sock');
    podmanService = startProcessCommand('podman', ['system', 'service', '--time=0', `unix://${socket}`]);
    await eventually(
      async () => (await runToEnd('podman', ['--url', `unix://${socket}`, 'version'])).code === 0,
      30_000,
      "Podman's Docker API",
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
    };
    healthchecks = runHealthchecks(project);

    const started = Date.now();
    // `up` starts each service once what it depends on is healthy, the gateway last.
    await compose('up', '--detach', '--no-build');
    // As `docker compose up --wait` would: every container healthy (create-bucket done), and the
    // gateway reporting the whole system.
    await eventually(
      async () =>
        (await containers()).every((line) => /\(healthy\)$|create-bucket.*Exited \(0\)/.test(line)) &&
        (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status === 200,
      120_000,
      'every container healthy and GET /api/health 200',
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await containers().then((lines) => lines.join('\n'))}`);
    });
    process.stdout.write(`compose stack up and healthy in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }, 600_000);

  afterAll(() =>
    cleanUpAll(
      () => healthchecks?.stop(),
      () => composeEnv && compose('down', '--volumes', '--remove-orphans', '--timeout', '10'),
      // whatever `down` could not remove
      async () => {
        const left = await podman(
          'ps',
          '--all',
          '--quiet',
          '--filter',
          `label=com.docker.compose.project=${project}`,
        );
        if (left) await podman('rm', '--force', '--volumes', ...left.split('\n'));
        const volumes = await podman(
          'volume',
          'ls',
          '--quiet',
          '--filter',
          `label=com.docker.compose.project=${project}`,
        );
        if (volumes) await podman('volume', 'rm', '--force', ...volumes.split('\n'));
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
    const running = states.filter((line) => !line.includes('create-bucket'));
    expect(running).toHaveLength(PART_NAMES.length + 4); // + postgres, nats, minio, mailpit
    for (const line of running) expect(line).toMatch(/\(healthy\)$/);
    expect(states.find((line) => line.includes('create-bucket'))).toMatch(/Exited \(0\)/);
  });

  it('gives each part exactly its row of the configuration table, secrets included', async () => {
    const config = parseYaml(await compose('config')) as {
      services: Record<string, { environment: Record<string, string | null> }>;
    };
    for (const part of PARTS) {
      const environment = config.services[part]!.environment;
      expect({ part, selects: environment.CHATEXHIBIT_PART }).toEqual({ part, selects: part });
      for (const variable of requiredEnv(part)) {
        const value = environment[variable.name] ?? '';
        expect({
          part,
          variable: variable.name,
          usable: value !== '' && (variable.scheme?.test(value) ?? true),
        }).toEqual({ part, variable: variable.name, usable: true });
      }
      const foreign = foreignSecrets(part).filter((variable) => variable.name in environment);
      expect({ part, foreignSecrets: foreign.map((variable) => variable.name) }).toEqual({
        part,
        foreignSecrets: [],
      });
    }
  });

  it('takes a free export to a downloadable PDF and an over-limit one to requiresPayment', async () => {
    const exported = await writeWhatsAppExport(workDir, { textMessages: 10, voiceNotes: 1, photos: 1 });
    const { status, body } = await uploadExport(baseUrl, exported.zipPath);
    expect(status).toBe(201);
    const { events } = await readProgress(baseUrl, body.clientId!, { timeoutMs: 120_000 });
    const last = events.at(-1)!;
    expect(last).toMatchObject({ done: true });
    await fetchPdf(baseUrl + last.pdfUrl!);

    const { bundleId } = await uploadOverLimitExport(baseUrl, workDir);
    expect(bundleId).toEqual(expect.any(String));
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
    let mailbox: Mailbox | undefined;
    await eventually(
      async () => {
        mailbox = (await (await fetch(`${mailpitUrl}/api/v1/messages`)).json()) as Mailbox;
        return mailbox.messages.some((message) => message.Subject.includes('Compose hello'));
      },
      30_000,
      'the contact mail at the mail server',
    );
    const mail = mailbox!.messages.find((message) => message.Subject.includes('Compose hello'))!;
    expect(mail.To.map((recipient) => recipient.Address)).toEqual(['support@chatexhibit.example']);
  }, 60_000);

  it('scales media out to 3 healthy containers and back to 1', async () => {
    await compose('up', '--detach', '--no-build', '--no-recreate', '--scale', 'media=3');
    await eventually(
      async () => {
        const media = await containers('media');
        return media.length === 3 && media.every((line) => line.endsWith('(healthy)'));
      },
      120_000,
      'three healthy media containers',
    );
    await compose('up', '--detach', '--no-build', '--no-recreate', '--scale', 'media=1');
    expect(await containers('media')).toHaveLength(1);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  }, 240_000);
});

/**
 * Podman schedules HEALTHCHECKs through systemd, which this machine lacks, so a loop runs them:
 * every 2 s, each running container of the project that has one. Compose's `service_healthy`
 * conditions wait on these results.
 */
function runHealthchecks(project: string): { stop: () => Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      const names = await podman(
        'ps',
        '--filter',
        `label=com.docker.compose.project=${project}`,
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
