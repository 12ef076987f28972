import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { ChatData } from '@chatexhibit/proto/chat';
import {
  FREE_EXPORT_RETENTION_DAYS,
  UNFINISHED_EXPORT_RETENTION_DAYS,
  UNPAID_EXPORT_RETENTION_DAYS,
} from '@chatexhibit/proto/constants';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { PAYMENT_MESSAGES } from '@chatexhibit/proto/payment';
import { runToEnd } from '../support/child-process';
import { cleanUpAll } from '../support/clean-up';
import { eventually } from '../support/eventually';
import {
  createPaymentIntent,
  linksInMail,
  openSignedLink,
  mailsTo,
  paymentStatus,
  repairPayment,
  uploadOverLimitExport,
} from '../support/payment-client';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { startSmtpSink } from '../support/smtp-sink';
import { useStandalone } from '../support/standalone';
import { deliverWebhook, type StripeStub, startStripeStub, STUB_CHECKOUT_PAGE } from '../support/stripe-stub';
import { writeWhatsAppExport } from '../support/whatsapp-export';
import { yazlZip } from '../../services/ingest/test/support/hostile-zips';

/** Every file left under a folder, recursively (none when it is gone). */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Retention and support as `npm start` runs them: exports past their date are swept from every
 * service (files and rows) while the rest stay; `npm run support` looks up, extends, re-mails
 * and refunds through the running app.
 */
