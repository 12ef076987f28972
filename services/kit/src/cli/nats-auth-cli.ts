import { PART_NAMES, type PartName } from '@chatexhibit/proto/health';
import { type NatsAuthorization, newNatsCredentials } from '../bus/nats-permissions';
import { type CliOutput, CliInputError, readCommandLine, runAsProcess, runCommand } from './command-line';

const NATS_AUTH_COMMAND = {
  name: 'nats-auth',
  usage: [
    'usage: npm run -s nats-auth -- --env|--kubernetes [--prefix <NATS_PREFIX>]',
    'Makes a new nkey for each part of ChatExhibit and the nats-server authorization that allows',
    'each part only its own subjects, and writes them to stdout (the seeds are secrets):',
    "  --env         lines for docker-compose.yml's .env: NATS_NKEY_SEED_<PART> and NATS_AUTHORIZATION",
    "  --kubernetes  the Secret chatexhibit-nats-seeds (each part's NATS_NKEY_SEED) and the",
    '                ConfigMap chatexhibit-nats-auth (nats-auth.conf, for your NATS server to include)',
    "The prefix must be the parts' NATS_PREFIX (default chatexhibit).",
  ].join('\n'),
};

const OPTIONS = {
  env: { type: 'boolean' },
  kubernetes: { type: 'boolean' },
  prefix: { type: 'string', default: 'chatexhibit' },
} as const;

/** The variable a part's seed is kept in, next to the others' (compose's .env, the Secret). */
export const seedVariable = (part: PartName): string => `NATS_NKEY_SEED_${part.toUpperCase()}`;

function envLines(seeds: Record<PartName, string>, authorization: NatsAuthorization): string {
  return [
    `# Made by npm run nats-auth on ${new Date().toISOString().slice(0, 10)}: each part's NATS key (secret)`,
    ...PART_NAMES.map((part) => `${seedVariable(part)}=${seeds[part]}`),
    "# nats-server's authorization: each part's public key and the subjects it may use",
    // Single quotes: compose reads the value as it is, `$JS.API…` included.
    `NATS_AUTHORIZATION='${JSON.stringify(authorization)}'`,
  ].join('\n');
}

function kubernetesManifests(seeds: Record<PartName, string>, authorization: NatsAuthorization): string {
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
    ...PART_NAMES.map((part) => `  ${seedVariable(part)}: ${seeds[part]}`),
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
