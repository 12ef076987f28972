import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NATS_USERS, newNatsCredentials } from '../../services/kit/src/bus/nats-permissions';
import { seedVariable } from '../../services/kit/src/cli/nats-auth-cli';
import { REPO_ROOT, runToEnd } from '../support/child-process';

/**
 * docker-compose.yml as Debian's docker-compose 1.29 runs it: from a copy in `workDir` without the
 * Compose Specification's top-level `name:` (1.29 rejects it; --project-name says the same), with
 * the repository as the project directory, and `env` as its whole environment.
 */
export async function composeRunner(project: string, workDir: string, env: () => Record<string, string>) {
  const file = path.join(workDir, 'compose.yml');
  const source = await readFile(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
  await writeFile(file, source.replace(/^name: .*\n/m, ''));
  return async (args: string[], timeoutMs = 5 * 60_000): Promise<string> => {
    const result = await runToEnd(
      'docker-compose',
      ['--project-name', project, '--project-directory', REPO_ROOT, '--file', file, ...args],
      env(),
      timeoutMs,
    );
    if (result.code !== 0) throw new Error(`docker-compose ${args.join(' ')} failed:\n${result.stderr}`);
    return result.stdout;
  };
}

/**
 * What scripts/compose-env.sh writes into .env: a random value for each secret compose demands,
 * each part's and nats-setup's NATS key and the NATS server's authorization (npm run nats-auth -- --env).
 */
export function composeSecrets(): Record<string, string> {
  const nats = newNatsCredentials('chatexhibit');
  return {
    ...Object.fromEntries(
      ['LINK_SIGNING_SECRET', 'POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD'].map((name) => [
        name,
        randomBytes(32).toString('hex'),
      ]),
    ),
    ...Object.fromEntries(NATS_USERS.map((user) => [seedVariable(user), nats.seeds[user]])),
    NATS_AUTHORIZATION: JSON.stringify(nats.authorization),
  };
}
