import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { setUpJetStream } from '@chatexhibit/kit/bus/jetstream-setup';
import { type NatsAccess, natsAccess } from '@chatexhibit/kit/bus/nats-access';
import { newNatsCredentials, type NatsUser } from '@chatexhibit/kit/bus/nats-permissions';
import { type RunningProcess, startProcessCommand } from './child-process';
import { cleanUpAll } from './clean-up';
import { eventually } from './eventually';
import { freePort } from './free-port';

/**
 * A nats-server of the test's own, with JetStream and the parts' authorization (npm run
 * nats-auth's), set up as nats-setup does it.
 */
export interface AuthorizedNats {
  url: string;
  prefix: string;
  /** Each part's and the setup's NATS_NKEY_SEED. */
  seeds: Record<NatsUser, string>;
  /** What a part's (or the setup's) connections present, as it builds them from its configuration. */
  access(user: NatsUser): NatsAccess;
  stop(): Promise<void>;
}

/**
 * Starts Debian's nats-server on a port and store folder of its own with new credentials for
 * deployment prefix `prefix`, and sets up its streams and consumers with the setup's key;
 * `stop` ends it and removes the folder.
 */
export async function startAuthorizedNats(prefix: string): Promise<AuthorizedNats> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-nats-auth-'));
  let server: RunningProcess | undefined;
  const stop = () =>
    cleanUpAll(
      () => server?.stop(),
      () => rm(dir, { recursive: true, force: true }),
    );
  try {
    const { seeds, authorization } = newNatsCredentials(prefix);
    const config = path.join(dir, 'nats-auth.conf');
    await writeFile(config, JSON.stringify(authorization));
    const port = await freePort();
    const url = `nats://127.0.0.1:${port}`;
    const args = [
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '-js',
      '-sd',
      path.join(dir, 'jetstream'),
      '-c',
      config,
    ];
    server = startProcessCommand('nats-server', args);
    const access = (user: NatsUser) => natsAccess({ url, prefix, nkeySeed: seeds[user] }, user);
    await eventually(
      async () => {
        const probe = await connect({ servers: url, ...access('gateway') }).catch(() => undefined);
        await probe?.close();
        return probe !== undefined;
      },
      10_000,
      'nats-server with the authorization of the parts answers',
    );
    const setup = await connect({ servers: url, ...access('setup') });
    await cleanUpAll(
      () => setUpJetStream(setup, prefix),
      () => setup.close(),
    );
    return { url, prefix, seeds, access, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
