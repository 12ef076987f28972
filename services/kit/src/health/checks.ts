import type { PartHealth } from '@chatexhibit/proto/health';

/** One dependency check: resolves when the dependency answers, rejects with the reason otherwise. */
export type HealthCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 3000;

const withTimeout = (check: HealthCheck, ms: number): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    check().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/** Runs every check at once; the part is up only when all of them are. */
export async function runHealthChecks(
  checks: Record<string, HealthCheck>,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<PartHealth> {
  const names = Object.keys(checks);
  const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!, timeoutMs)));
  const results: PartHealth['checks'] = {};
  outcomes.forEach((outcome, i) => {
    results[names[i]!] =
      outcome.status === 'fulfilled'
        ? { status: 'up' }
        : { status: 'down', error: errorMessage(outcome.reason) };
  });
  const status = Object.values(results).every((r) => r.status === 'up') ? 'up' : 'down';
  return { status, checks: results };
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
