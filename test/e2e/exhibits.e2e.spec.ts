import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { ExhibitMessagesResponse } from '@chatexhibit/proto/exhibit-api';
import { EXHIBIT_PATHS } from '@chatexhibit/proto/exhibit-files';
import { NOT_FOUND_MESSAGE } from '@chatexhibit/proto/http-api';
import {
  ALL_EXHIBIT_FILES,
  downloadExhibit,
  EXHIBIT_SPEC,
  pdfText,
  postExhibit,
  SECRETS,
  writeExhibitExport,
} from '../support/exhibit-client';
import { eventually } from '../support/eventually';
import { openLink, readProgress, uploadExport } from '../support/pipeline-client';
import { writeWhatsAppExport } from '../support/whatsapp-export';
import { useStandalone } from '../support/standalone';
import { EXHIBIT_DRAWINGS } from '@chatexhibit/pdf/use-cases/make-exhibit/make-exhibit.use-case';

const run = promisify(execFile);

/**
 * Exhibits through the API against `npm start`: a free export's numbered messages, an exhibit
 * with context, a highlight and three redactions made from them, its files behind signed links;
 * refused specs, locked exports and deleted ones.
 */
describe('exhibits API (standalone)', () => {
  const standalone = useStandalone();
  let workDir: string;
  let database: Client;
  let exportId: string;
  const base = () => standalone.baseUrl;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-exhibits-'));
    database = new Client({ connectionString: standalone.databaseUrl });
    // The app's PostgreSQL may stop first when the file ends.
    database.on('error', () => undefined);
    await database.connect();
    const chat = await writeExhibitExport(workDir);
    exportId = (await uploadExport(base(), chat.zipPath)).body.clientId!;
    expect((await readProgress(base(), exportId)).events.at(-1)!.done).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await database?.end();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  /**
   * An export of `messages` messages, each of `characters` CJK characters no other message has
   * (the font subset grows with each), uploaded and processed; its id.
   */
  const processedCjkExport = async (messages: number, characters: number): Promise<string> => {
    const texts = Array.from({ length: messages }, (_, m) =>
      Array.from({ length: characters }, (_, c) => String.fromCodePoint(0x4e00 + m * characters + c)).join(
        '',
      ),
    );
    const chat = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'cjk-')), {
      textMessages: messages,
      voiceNotes: 0,
      photos: 0,
      texts,
    });
    const id = (await uploadExport(base(), chat.zipPath)).body.clientId!;
    expect((await readProgress(base(), id)).events.at(-1)!.done).toBe(true);
    return id;
  };

  it('lists the messages as the transcript numbers and draws them, a page at a time', async () => {
    const response = await fetch(`${base()}/api/whatsapp/export/${exportId}/messages?from=3&limit=3`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as ExhibitMessagesResponse;
    expect(page).toMatchObject({
      totalMessages: 17,
      participants: ['Alex Rivera', 'Sam Porter'],
      timeZone: expect.any(String),
    });
    expect(page.messages.map((m) => [m.number, m.sender, m.type])).toEqual([
      [3, 'Sam Porter', 'text'],
      [4, 'Alex Rivera', 'text'],
      [5, 'Sam Porter', 'text'],
    ]);
    expect(page.messages[1]!.content).toBe(
      `For the landlord form: my SSN is ${SECRETS.ssn}, please keep it private.`,
    );
    const all = (await (
      await fetch(`${base()}/api/whatsapp/export/${exportId}/messages`)
    ).json()) as ExhibitMessagesResponse;
    expect(all.messages.map((m) => m.number)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    const refused = await fetch(`${base()}/api/whatsapp/export/${exportId}/messages?from=0`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'from must be a message number, from 1',
    );
    // Past what the database stores: refused, never a 500.
    const past = await fetch(`${base()}/api/whatsapp/export/${exportId}/messages?from=2147483648`);
    expect(past.status).toBe(400);
    expect(((await past.json()) as { message: string }).message).toBe(
      'from must be a message number, at most 2147483647',
    );
  });

  it('makes the exhibit; every file downloads by its link, the exhibit lacks the three secrets and the sealed copy holds them', async () => {
    const { status, body } = await postExhibit(base(), exportId, EXHIBIT_SPEC);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      included: 'messages 0002–0009 and 0011–0013 of 17',
      redactions: 3,
      warnings: [],
    });
    expect(body.files.map((file) => file.name).sort()).toEqual(ALL_EXHIBIT_FILES);
    const dir = await mkdtemp(path.join(workDir, 'exhibit-'));
    const files = await downloadExhibit(base(), body, dir);
    const exhibitPdf = files.find((file) => file.name === EXHIBIT_PATHS.exhibit)!;
    expect(exhibitPdf.contentType).toBe('application/pdf');
    expect(exhibitPdf.disposition).toBe(`inline; filename*=UTF-8''${encodeURIComponent('exhibit.pdf')}`);
    expect(files.find((file) => file.name === EXHIBIT_PATHS.redactionLogCsv)!.contentType).toMatch(
      /^text\/csv/,
    );
    const exhibit = await pdfText(dir, EXHIBIT_PATHS.exhibit);
    const sealed = await pdfText(dir, EXHIBIT_PATHS.sealed);
    for (const secret of Object.values(SECRETS)) {
      expect(exhibit).not.toContain(secret);
      expect(sealed).toContain(secret);
    }
    expect(exhibit).toContain('… 1 message omitted (0010) …');
    // Recorded in the pdf service's database, with what was answered.
    const { rows } = await database.query<{ files: Array<{ name: string; sha256: string }> }>(
      'SELECT files FROM pdf.exhibits WHERE id = $1 AND export_id = $2',
      [body.exhibitId, exportId],
    );
    expect(rows[0]!.files.map(({ name, sha256 }) => ({ name, sha256 }))).toEqual(
      body.files.map(({ name, sha256 }) => ({ name, sha256 })),
    );
    // A link altered, or to a file or exhibit the export does not have.
    const exhibitUrl = body.files.find((file) => file.name === EXHIBIT_PATHS.exhibit)!.url;
    expect((await fetch(`${base()}${exhibitUrl.replace('signature=', 'signature=0')}`)).status).toBe(403);
    const otherFile = exhibitUrl.replace(`/${EXHIBIT_PATHS.exhibit}?`, '/transcript.pdf?');
    expect((await fetch(`${base()}${otherFile}`)).status).toBe(403);
  }, 180_000);

  it('makes an exhibit that leaves Rule 5.2(a) suggestions unredacted, and says so in its warnings, as /api/docs describes', async () => {
    const { status, body } = await postExhibit(base(), exportId, {
      ...EXHIBIT_SPEC,
      redactions: [EXHIBIT_SPEC.redactions[1]],
      // Numbered clear of the exhibit made above.
      batesPrefix: 'DOE-W',
    });
    expect(status).toBe(201);
    expect(body.warnings).toEqual([
      'message 0004 has what looks like a Social Security number, not redacted: Fed. R. Civ. P. 5.2(a)(1) lets a filing show only its last four digits.',
      'message 0008 has what looks like a date of birth, not redacted: Fed. R. Civ. P. 5.2(a)(2) lets a filing show only its year.',
    ]);
    const docs = JSON.stringify(await (await fetch(`${base()}/api/docs/openapi.json`)).json());
    expect(docs).toContain('Fed. R. Civ. P. 5.2(a) identifier');
  }, 180_000);

  it('refuses a spec naming the field: the schema’s sentence, and the plan’s for a redaction not in its message', async () => {
    const invalid = await postExhibit(base(), exportId, {
      ...EXHIBIT_SPEC,
      redactions: [{ ...EXHIBIT_SPEC.redactions[0], reason: { category: 'other' } }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(
      'redactions[0].reason.note: a reason of category "other" needs a note saying what it is',
    );
    const unfit = await postExhibit(base(), exportId, {
      ...EXHIBIT_SPEC,
      redactions: [{ ...EXHIBIT_SPEC.redactions[0], text: '987-65-4321' }],
    });
    expect(unfit).toEqual({
      status: 400,
      body: {
        code: 'INVALID_REQUEST',
        reason: 'SPEC_DOES_NOT_FIT',
        message: 'redactions[0].text: "987-65-4321" is not in the text of message 0004',
      },
    });
    const unknownKey = await postExhibit(base(), exportId, { ...EXHIBIT_SPEC, redaction: [] });
    expect(unknownKey).toEqual({
      status: 400,
      body: { code: 'INVALID_REQUEST', message: 'unknown key "redaction": did you mean "redactions"?' },
    });
  }, 60_000);

  it('draws one exhibit at a time with two waiting, and refuses more at once with 503 BUSY and Retry-After (security round two: four at once took 5 GB)', async () => {
    const spec = { label: 'Exhibit Q', selections: [{ from: 1, to: 16 }] };
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const response = await fetch(`${base()}/api/whatsapp/export/${exportId}/exhibits`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(spec),
        });
        const body = (await response.json()) as { reason?: string; message?: string };
        return {
          status: response.status,
          reason: body.reason,
          retryAfter: response.headers.get('retry-after'),
        };
      }),
    );
    const made = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    // Each drawing takes a worker's start at least: the five arrive while the first is drawn.
    expect(made).toHaveLength(EXHIBIT_DRAWINGS.running + EXHIBIT_DRAWINGS.waiting);
    expect(refused).toEqual(
      Array.from({ length: 5 - made.length }, () => ({ status: 503, reason: 'BUSY', retryAfter: '60' })),
    );
  }, 120_000);

  it('refuses a size limit one page alone passes, naming the page, its messages, its size and the limit that fits, never with a 500', async () => {
    // Thousands of different CJK characters on a page: the font that draws them passes 250,000 bytes.
    const id = await processedCjkExport(12, 400);
    const { status, body } = await postExhibit(base(), id, {
      label: 'Exhibit C',
      selections: [{ from: 1, to: 12 }],
      courtProfile: { maxFileBytes: 250_000 },
    });
    expect({ status, reason: body.reason }).toEqual({ status: 400, reason: 'SPEC_DOES_NOT_FIT' });
    expect(body.message).toMatch(
      /^Page \d+ of exhibit\.pdf \(messages \d{4}–\d{4}\) alone makes a volume of [\d,]+ bytes, over the size limit of 250,000 bytes per file, so no split into volumes keeps it under\. It shows no picture: its text and the fonts that draw it take that room, so choose a limit of at least [\d,]+ bytes, if the court accepts one\.$/,
    );
  }, 120_000);

  it('makes an exhibit split into volumes for its size limit, each volume served by its link and checked by SHA256SUMS', async () => {
    // A hundred different CJK characters a message: the pages fit 250,000 bytes, the whole does not.
    const id = await processedCjkExport(40, 100);
    const { status, body } = await postExhibit(base(), id, {
      label: 'Exhibit V',
      selections: [{ from: 1, to: 40 }],
      redactions: [{ kind: 'message', message: 3, reason: { category: 'other', note: 'not relevant' } }],
      courtProfile: { maxFileBytes: 250_000 },
    });
    expect({ status, message: body.message }).toEqual({ status: 201, message: undefined });
    const volumes = body.files.map((file) => file.name).filter((name) => name.includes('-volume-'));
    expect(volumes.filter((name) => name.startsWith('exhibit-volume-')).length).toBeGreaterThan(1);
    expect(volumes.filter((name) => name.startsWith('exhibit-sealed-volume-')).length).toBeGreaterThan(1);
    const dir = await mkdtemp(path.join(workDir, 'volumes-exhibit-'));
    const files = await downloadExhibit(base(), body, dir);
    for (const volume of files.filter((file) => volumes.includes(file.name))) {
      expect(volume.contentType).toBe('application/pdf');
      expect(volume.bytes.length).toBeLessThanOrEqual(250_000);
    }
    await run('sha256sum', ['-c', EXHIBIT_PATHS.checksums], { cwd: dir });
  }, 180_000);

  it('refuses Bates numbers the filing copy or an earlier exhibit of the export carries, naming both ranges and a start that is clear', async () => {
    const chat = await writeExhibitExport(await mkdtemp(path.join(workDir, 'bates-')));
    const numbered = (await uploadExport(base(), chat.zipPath, { batesPrefix: 'DOE', batesStart: 1000 })).body
      .clientId!;
    expect((await readProgress(base(), numbered)).events.at(-1)!.done).toBe(true);
    const { rows: documents } = await database.query<{ page_count: number }>(
      `SELECT page_count FROM pdf.documents WHERE export_id = $1 AND kind = 'filing-transcript'`,
      [numbered],
    );
    const filingLast = 1000 + documents[0]!.page_count - 1;
    const label = (n: number) => `DOE${String(n).padStart(6, '0')}`;
    // EXHIBIT_SPEC numbers from DOE001001, inside the filing copy's DOE001000 onwards.
    const onFiling = await postExhibit(base(), numbered, EXHIBIT_SPEC);
    expect(onFiling.status).toBe(400);
    expect(onFiling.body).toMatchObject({ code: 'INVALID_REQUEST', reason: 'SPEC_DOES_NOT_FIT' });
    const pages = Number(onFiling.body.message!.match(/numbered DOE001001 to DOE(\d{6})/)![1]) - 1000;
    expect(onFiling.body.message).toBe(
      `batesStart: the exhibit's pages would be numbered ${label(1001)} to ${label(1000 + pages)}, which repeats ` +
        `numbers transcript-filing.pdf carries (${label(1000)} to ${label(filingLast)}); a batesStart of ` +
        `${filingLast + 1} (${label(filingLast + 1)} to ${label(filingLast + pages)}) repeats none`,
    );
    const made = await postExhibit(base(), numbered, { ...EXHIBIT_SPEC, batesStart: filingLast + 1 });
    expect(made.status).toBe(201);
    const { rows } = await database.query(
      'SELECT label, bates_prefix, bates_first, bates_last FROM pdf.exhibits WHERE id = $1',
      [made.body.exhibitId],
    );
    expect(rows).toEqual([
      {
        label: 'Exhibit P-7',
        bates_prefix: 'DOE',
        bates_first: filingLast + 1,
        bates_last: filingLast + pages,
      },
    ]);
    // The same numbers again, now an earlier exhibit's.
    const again = await postExhibit(base(), numbered, { ...EXHIBIT_SPEC, batesStart: filingLast + 2 });
    expect(again).toEqual({
      status: 400,
      body: {
        code: 'INVALID_REQUEST',
        reason: 'SPEC_DOES_NOT_FIT',
        message:
          `batesStart: the exhibit's pages would be numbered ${label(filingLast + 2)} to ${label(filingLast + pages + 1)}, ` +
          `which repeats numbers exhibit "Exhibit P-7" (${made.body.exhibitId}) carries (${label(filingLast + 1)} to ` +
          `${label(filingLast + pages)}); a batesStart of ${filingLast + pages + 1} (${label(filingLast + pages + 1)} to ` +
          `${label(filingLast + 2 * pages)}) repeats none`,
      },
    });
    // Refused exhibits leave no files.
    const exhibits = path.join(standalone.dataDir, 'objects', 'exports', numbered, 'exhibits');
    expect(await readdir(exhibits)).toEqual([made.body.exhibitId]);
  }, 180_000);

  it('cuts documents recorded before page counts were when they carry no Bates numbers, and asks to upload again when they do', async () => {
    const forget = (id: string) =>
      database.query(`UPDATE pdf.documents SET page_count = NULL WHERE export_id = $1`, [id]);
    const unnumbered = await writeExhibitExport(await mkdtemp(path.join(workDir, 'old-')));
    const plain = (await uploadExport(base(), unnumbered.zipPath)).body.clientId!;
    expect((await readProgress(base(), plain)).events.at(-1)!.done).toBe(true);
    await forget(plain);
    expect((await postExhibit(base(), plain, EXHIBIT_SPEC)).status).toBe(201);

    const numberedChat = await writeExhibitExport(await mkdtemp(path.join(workDir, 'old-bates-')));
    const numbered = (await uploadExport(base(), numberedChat.zipPath, { batesPrefix: 'OLD' })).body
      .clientId!;
    expect((await readProgress(base(), numbered)).events.at(-1)!.done).toBe(true);
    await forget(numbered);
    expect((await postExhibit(base(), numbered, EXHIBIT_SPEC)).status).toBe(404);
  }, 180_000);

  it('answers 404 for an export waiting for payment, as for one that does not exist', async () => {
    const large = await writeExhibitExport(await mkdtemp(path.join(workDir, 'large-')), 60);
    const unpaid = (await uploadExport(base(), large.zipPath)).body.clientId!;
    expect((await readProgress(base(), unpaid)).events.at(-1)!.requiresPayment).toBe(true);
    for (const response of [
      await fetch(`${base()}/api/whatsapp/export/${unpaid}/messages`),
      (await postExhibit(base(), unpaid, EXHIBIT_SPEC)) as unknown as Response,
    ]) {
      expect(response.status).toBe(404);
    }
    const unknown = await postExhibit(base(), '3f0e1f5a-0000-4000-8000-000000000000', EXHIBIT_SPEC);
    expect(unknown).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE } });
  }, 120_000);

  it('deletes the exhibits with their export: the links answer 410 EXPORT_DELETED, no file or row is left', async () => {
    // Numbered clear of the exhibit made above.
    const { body } = await postExhibit(base(), exportId, { ...EXHIBIT_SPEC, batesPrefix: 'DOE-2' });
    const folder = path.join(standalone.dataDir, 'objects', 'exports', exportId, 'exhibits', body.exhibitId);
    expect(existsSync(folder)).toBe(true);
    expect((await fetch(`${base()}/api/whatsapp/export/${exportId}`, { method: 'DELETE' })).status).toBe(204);
    for (const file of body.files) {
      const response = await openLink(base(), file.url);
      expect(response.status).toBe(410);
      expect(((await response.json()) as { reason: string }).reason).toBe('EXPORT_DELETED');
    }
    expect((await postExhibit(base(), exportId, EXHIBIT_SPEC)).body.reason).toBe('EXPORT_DELETED');
    // The pdf service's expiry job runs after the answer.
    const gone = async () =>
      !existsSync(path.join(standalone.dataDir, 'objects', 'exports', exportId, 'exhibits')) &&
      (await database.query('SELECT 1 FROM pdf.exhibits WHERE export_id = $1', [exportId])).rowCount === 0;
    await eventually(gone);
  }, 120_000);
});
