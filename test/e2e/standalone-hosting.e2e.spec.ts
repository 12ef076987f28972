import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { DATA_FOLDER_SECRETS } from '../../standalone/src/data-folder-secret';
import { embeddedDatabaseUrl } from '../../standalone/src/embedded-postgres';
import { runToEnd } from '../support/child-process';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { startStandalone, stopLeftoverPostgres } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

/** The password every data folder's PostgreSQL had before each got its own. */
const OLD_BUILT_IN_PASSWORD = 'chatexhibit-local';
const runsAsRoot = process.getuid?.() === 0;
/** Mails in the outbox at the end, the contact form's confirmation to its sender among them. */
const OUTBOX_MAILS = 3;

/** Every file and folder under `root` with its permission bits, the embedded PostgreSQL's own folder left out. */
async function modesUnder(root: string): Promise<Record<string, string>> {
  const modes: Record<string, string> = {};
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const entryPath = path.join(folder, entry.name);
      if (entryPath === path.join(root, 'postgres')) continue;
      const mode = ((await stat(entryPath)).mode & 0o777).toString(8);
      modes[`${path.relative(root, entryPath)}${entry.isDirectory() ? '/' : ''}`] = mode;
      if (entry.isDirectory()) await walk(entryPath);
    }
  };
  await walk(root);
  return modes;
}

/** The local addresses of the TCP sockets listening on `port` (IPv4 and IPv6), as /proc lists them. */
async function listeningAddresses(port: number): Promise<string[]> {
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A: LISTEN
      const [hexAddress, hexPort] = local.split(':') as [string, string];
      if (parseInt(hexPort, 16) !== port) continue;
      addresses.push(
        hexAddress.length === 8
          ? (hexAddress.match(/../g) ?? [])
              .reverse()
              .map((byte) => parseInt(byte, 16))
              .join('.')
          : `ipv6:${hexAddress}`,
      );
    }
  }
  return addresses;
}

