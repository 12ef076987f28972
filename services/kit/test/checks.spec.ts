import { runHealthChecks } from '../src/health/checks';

describe('runHealthChecks', () => {
  it('is up only when every check passes, and says why one failed', async () => {
    await expect(runHealthChecks({ a: async () => undefined })).resolves.toEqual({
      status: 'up',
      checks: { a: { status: 'up' } },
    });
    await expect(
      runHealthChecks({ a: async () => undefined, b: () => Promise.reject(new Error('refused')) }),
    ).resolves.toEqual({
      status: 'down',
      checks: { a: { status: 'up' }, b: { status: 'down', error: 'refused' } },
    });
  });

  it('reports a check that hangs as down after the timeout', async () => {
    const report = await runHealthChecks({ slow: () => new Promise(() => undefined) }, 20);
    expect(report).toEqual({
      status: 'down',
      checks: { slow: { status: 'down', error: 'no answer within 20 ms' } },
    });
  });
});
