import {
  NATS_USERS,
  type NatsAuthorization,
  type NatsUser,
  newNatsCredentials,
} from '../bus/nats-permissions';
import { type CliOutput, CliInputError, readCommandLine, runAsProcess, runCommand } from './command-line';

const NATS_AUTH_COMMAND = {
  name: 'nats-auth',
  usage: [
    'usage: npm run -s nats-auth -- --env|--kubernetes [--prefix <NATS_PREFIX>]',
    'Makes a new nkey for each part of ChatExhibit and for nats-setup, and the nats-server',
    'authorization that allows each only its own subjects, and writes them to stdout (the seeds',
    'are secrets):',
    "  --env         lines for docker-compose.yml's .env: NATS_NKEY_SEED_<PART>, NATS_NKEY_SEED_SETUP",
    '                and NATS_AUTHORIZATION',
    "  --kubernetes  the Secret chatexhibit-nats-seeds (each part's and the setup's NATS_NKEY_SEED) and the",
    '                ConfigMap chatexhibit-nats-auth (nats-auth.conf, for your NATS server to include)',
    "The prefix must be the parts' NATS_PREFIX (default chatexhibit).",
  ].join('\n'),
};

const OPTIONS = {
  env: { type: 'boolean' },
  kubernetes: { type: 'boolean' },
  prefix: { type: 'string', default: 'chatexhibit' },
} as const;

/** The variable a part's (or the setup's) seed is kept in, next to the others' (compose's .env, the Secret). */
export const seedVariable = (user: NatsUser): string => `NATS_NKEY_SEED_${user.toUpperCase()}`;

function envLines(seeds: Record<NatsUser, string>, authorization: NatsAuthorization): string {
  return [
    `# Made by npm run nats-auth on ${new Date().toISOString().slice(0, 10)}: each part's and nats-setup's NATS key (secret)`,
    ...NATS_USERS.map((user) => `${seedVariable(user)}=${seeds[user]}`),
    "# nats-server's authorization: each part's public key and the subjects it may use",
    // Single quotes: compose reads the value as it is, `$JS.API…` included.
    `NATS_AUTHORIZATION='${JSON.stringify(authorization)}'`,
  ].join('\n');
}

function kubernetesManifests(seeds: Record<NatsUser, string>, authorization: NatsAuthorization): string {
  const labels = ['  labels:', '    app.kubernetes.io/part-of: chatexhibit'];
  return [
    '# Made by npm run nats-auth. Secret: apply it, never commit it (docs/deployment.md).',
    'apiVersion: v1',
    'kind: Secret',
    'metadata:',
    '  name: chatexhibit-nats-seeds',
    ...labels,
    'type: Opaque',
    'stringData:',
    ...NATS_USERS.map((user) => `  ${seedVariable(user)}: ${seeds[user]}`),
    '---',
    "# nats-server's authorization: include nats-auth.conf in your NATS server's configuration.",
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: chatexhibit-nats-auth',
    ...labels,
    'data:',
    '  nats-auth.conf: |',
    `    ${JSON.stringify(authorization)}`,
  ].join('\n');
}

/** Runs the command; resolves to the process exit code. */
export function runNatsAuthCli(args: readonly string[], output: CliOutput): Promise<number> {
  return runCommand(NATS_AUTH_COMMAND, output, async () => {
    const { values } = readCommandLine(args, OPTIONS, 0);
    if (Boolean(values.env) === Boolean(values.kubernetes))
      throw new CliInputError('say which to write: --env or --kubernetes (one of them).');
    if (!/^[A-Za-z0-9_-]+$/.test(values.prefix))
      throw new CliInputError('--prefix must contain only letters, digits, "_" and "-", as NATS_PREFIX.');
    const { seeds, authorization } = newNatsCredentials(values.prefix);
    output.stdout(values.env ? envLines(seeds, authorization) : kubernetesManifests(seeds, authorization));
  });
}

if (require.main === module) runAsProcess(runNatsAuthCli);