const canLogIn = async (port: number, password: string): Promise<boolean> => {
  const client = new Client({ connectionString: embeddedDatabaseUrl(port, password) });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** `npm start` as a host's guest: what it keeps is private, and it listens on loopback only. */
describe('standalone mode on a shared host', () => {
  let workDir: string;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-hosting-'));
    // As root, embedded PostgreSQL's own user must be able to pass through it.
    await chmod(workDir, 0o755);
  });
  afterAll(() =>
    cleanUpAll(
      ...dataDirs.map((dataDir) => () => stopLeftoverPostgres(dataDir)),
      () => workDir && rm(workDir, { recursive: true, force: true }),
    ),
  );

  const environmentFor = async (name: string) => {
    const dataDir = path.join(workDir, name);
    dataDirs.push(dataDir);
    return {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
    };
  };
  const passwordIn = async (dataDir: string) =>
    (await readFile(path.join(dataDir, DATA_FOLDER_SECRETS.postgres), 'utf8')).trim();

  it('refuses a placeholder SUPPORT_TOKEN at start with a sentence naming it', async () => {
    // Stopped after 20 s: a start that accepts the token would run on.
    const started = await runToEnd(
      process.execPath,
      ['standalone/dist/main.js'],
      {
        ...(await environmentFor('refused')),
        SUPPORT_TOKEN: 'REPLACE_ME_WITH_64_HEX_CHARACTERS_FROM_OPENSSL_RAND_HEX_32',
      },
      20_000,
    );
    expect(started.code).toBe(1);
    expect(started.stderr).toContain(
      'SUPPORT_TOKEN is a placeholder (it contains "replace"): set a random value, e.g. `openssl rand -hex 32`',
    );
  });

  let firstPassword: string;

  it('keeps uploads, mails and keys private, makes older files private, and listens on 127.0.0.1 only', async () => {
    const env = await environmentFor('private');
    // What an earlier version left readable to everyone.
    await mkdir(path.join(env.DATA_DIR, 'outbox'), { recursive: true, mode: 0o755 });
    await writeFile(path.join(env.DATA_DIR, 'outbox', 'earlier.eml'), 'Subject: earlier\r\n\r\nlinks', {
      mode: 0o644,
    });
    const app = await startStandalone(env);
    try {
      const port = Number(env.PORT);
      expect(await listeningAddresses(port)).toEqual(['127.0.0.1']);
      expect(app.lines).toContain(`ChatExhibit is running at http://localhost:${port}`);

      const exported = await writeWhatsAppExport(workDir, { textMessages: 5, voiceNotes: 0, photos: 0 });
      const baseUrl = `http://127.0.0.1:${port}`;
      const upload = await uploadExport(baseUrl, exported.zipPath);
      expect(upload.status).toBe(201);
      const progress = await readProgress(baseUrl, upload.body.clientId!);
      expect(progress.events.at(-1)).toMatchObject({ done: true });
      const contact = await fetch(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Hannah Schmidt',
          email: 'hannah@example.org',
          subject: 'A question about my export',
          message: 'Who can read the files on the server?',
        }),
      });
      expect(contact.status).toBe(202);
      // The message to support and the confirmation to the sender.
      await eventually(
        async () =>
          (await readdir(path.join(env.DATA_DIR, 'outbox'))).filter((name) => name.endsWith('.eml'))
            .length === OUTBOX_MAILS,
        30_000,
        'the contact mails in the outbox',
      );
    } finally {
      expect(await app.stop('SIGTERM')).toBe(0);
    }

    const modes = await modesUnder(env.DATA_DIR);
    const stored = Object.keys(modes);
    expect(
      stored.filter((name) => name.startsWith('objects/') && !name.endsWith('/')).length,
    ).toBeGreaterThan(0);
    expect(stored.filter((name) => name.startsWith('outbox/') && name.endsWith('.eml'))).toHaveLength(
      OUTBOX_MAILS,
    );
    for (const name of ['link-signing.key', 'support.key', 'postgres.password', 'tmp/'])
      expect(stored).toContain(name);
    expect(
      Object.entries(modes).filter(([name, mode]) => mode !== (name.endsWith('/') ? '700' : '600')),
    ).toEqual([]);
    // As root PostgreSQL's own user passes through the data folder; nobody lists it.
    expect(((await stat(env.DATA_DIR)).mode & 0o777).toString(8)).toBe(runsAsRoot ? '711' : '700');

    firstPassword = await passwordIn(env.DATA_DIR);
    expect(firstPassword).toMatch(/^[0-9a-f]{64}$/);
  }, 180_000);

  it('gives each data folder its own database password, and moves a folder on the old built-in one to it', async () => {
    const env = await environmentFor('earlier');
    const port = Number(env.EMBEDDED_POSTGRES_PORT);
    let app = await startStandalone(env);
    const ownPassword = await passwordIn(env.DATA_DIR);
    expect(ownPassword).not.toBe(firstPassword);
    // A data folder as the versions before made it: the superuser on the published password,
    // and no password file.
    const database = new Client({ connectionString: embeddedDatabaseUrl(port, ownPassword) });
    await database.connect();
    await database.query(`ALTER ROLE postgres PASSWORD '${OLD_BUILT_IN_PASSWORD}'`);
    await database.end();
    expect(await app.stop('SIGTERM')).toBe(0);
    await rm(path.join(env.DATA_DIR, DATA_FOLDER_SECRETS.postgres));

    app = await startStandalone(env);
    try {
      const newPassword = await passwordIn(env.DATA_DIR);
      expect(newPassword).toMatch(/^[0-9a-f]{64}$/);
      expect(newPassword).not.toBe(ownPassword);
      expect(await canLogIn(port, newPassword)).toBe(true);
      expect(await canLogIn(port, OLD_BUILT_IN_PASSWORD)).toBe(false);
      await eventually(
        async () => (await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).status === 200,
        60_000,
        'health 200 on the moved data folder',
      );
    } finally {
      expect(await app.stop('SIGTERM')).toBe(0);
    }
  }, 180_000);
});
