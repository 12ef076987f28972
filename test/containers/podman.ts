import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ChatExhibit image as scripts/test-containers.sh builds it. */
export const CHATEXHIBIT_IMAGE = 'localhost/chatexhibit/chatexhibit:local';

/** Runs `podman …` and answers its stdout; rejects with its stderr when it fails. */
export async function podman(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run('podman', args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout.trim();
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`podman ${args.join(' ')} failed: ${stderr?.trim() ?? String(error)}`);
  }
}

/**
 * The image's own HEALTHCHECK, run once (Podman schedules healthchecks through systemd, which
 * this machine lacks, so the tests run them): true when it reports healthy.
 */
export async function healthcheckPasses(container: string): Promise<boolean> {
  try {
    await run('podman', ['healthcheck', 'run', container]);
    return true;
  } catch {
    return false;
  }
}

/** A container's last log lines, to explain a failure. */
export const logsOf = (container: string) => podman('logs', '--tail', '30', container).catch(String);
