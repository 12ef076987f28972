// nats-setup: the one step that makes the JetStream streams, consumers and buckets. It runs with
// the setup's key (a part's key may not), runs again after an upgrade, and moves the letters of
// the one dead-letter stream of earlier releases into their services' streams.
import { connect, headers as natsHeaders, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import { MAIL_JOB, PARSE_JOB } from '@chatexhibit/proto/subjects';
import { catalogueJobs, setUpJetStream } from '@chatexhibit/kit/bus/jetstream-setup';
import {
  deadLetterStream,
  deadLetterSubject,
  durableName,
  jobRunsBucket,
  jobStream,
  progressStream,
  rateLimitBucket,
  sharedDeadLetterStream,
} from '@chatexhibit/kit/bus/nats-names';
import { consumingPart } from '@chatexhibit/kit/metrics/metrics';
import { runNatsSetupCli } from '@chatexhibit/kit/cli/nats-setup-cli';
import { type AuthorizedNats, startAuthorizedNats } from '../support/authorized-nats';
import { cleanUpAll } from '../support/clean-up';
import { testServers, uniqueName } from '../support/servers';

/** The command's exit code and what it wrote. */
async function runSetup(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runNatsSetupCli(
    [],
    { stdout: (text) => out.push(text), stdoutPiece: null, stderr: (text) => err.push(text) },
    env,
  );
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('npm run nats-setup, on a server with the authorization of npm run nats-auth', () => {
  let nats: AuthorizedNats;
  beforeAll(async () => {
    nats = await startAuthorizedNats('setup_cli');
  }, 20_000);
  afterAll(() => nats?.stop());

  it("runs again with the setup's key (after an upgrade), and not with a part's", async () => {
    const env = { NATS_URL: nats.url, NATS_PREFIX: nats.prefix };
    await expect(runSetup({ ...env, NATS_NKEY_SEED: nats.seeds.setup })).resolves.toEqual({
      code: 0,
      stdout: `JetStream set up for NATS_PREFIX ${nats.prefix} at ${nats.url}`,
      stderr: '',
    });
    const asPart = await runSetup({ ...env, NATS_NKEY_SEED: nats.seeds.gateway });
    expect(asPart.code).toBe(1);
    expect(asPart.stderr).toMatch(/^nats-setup: .*permissions/i);
  });
});

describe('setUpJetStream, on the local NATS', () => {
  let nc: NatsConnection;
  let prefix: string;
  beforeAll(async () => {
    nc = await connect({ servers: testServers().natsUrl });
    prefix = uniqueName('setup');
  });
  afterAll(async () => {
    const jsm = await nc.jetstreamManager();
    const services = new Set(catalogueJobs().map((job) => consumingPart(job.subject)));
    await cleanUpAll(
      ...[
        jobStream(prefix),
        sharedDeadLetterStream(prefix),
        ...[...services].map((service) => deadLetterStream(prefix, service)),
        progressStream(prefix),
        `KV_${jobRunsBucket(prefix)}`,
        `KV_${rateLimitBucket(prefix)}`,
      ].map((stream) => () => jsm.streams.delete(stream).catch(() => undefined)),
      () => nc.close(),
    );
  });

  it("makes every job's consumer, and moves the shared stream's dead letters to their services' streams", async () => {
    const jsm = await nc.jetstreamManager();
    // An installation of the release before: one dead-letter stream for every service.
    await jsm.streams.add({
      name: sharedDeadLetterStream(prefix),
      subjects: [`${prefix}.dead-letter.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
    });
    for (const [job, body] of [
      [MAIL_JOB, '{"kind":"contact","contactId":"c-1"}'],
      [PARSE_JOB, '{"exportId":"e-1"}'],
    ] as const) {
      const headers = natsHeaders();
      headers.set('reason', `gave up on ${job.subject}`);
      await nc.jetstream().publish(deadLetterSubject(prefix, job), body, { headers });
    }

    await setUpJetStream(nc, prefix);

    await expect(jsm.streams.info(sharedDeadLetterStream(prefix))).rejects.toThrow(/stream not found/);
    for (const [service, job, body] of [
      ['notification', MAIL_JOB, '{"kind":"contact","contactId":"c-1"}'],
      ['parse', PARSE_JOB, '{"exportId":"e-1"}'],
    ] as const) {
      const letter = await jsm.streams.getMessage(deadLetterStream(prefix, service), {
        last_by_subj: deadLetterSubject(prefix, job),
      });
      expect([letter.string(), letter.header.get('reason')]).toEqual([body, `gave up on ${job.subject}`]);
    }
    for (const job of catalogueJobs())
      expect((await jsm.consumers.info(jobStream(prefix), durableName(job))).config).toMatchObject({
        filter_subject: `${prefix}.${job.subject}`,
        max_deliver: -1,
      });
    // Again, as after an upgrade: nothing to move, everything kept.
    await setUpJetStream(nc, prefix);
    expect((await jsm.streams.info(deadLetterStream(prefix, 'parse'))).state.messages).toBe(1);
  });
});
