import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { ChatData } from '@chatexhibit/proto/chat';
import { PAYMENT_MESSAGES } from '@chatexhibit/proto/payment';
import { eventually } from '../support/eventually';
import {
  createPaymentIntent,
  linksInMail,
  openSignedLink,
  outboxMailTo,
  paymentStatus,
  repairPayment,
} from '../support/payment-client';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';
import { yazlZip } from '../../services/ingest/test/support/hostile-zips';

/** Every file under a folder, recursively (none when it is gone). */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Who the test's exports name: the chat's participants (the generator's), and what each upload states. */
const PARTICIPANTS = ['Hannah Schmidt', 'Omar Haddad'];

/** The facts of one upload that name people, each its own, so a leftover is traced to its export. */
const facts = (tag: string) => ({
  fileName: `WhatsApp Chat - Zephyrine ${tag} Quackenbush.zip`,
  options: {
    caseNumber: `CASE-${tag}-4711`,
    preparedBy: `Examiner ${tag} Pfefferkorn`,
    exportingAccount: `Account ${tag} Wigglesworth`,
  },
  buyer: `buyer-${tag.toLowerCase()}@example.org`,
});
const needlesOf = (f: ReturnType<typeof facts>): string[] => [
  f.fileName,
  'Zephyrine',
  f.options.caseNumber,
  f.options.preparedBy,
  f.options.exportingAccount,
  f.buyer,
];

/** A form post as the test checkout page's buttons send it, redirects not followed. */
const press = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

/**
 * Data really goes (docs/security.md, "Retention and deletion"), against `npm start` without
 * Stripe keys (the local test checkout, mails in the outbox): an export deleted by its uploader
 * or past its retention date leaves no row in any schema of the database and no file in the data
 * folder that names a person, whatever it went through (free, paid, refused, being processed);
 * contact messages go after their period; a second payment of one bundle is refunded once.
 */
describe('data deletion', () => {
  const standalone = useStandalone({ RETENTION_SWEEP_INTERVAL_SECONDS: '1' });
  let database: Client;
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-deletion-'));
    database = new Client({ connectionString: standalone.databaseUrl });
    // The app's PostgreSQL may stop first when the file ends.
    database.on('error', () => undefined);
    await database.connect();
  });
  afterAll(async () => {
    await database?.end();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const base = () => standalone.baseUrl;

  /** Every table of every schema the app made (services, work queue, progress), as `schema.table`. */
  const allTables = async (): Promise<string[]> => {
    const { rows } = await database.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows.map((r) => r.name);
  };

  /** The columns whose planner statistics (sample values of their rows) hold `needle`, any case. */
  const statisticsHolding = async (needle: string): Promise<string[]> => {
    const { rows } = await database.query<{ name: string }>(
      `SELECT format('pg_stats %I.%I.%I', schemaname, tablename, attname) AS name FROM pg_stats
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
         AND strpos(lower(concat(most_common_vals::text, histogram_bounds::text)), lower($1)) > 0`,
      [needle],
    );
    return rows.map((r) => r.name);
  };

  /**
   * Where `needle` is still found: each table with a row whose text contains it (any column, any
   * case), each column whose planner statistics hold it, and each file of the data folder outside
   * the database's own folder (objects, outbox, keys) that contains it.
   */
  const whereFound = async (needle: string): Promise<string[]> => {
    const found: string[] = await statisticsHolding(needle);
    for (const table of await allTables()) {
      const { rows } = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} AS r WHERE strpos(lower(r::text), lower($1)) > 0`,
        [needle],
      );
      if (rows[0]!.n > 0) found.push(`${table} (${rows[0]!.n} rows)`);
    }
    for (const file of await filesUnder(standalone.dataDir)) {
      if (file.startsWith(path.join(standalone.dataDir, 'postgres') + path.sep)) continue;
      // A file deleted while the folder is read is gone, not found.
      const content = await readFile(file).catch(() => null);
      if (content?.includes(needle)) found.push(path.relative(standalone.dataDir, file));
    }
    return found;
  };
  const leftovers = async (needles: readonly string[]): Promise<Record<string, string[]>> => {
    const left: Record<string, string[]> = {};
    for (const needle of needles) {
      const where = await whereFound(needle);
      if (where.length > 0) left[needle] = where;
    }
    return left;
  };
  /** Waits until none of `needles` is found anywhere; fails listing where they still are. */
  const untilGone = async (needles: readonly string[], what: string): Promise<void> => {
    let left: Record<string, string[]> = {};
    await eventually(
      async () => Object.keys((left = await leftovers(needles))).length === 0,
      60_000,
      what,
      250,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; still found: ${JSON.stringify(left, null, 1)}`);
    });
  };

  /** Every file and folder of the object storage whose path names the export (its id). */
  const objectsOf = async (exportId: string): Promise<string[]> => {
    const objects = path.join(standalone.dataDir, 'objects');
    const entries = await readdir(objects, { withFileTypes: true, recursive: true }).catch(() => []);
    return entries
      .map((e) => path.relative(objects, path.join(e.parentPath, e.name)))
      .filter((relative) => relative.includes(exportId));
  };
  /** The export's jobs still to run (queued, waiting for a retry, or in hand). */
  const pendingJobsOf = async (exportId: string): Promise<number> => {
    const { rows } = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM work_queue.job
       WHERE data -> 'payload' ->> 'exportId' = $1 AND state IN ('created', 'retry', 'active')`,
      [exportId],
    );
    return rows[0]!.n;
  };

  const upload = async (tag: string, spec: { textMessages: number; voiceNotes: number; photos: number }) => {
    const f = facts(tag);
    const exported = await writeWhatsAppExport(await mkdtemp(path.join(workDir, `${tag}-`)), spec);
    const uploaded = await uploadExport(base(), exported.zipPath, f.options, f.fileName);
    expect(uploaded.status).toBe(201);
    return { facts: f, exportId: uploaded.body.clientId! };
  };
  /** Uploads, follows to the final event, and for an over-limit export buys it in the test checkout. */
  const processed = async (
    tag: string,
    spec: { textMessages: number; voiceNotes: number; photos: number },
  ) => {
    const uploaded = await upload(tag, spec);
    const final = (await readProgress(base(), uploaded.exportId)).events.at(-1)!;
    return { ...uploaded, final };
  };
  const buy = async (bundleId: string, email: string): Promise<void> => {
    const intent = await createPaymentIntent(base(), bundleId, email);
    expect(intent.status).toBe(200);
    expect((await press(`${intent.body.checkoutUrl!.replace('localhost', '127.0.0.1')}/pay`)).status).toBe(
      303,
    );
    await eventually(async () => (await paymentStatus(base(), bundleId)).body.isPaid, 15_000, 'paid');
  };
  const deleteExport = (exportId: string) =>
    fetch(`${base()}/api/whatsapp/export/${exportId}`, { method: 'DELETE' });

  it('deletes a free and a paid export at once: 204, then every route and link of them answers 410, and no row or file names anyone', async () => {
    const free = await processed('FREE', { textMessages: 5, voiceNotes: 1, photos: 1 });
    expect(free.final.done).toBe(true);
    const chat = (await (await fetch(`${base()}/api/whatsapp/chat/${free.exportId}`)).json()) as ChatData;
    const audio = chat.messages.find((m) => m.type === 'voice')!.content;

    const paid = await processed('PAID', { textMessages: 60, voiceNotes: 1, photos: 0 });
    expect(paid.final.requiresPayment).toBe(true);
    const bundleId = paid.final.bundleId!;
    await buy(bundleId, paid.facts.buyer);
    const mail = await outboxMailTo(standalone.dataDir, paid.facts.buyer);
    const mailed = linksInMail(mail)
      .filter((link) => link.includes('/api/files/'))
      .map((link) => link.replace('localhost', '127.0.0.1'));
    expect(mailed).toHaveLength(2);
    const { pdfUrl } = (await paymentStatus(base(), bundleId)).body;

    const links = [base() + free.final.pdfUrl!, base() + audio, ...mailed, base() + pdfUrl!];
    for (const link of links) expect((await openSignedLink(link)).status).toBe(200);
    // What the search looks for is there before: the search can find it.
    const needles = [...needlesOf(free.facts), ...needlesOf(paid.facts), ...PARTICIPANTS];
    for (const needle of [
      free.facts.fileName,
      free.facts.options.caseNumber,
      paid.facts.buyer,
      PARTICIPANTS[0]!,
    ])
      expect(await whereFound(needle)).not.toEqual([]);
    // As autovacuum would, in its own time: the planner's statistics then hold sample values.
    await database.query('ANALYZE');
    expect(await statisticsHolding(PARTICIPANTS[0]!)).not.toEqual([]);

    for (const { exportId } of [free, paid]) {
      const deleted = await deleteExport(exportId);
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe('');
    }

    // From the answer on: every route and link of both says they are gone.
    for (const { exportId } of [free, paid]) {
      expect((await fetch(`${base()}/api/whatsapp/chat/${exportId}`)).status).toBe(410);
      expect((await fetch(`${base()}/api/whatsapp/evidence-zip/${exportId}`)).status).toBe(410);
      expect((await deleteExport(exportId)).status).toBe(410);
      expect((await readProgress(base(), exportId)).events).toEqual([
        { step: 0, progress: 100, error: PAYMENT_MESSAGES.deleted },
      ]);
    }
    // Each says it was deleted at its uploader's request, not that it expired.
    const deletedOnRequest = {
      code: 'GONE',
      reason: 'EXPORT_DELETED',
      message: PAYMENT_MESSAGES.deletedOnRequest,
    };
    for (const link of links) {
      const gone = await openSignedLink(link);
      expect(gone.status).toBe(410);
      expect(await gone.json()).toEqual(deletedOnRequest);
    }
    for (const route of ['chat', 'evidence-zip'])
      expect(await (await fetch(`${base()}/api/whatsapp/${route}/${free.exportId}`)).json()).toEqual(
        deletedOnRequest,
      );
    const bought = await paymentStatus(base(), bundleId);
    expect(bought.status).toBe(410);
    expect(bought.body).toEqual(deletedOnRequest);
    expect((await repairPayment(base(), bundleId)).status).toBe(410);
    expect((await createPaymentIntent(base(), bundleId, paid.facts.buyer)).status).toBe(410);
    expect((await deleteExport('6f1c8b62-3f1e-4d8e-9a55-0d3b8f1f2a10')).status).toBe(404);

    // Every service deletes its own: nothing names anyone any more, and no object is left.
    await untilGone(needles, 'the deleted exports are gone');
    for (const { exportId } of [free, paid]) expect(await objectsOf(exportId)).toEqual([]);
    // The purchase stays for accounting, naming no one.
    const { rows } = await database.query(
      'SELECT amount_cents, currency, email, paid_at IS NOT NULL AS paid FROM payment.bundles WHERE id = $1',
      [bundleId],
    );
    expect(rows).toEqual([{ amount_cents: 499, currency: 'usd', email: null, paid: true }]);
  }, 180_000);

  it('deletes an export still being processed: no later step brings any of it back', async () => {
    const inFlight = await upload('FLIGHT', { textMessages: 5, voiceNotes: 30, photos: 0 });
    // The upload's retention date is recorded by a job of its own: until then the id is unknown (404).
    let status = 0;
    await eventually(
      async () => (status = (await deleteExport(inFlight.exportId)).status) !== 404,
      15_000,
      'deleted',
    );
    expect(status).toBe(204);
    // Wait out every step still queued or running, then look.
    await eventually(
      async () => (await pendingJobsOf(inFlight.exportId)) === 0,
      120_000,
      'the pipeline stops',
      250,
    );
    await untilGone([...needlesOf(inFlight.facts), ...PARTICIPANTS], 'the in-flight export is gone');
    expect(await objectsOf(inFlight.exportId)).toEqual([]);
    expect((await readProgress(base(), inFlight.exportId)).events).toEqual([
      { step: 0, progress: 100, error: PAYMENT_MESSAGES.deleted },
    ]);
    const { rows } = await database.query(
      'SELECT count(*)::int AS n FROM payment.decisions WHERE export_id = $1',
      [inFlight.exportId],
    );
    expect(rows).toEqual([{ n: 0 }]);
  }, 180_000);

  it('expires the open checkout sessions of a deleted export: paying one is refused, and nothing is charged', async () => {
    const bought = await processed('OPENSESSION', { textMessages: 60, voiceNotes: 0, photos: 0 });
    const bundleId = bought.final.bundleId!;
    const pageOf = (url: string) => url.replace('localhost', '127.0.0.1');
    const sessionOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
    // Two buyers open checkout for the bundle; the first pays, then the export is deleted.
    const first = await createPaymentIntent(base(), bundleId, bought.facts.buyer);
    const second = await createPaymentIntent(base(), bundleId, `second-${bought.facts.buyer}`);
    expect(first.body.checkoutUrl).not.toBe(second.body.checkoutUrl);
    expect((await press(`${pageOf(first.body.checkoutUrl!)}/pay`)).status).toBe(303);
    await eventually(async () => (await paymentStatus(base(), bundleId)).body.isPaid, 15_000, 'paid');
    // A third buyer only: an export nobody bought has its session expired too.
    const unbought = await processed('OPENUNPAID', { textMessages: 60, voiceNotes: 0, photos: 0 });
    const third = await createPaymentIntent(base(), unbought.final.bundleId!, unbought.facts.buyer);
    expect(third.status).toBe(200);

    for (const { exportId } of [bought, unbought]) expect((await deleteExport(exportId)).status).toBe(204);

    for (const url of [second.body.checkoutUrl!, third.body.checkoutUrl!]) {
      const paid = await press(`${pageOf(url)}/pay`);
      expect(paid.status).toBe(409);
      expect(await paid.text()).toContain(PAYMENT_MESSAGES.testCheckoutClosed);
      // Stripe's word on the session: expired, never paid, no payment to refund.
      const { rows } = await database.query<{ status: string; payment_intent: string | null }>(
        `SELECT body ->> 'status' AS status, body ->> 'payment_intent' AS payment_intent
         FROM payment.local_stripe_objects WHERE id = $1`,
        [sessionOf(url)],
      );
      expect(rows).toEqual([{ status: 'expired', payment_intent: null }]);
    }
    // The only payment is the first buyer's, and nothing was refunded.
    const { rows } = await database.query<{ payments: number; refunds: number }>(
      `WITH intent AS (SELECT id FROM payment.local_stripe_objects
                       WHERE body ->> 'object' = 'payment_intent' AND body -> 'metadata' ->> 'exportId' = ANY($1))
       SELECT (SELECT count(*)::int FROM intent) AS payments,
              (SELECT count(*)::int FROM payment.local_stripe_objects
               WHERE body ->> 'object' = 'refund' AND body ->> 'payment_intent' IN (SELECT id FROM intent)) AS refunds`,
      [[bought.exportId, unbought.exportId]],
    );
    expect(rows).toEqual([{ payments: 1, refunds: 0 }]);
    const { rows: sessions } = await database.query<{ id: string; status: string }>(
      `SELECT s.id, s.status FROM payment.checkout_sessions s JOIN payment.bundles b ON b.id = s.bundle_id
       WHERE b.export_id = ANY($1) ORDER BY s.created_at`,
      [[bought.exportId, unbought.exportId]],
    );
    expect(sessions).toEqual([
      { id: sessionOf(first.body.checkoutUrl!), status: 'complete' },
      { id: sessionOf(second.body.checkoutUrl!), status: 'expired' },
      { id: sessionOf(third.body.checkoutUrl!), status: 'expired' },
    ]);
  }, 180_000);

  let secondBuy: Awaited<ReturnType<typeof processed>>;

  it('refunds a second paid checkout session of one bundle through Stripe, once', async () => {
    secondBuy = await processed('TWICE', { textMessages: 60, voiceNotes: 0, photos: 0 });
    const bundleId = secondBuy.final.bundleId!;
    // Two buyers open checkout for the same bundle (two tabs, two addresses): two sessions.
    const first = await createPaymentIntent(base(), bundleId, secondBuy.facts.buyer);
    const second = await createPaymentIntent(base(), bundleId, `second-${secondBuy.facts.buyer}`);
    const pageOf = (url: string) => url.replace('localhost', '127.0.0.1');
    expect(first.body.checkoutUrl).not.toBe(second.body.checkoutUrl);
    expect((await press(`${pageOf(first.body.checkoutUrl!)}/pay`)).status).toBe(303);
    await eventually(async () => (await paymentStatus(base(), bundleId)).body.isPaid, 15_000, 'paid');
    expect((await press(`${pageOf(second.body.checkoutUrl!)}/pay`)).status).toBe(303);

    const secondSession = second.body.checkoutUrl!.slice(second.body.checkoutUrl!.lastIndexOf('/') + 1);
    const refundsOf = async (sessionId: string) => {
      const { rows } = await database.query<{ id: string }>(
        `SELECT r.id FROM payment.local_stripe_objects r, payment.local_stripe_objects s
         WHERE s.id = $1 AND r.body ->> 'object' = 'refund' AND r.body ->> 'payment_intent' = s.body ->> 'payment_intent'`,
        [sessionId],
      );
      return rows.map((r) => r.id);
    };
    await eventually(async () => (await refundsOf(secondSession)).length > 0, 15_000, 'the refund');
    // Stripe's word on the session again (a late event, a repair) refunds nothing more.
    expect((await repairPayment(base(), bundleId)).status).toBe(200);
    const firstSession = first.body.checkoutUrl!.slice(first.body.checkoutUrl!.lastIndexOf('/') + 1);
    expect(await refundsOf(secondSession)).toHaveLength(1);
    expect(await refundsOf(firstSession)).toEqual([]);
    const { rows } = await database.query<{ id: string; refund_id: string | null }>(
      'SELECT id, refund_id FROM payment.checkout_sessions WHERE bundle_id = $1 ORDER BY created_at',
      [bundleId],
    );
    expect(rows).toEqual([
      { id: firstSession, refund_id: null },
      { id: secondSession, refund_id: (await refundsOf(secondSession))[0] },
    ]);
    // The first payment stands.
    expect((await paymentStatus(base(), bundleId)).body.isPaid).toBe(true);
  }, 120_000);

  it('after retention no row or file names anyone: free, unpaid, refused and bought exports, and contact messages after 90 days', async () => {
    const free = await processed('KEPTFREE', { textMessages: 5, voiceNotes: 1, photos: 1 });
    const unpaid = await processed('UNPAID', { textMessages: 60, voiceNotes: 0, photos: 0 });
    // Refused: its facts end in the dead letters.
    const refusedFacts = facts('REFUSED');
    const noChat = path.join(workDir, 'no-chat.zip');
    await writeFile(noChat, await yazlZip([{ path: 'photo.jpg', data: 'not a chat' }]));
    const refused = await uploadExport(base(), noChat, refusedFacts.options, refusedFacts.fileName);
    expect((await readProgress(base(), refused.body.clientId!)).events.at(-1)!.error).toBeDefined();
    const contact = {
      name: 'Philomena Contactperson',
      email: 'philomena.contact@example.net',
      subject: 'About my case',
      message: 'Please call me about the Quibbleworth matter as soon as you can.',
    };
    const sent = await fetch(`${base()}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(contact),
    });
    expect(sent.status).toBe(202);
    await eventually(
      async () => (await whereFound('Quibbleworth')).some((where) => where.startsWith('outbox')),
      15_000,
      'the contact mail in the outbox',
    );

    // The Exhibit mode's draft of the free export, which names someone in a redaction.
    const drafted = await fetch(`${base()}/api/whatsapp/export/${free.exportId}/exhibit-draft`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        selections: [{ message: 2 }],
        highlights: [],
        redactions: [{ kind: 'text-everywhere', text: 'Wolfeschlegel', reason: { category: 'minor-name' } }],
        rejectedSuggestions: [],
        settings: {
          label: '',
          context: '0',
          batesPrefix: '',
          batesStart: '',
          courtProfile: 'none',
          customMegabytes: '',
          sealedCopyMark: '',
        },
      }),
    });
    expect(drafted.status).toBe(200);

    const needles = [
      ...needlesOf(free.facts),
      'Wolfeschlegel',
      ...needlesOf(unpaid.facts),
      ...needlesOf(refusedFacts).filter((n) => n !== refusedFacts.buyer),
      ...needlesOf(secondBuy.facts),
      `second-${secondBuy.facts.buyer}`,
      ...PARTICIPANTS,
      contact.name,
      contact.email,
      'Quibbleworth',
    ];
    for (const needle of [refusedFacts.fileName, secondBuy.facts.buyer, 'Quibbleworth', 'Wolfeschlegel'])
      expect(await whereFound(needle)).not.toEqual([]);
    expect(
      (await whereFound(refusedFacts.options.caseNumber)).some((where) =>
        where.startsWith('work_queue.dead_letters'),
      ),
    ).toBe(true);

    // A contact message younger than its period stays, through a sweep that came after.
    const { rows: aged } = await database.query<{ at: Date }>(
      `UPDATE notification.contact_messages SET received_at = now() - interval '89 days' RETURNING now() AS at`,
    );
    await eventually(
      async () => {
        const { rows } = await database.query(
          `SELECT 1 FROM work_queue.job
           WHERE name = 'jobs.notification.forget-contacts' AND state = 'completed' AND created_on > $1`,
          [aged[0]!.at],
        );
        return rows.length > 0;
      },
      15_000,
      'a sweep after the contact message was aged',
    );
    expect(await whereFound(contact.email)).not.toEqual([]);
    // Every export past its date, the contact message past its 90 days.
    await database.query(`UPDATE payment.retention SET delete_after = now() - interval '1 minute'`);
    await database.query(`UPDATE notification.contact_messages SET received_at = now() - interval '91 days'`);
    await untilGone(needles, 'everything past its date is gone');
    for (const exportId of [free.exportId, unpaid.exportId, refused.body.clientId!, secondBuy.exportId])
      expect(await objectsOf(exportId)).toEqual([]);
    expect((await openSignedLink(base() + free.final.pdfUrl!)).status).toBe(410);
    expect((await paymentStatus(base(), secondBuy.final.bundleId!)).status).toBe(410);
  }, 240_000);
});
