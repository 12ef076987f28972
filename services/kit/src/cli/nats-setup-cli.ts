import { connect } from 'nats';
import { setUpJetStream } from '../bus/jetstream-setup';
import { natsAccess } from '../bus/nats-access';
import { SETUP_USER } from '../bus/nats-permissions';
import { loadNatsConfig } from '../config/part-config';
import { redactUrl } from '../logging/logger';
import { type CliOutput, readCommandLine, runAsProcess, runCommand } from './command-line';

const NATS_SETUP_COMMAND = {
  name: 'nats-setup',
  usage: [
    'usage: npm run -s nats-setup',
    "Makes ChatExhibit's JetStream streams, consumers and key-value buckets, or brings their",
    'settings up to date: run it before the parts start and after each upgrade. It reads NATS_URL,',
    "NATS_PREFIX, the NATS_TLS_* files and NATS_NKEY_SEED, which is the setup's key",
    "(NATS_NKEY_SEED_SETUP of npm run nats-auth): the parts' own keys may not do this.",
  ].join('\n'),
};

/** Runs the command; resolves to the process exit code. */
export function runNatsSetupCli(
  args: readonly string[],
  output: CliOutput,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  return runCommand(NATS_SETUP_COMMAND, output, async () => {
    readCommandLine(args, {}, 0);
    const config = loadNatsConfig(env);
    const connection = await connect({
      servers: config.url,
      name: 'chatexhibit-nats-setup',
      ...natsAccess(config, SETUP_USER),
    });
    try {
      await setUpJetStream(connection, config.prefix);
    } finally {
      await connection.close();
    }
    output.stdout(`JetStream set up for NATS_PREFIX ${config.prefix} at ${redactUrl(config.url)}`);
  });
}

if (require.main === module) runAsProcess(runNatsSetupCli);
