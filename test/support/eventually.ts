/**
 * Polls `condition` every `intervalMs` until it holds; fails with `what` after `timeoutMs`. A
 * condition that runs a command (podman ps, say) wants a longer interval than the default.
 */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  what = 'condition',
  intervalMs = 25,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await condition()) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