describe('retention and support', () => {
  const env: Record<string, string> = { RETENTION_SWEEP_INTERVAL_SECONDS: '1' };
  let stub: StripeStub;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let workDir: string;
  let database: Client;
  beforeAll(async () => {
    stub = await startStripeStub();
    sink = await startSmtpSink();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-retention-'));
    Object.assign(env, stub.env, { SMTP_URL: sink.url });
  });
  const standalone = useStandalone(env);
  beforeAll(async () => {
    database = new Client({ connectionString: standalone.databaseUrl });
    // The app's PostgreSQL may stop first when the file ends.
    database.on('error', () => undefined);
    await database.connect();
  });
  afterAll(() => database?.end());
  afterAll(() =>
    cleanUpAll(
      () => stub?.close(),
      () => sink?.close(),
      () => workDir && rm(workDir, { recursive: true, force: true }),
    ),
  );

  const objectsOf = (exportId: string) =>
    filesUnder(path.join(standalone.dataDir, 'objects', 'exports', exportId));
  const rowsOf = async (exportId: string) => {
    const counts: Record<string, number> = {};
    for (const [table, column] of [
      ['ingest.exports', 'id'],
      ['parse.chats', 'export_id'],
      ['parse.messages', 'export_id'],
      ['media.media_assets', 'export_id'],
      ['pdf.documents', 'export_id'],
    ] as const) {
      const { rows } = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
        [exportId],
      );
      counts[table] = rows[0]!.n;
    }
    return counts;
  };
  /** Ages an export past its retention date, as if its days had passed. */
  const age = (exportId: string) =>
    database.query(
      `UPDATE payment.retention SET delete_after = now() - interval '1 minute' WHERE export_id = $1`,
      [exportId],
    );
  const support = (...args: string[]) =>
    runToEnd(process.execPath, ['standalone/dist/cli/support-cli.js', ...args], {
      PORT: String(standalone.port),
      DATA_DIR: standalone.dataDir,
    });

  let bought: { exportId: string; bundleId: string };

  it('deletes exports past their date from every service, files and rows, and keeps the rest; their links say they expired', async () => {
    const base = standalone.baseUrl;
    // A free export, with its signed PDF link.
    const free = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'free-')), {
      textMessages: 5,
      voiceNotes: 1,
      photos: 1,
    });
    const freeUpload = await uploadExport(base, free.zipPath);
    const freeDone = (await readProgress(base, freeUpload.body.clientId!)).events.at(-1)!;
    expect(freeDone.done).toBe(true);
    const freeId = freeUpload.body.clientId!;
    // An unpaid one, one that never got through the pipeline, and a bought one.
    const unpaid = await uploadOverLimitExport(base, workDir);
    const noChat = path.join(workDir, 'no-chat.zip');
    await writeFile(noChat, await yazlZip([{ path: 'photo.jpg', data: 'not a chat' }]));
    const failedUpload = await uploadExport(base, noChat);
    expect((await readProgress(base, failedUpload.body.clientId!)).events.at(-1)!.error).toBeDefined();
    const failedId = failedUpload.body.clientId!;
    bought = await uploadOverLimitExport(base, workDir);
    const intent = await createPaymentIntent(base, bought.bundleId, 'keeper@example.org');
    await deliverWebhook(
      base,
      await stub.stripe.pay(intent.body.checkoutUrl!.slice(STUB_CHECKOUT_PAGE.length)),
    );
    await eventually(async () => (await paymentStatus(base, bought.bundleId)).body.isPaid, 15_000, 'paid');

    for (const id of [freeId, unpaid.exportId, failedId, bought.exportId])
      expect((await objectsOf(id)).length).toBeGreaterThan(0);
    const { rows: dated } = await database.query<{ days: number; export_id: string }>(
      `SELECT export_id, round(extract(epoch FROM delete_after - received_at) / 86400)::int AS days FROM payment.retention`,
    );
    const daysOf = (id: string) => dated.find((r) => r.export_id === id)?.days;
    // A free export is kept a week, an unpaid one three days, one that never got through a day.
    expect([daysOf(freeId), daysOf(unpaid.exportId), daysOf(failedId)]).toEqual([
      FREE_EXPORT_RETENTION_DAYS,
      UNPAID_EXPORT_RETENTION_DAYS,
      UNFINISHED_EXPORT_RETENTION_DAYS,
    ]);
    expect([
      FREE_EXPORT_RETENTION_DAYS,
      UNPAID_EXPORT_RETENTION_DAYS,
      UNFINISHED_EXPORT_RETENTION_DAYS,
    ]).toEqual([7, 3, 1]);
    expect(daysOf(bought.exportId)).toBe(90);

    for (const id of [freeId, unpaid.exportId, failedId]) await age(id);
    // Each service deletes an export's files, then its rows: wait for the last row of all three.
    await eventually(
      async () => {
        for (const id of [freeId, unpaid.exportId, failedId]) {
          if ((await objectsOf(id)).length > 0) return false;
          if (Object.values(await rowsOf(id)).some((n) => n > 0)) return false;
        }
        return true;
      },
      30_000,
      'the aged exports are deleted',
    );
    for (const id of [freeId, unpaid.exportId, failedId])
      expect(await rowsOf(id)).toEqual({
        'ingest.exports': 0,
        'parse.chats': 0,
        'parse.messages': 0,
        'media.media_assets': 0,
        'pdf.documents': 0,
      });
    // The bought one is whole.
    expect((await objectsOf(bought.exportId)).length).toBeGreaterThan(5);
    expect((await rowsOf(bought.exportId))['parse.messages']).toBe(61);
    expect((await fetch(`${base}/api/whatsapp/chat/${bought.exportId}`)).status).toBe(200);

    // What is left of the expired ones says so.
    const expiredLink = await openSignedLink(base + freeDone.pdfUrl!);
    expect(expiredLink.status).toBe(410);
    expect(await expiredLink.json()).toEqual({
      code: 'GONE',
      reason: 'EXPORT_EXPIRED',
      message: PAYMENT_MESSAGES.expired,
    });
    expect((await fetch(`${base}/api/whatsapp/chat/${freeId}`)).status).toBe(410);
    expect((await paymentStatus(base, unpaid.bundleId)).status).toBe(410);
    expect((await createPaymentIntent(base, unpaid.bundleId, 'late@example.org')).status).toBe(410);
    const { rows: expired } = await database.query<{ export_id: string }>(
      'SELECT export_id FROM payment.retention WHERE expired_at IS NOT NULL',
    );
    expect(expired.map((r) => r.export_id).sort()).toEqual([freeId, unpaid.exportId, failedId].sort());
  }, 180_000);

  it('looks a bundle up by id and by email, extends it, mails its links again and refunds it, through npm run support', async () => {
    const byId = await support('status', bought.bundleId);
    expect(byId.code).toBe(0);
    expect(byId.stdout).toContain(`bundle   ${bought.bundleId}`);
    expect(byId.stdout).toMatch(/paid {5}\S+ by keeper@example\.org, 4\.99 USD \(pi_/);
    const byEmail = await support('status', 'KEEPER@example.org', '--json');
    const { bundles } = JSON.parse(byEmail.stdout) as {
      bundles: { bundleId: string; deleteAfter: string }[];
    };
    expect(bundles.map((b) => b.bundleId)).toEqual([bought.bundleId]);
    // By the reference the buyer's documents and mail give, in any case.
    const byReference = await support('status', exportReference(bought.exportId).toLowerCase());
    expect(byReference.stdout).toContain(`bundle   ${bought.bundleId}`);
    expect((await support('status', 'nobody@example.org')).stdout.trim()).toBe('No bundle found.');

    const extended = await support('extend', bought.bundleId, '--months', '2', '--json');
    expect(extended.code).toBe(0);
    const { deleteAfter } = JSON.parse(extended.stdout) as { deleteAfter: string };
    const months = (Date.parse(deleteAfter) - Date.parse(bundles[0]!.deleteAfter)) / (30.4 * 86_400_000);
    expect(Math.round(months)).toBe(2);

    const before = mailsTo(sink.messages, 'keeper@example.org').length;
    const resent = await support('resend', bought.bundleId);
    expect(resent.stdout.trim()).toBe(
      `Bundle ${bought.bundleId}: the download links are being mailed to keeper@example.org again.`,
    );
    await eventually(
      () => mailsTo(sink.messages, 'keeper@example.org').length === before + 1,
      15_000,
      'the mail',
    );
    const links = linksInMail(mailsTo(sink.messages, 'keeper@example.org').at(-1)!).filter((l) =>
      l.includes('/api/files/'),
    );
    expect(links).toHaveLength(2);
    // Every signed link the buyer was given: the mailed two, the status's pdfUrl, a voice note's.
    const base = standalone.baseUrl;
    const { pdfUrl } = (await paymentStatus(base, bought.bundleId)).body;
    const chat = (await (await fetch(`${base}/api/whatsapp/chat/${bought.exportId}`)).json()) as ChatData;
    const audio = chat.messages.find((m) => m.type === 'voice')!.content;
    expect(audio).toMatch(/^\/api\/files\/[\w-]{59}\/audio\//);
    const signed = [
      ...links.map((link) => link.replace('localhost', '127.0.0.1')),
      base + pdfUrl!,
      base + audio,
    ];
    for (const link of signed) expect((await openSignedLink(link)).status).toBe(200);

    const refunded = await support('refund', bought.bundleId);
    expect(refunded.code).toBe(0);
    expect(refunded.stdout).toMatch(new RegExp(`^Bundle ${bought.bundleId}: refunded \\(re_`));
    expect((await paymentStatus(base, bought.bundleId)).body.isPaid).toBe(false);
    expect((await fetch(`${base}/api/whatsapp/chat/${bought.exportId}`)).status).toBe(404);
    for (const link of signed) expect((await openSignedLink(link)).status).toBe(404);

    // A refunded bundle stays locked: repair finds nothing to do and raises no alarm, and
    // checkout says why it cannot be bought.
    const logged = standalone.app.lines.length;
    expect((await repairPayment(base, bought.bundleId)).body).toEqual({
      success: false,
      pdfUrl: null,
      chatExportId: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(standalone.app.lines.slice(logged)).toEqual([]);
    expect(await createPaymentIntent(base, bought.bundleId, 'keeper@example.org')).toEqual({
      status: 409,
      body: { code: 'CONFLICT', reason: 'REFUNDED', message: PAYMENT_MESSAGES.refunded },
    });
    const twice = await support('refund', bought.bundleId);
    expect(twice).toMatchObject({ code: 1, stdout: '' });
    expect(twice.stderr.trim()).toBe('support: 409: This bundle was refunded already.');
  }, 60_000);

  it('refuses a wrong token, a malformed command and an unreachable app, each in one line', async () => {
    const wrong = await runToEnd(
      process.execPath,
      ['standalone/dist/cli/support-cli.js', 'status', 'x@example.org'],
      {
        SUPPORT_URL: standalone.baseUrl,
        SUPPORT_TOKEN: 'not-the-token',
      },
    );
    expect(wrong).toMatchObject({ code: 1, stdout: '' });
    expect(wrong.stderr.trim()).toBe('support: 401: The support token is missing or wrong.');
    const usage = await support('extend', bought.bundleId);
    expect(usage.code).toBe(1);
    expect(usage.stderr.trim()).toBe('support: extend needs --months <N>, a whole number from 1 to 24.');
    expect((await support('status')).stderr).toContain('usage: npm run support -- <command>');
    const away = await runToEnd(
      process.execPath,
      ['standalone/dist/cli/support-cli.js', 'status', 'x@example.org'],
      {
        SUPPORT_URL: 'http://127.0.0.1:9',
        SUPPORT_TOKEN: 'x'.repeat(64),
      },
    );
    expect(away.code).toBe(1);
    expect(away.stderr).toContain('cannot reach ChatExhibit at http://127.0.0.1:9');
  });
});
