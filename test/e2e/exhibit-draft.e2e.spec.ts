import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { ExhibitDraft } from '@chatexhibit/proto/exhibit-spec';
import { NOT_FOUND_MESSAGE } from '@chatexhibit/proto/http-api';
import { JSON_BODY_MAX_BYTES } from '@chatexhibit/proto/http-limits';
import { fetchWithoutCookies } from '../support/browser-cookies';
import { eventually } from '../support/eventually';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

const DRAFT: ExhibitDraft = {
  selections: [{ message: 2 }, { from: 4, to: 6 }],
  highlights: [5],
  redactions: [
    { kind: 'text-everywhere', text: 'Quackenbush', replaceWith: 'Q.', reason: { category: 'minor-name' } },
  ],
  rejectedSuggestions: ['3:12:23'],
  settings: {
    label: 'Exhibit P-7',
    context: '1',
    batesPrefix: 'SMITH',
    batesStart: '12',
    courtProfile: 'custom',
    customMegabytes: '1.',
    sealedCopyMark: 'filed-under-seal',
  },
};

/**
 * The Exhibit mode's draft through the API against `npm start` (issue "Nothing private reaches a
 * public docket", item 10): saved and read back with the cookie that binds the export, refused
 * without it as an unknown id is, checked with the spec's schemas and size-bounded, and deleted
 * with its export.
 */
describe('exhibit draft API (standalone)', () => {
  const standalone = useStandalone();
  let workDir: string;
  let database: Client;
  let exportId: string;
  const draftUrl = (id: string) => `${standalone.baseUrl}/api/whatsapp/export/${id}/exhibit-draft`;
  const put = (body: unknown) =>
    fetch(draftUrl(exportId), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const draftRows = async (): Promise<number> =>
    (
      await database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pdf.exhibit_drafts WHERE export_id = $1',
        [exportId],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-draft-'));
    database = new Client({ connectionString: standalone.databaseUrl });
    // The app's PostgreSQL may stop first when the file ends.
    database.on('error', () => undefined);
    await database.connect();
    const chat = await writeWhatsAppExport(workDir, { textMessages: 8, voiceNotes: 0, photos: 0 });
    exportId = (await uploadExport(standalone.baseUrl, chat.zipPath)).body.clientId!;
    expect((await readProgress(standalone.baseUrl, exportId)).events.at(-1)!.done).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await database?.end();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('has none at first; saves a draft and reads it back, the newer replacing the older', async () => {
    const none = await fetch(draftUrl(exportId));
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ draft: null, savedAt: null });

    const saved = await put({ ...DRAFT, highlights: [] });
    expect(saved.status).toBe(200);
    expect(await put(DRAFT).then((response) => response.status)).toBe(200);
    const { savedAt } = (await (await put(DRAFT)).json()) as { savedAt: string };
    expect(new Date(savedAt).toISOString()).toBe(savedAt);

    expect(await (await fetch(draftUrl(exportId))).json()).toEqual({ draft: DRAFT, savedAt });
    expect(await draftRows()).toBe(1);
  });

  it('refuses it without the cookie that binds the export, as it refuses an unknown id', async () => {
    const unknown = draftUrl(randomUUID());
    const saving = {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...DRAFT, highlights: [1] }),
    };
    for (const [url, init] of [
      [draftUrl(exportId), undefined],
      [unknown, undefined],
      [draftUrl(exportId), saving],
      [unknown, saving],
    ] as const) {
      const response = await fetchWithoutCookies(url, init);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe(NOT_FOUND_MESSAGE);
    }
    // The stranger's draft replaced nothing.
    expect(((await (await fetch(draftUrl(exportId))).json()) as { draft: ExhibitDraft }).draft).toEqual(
      DRAFT,
    );
  });

  it('checks it with the spec’s schemas, the field first, and refuses one over the JSON body limit', async () => {
    const refused = await put({
      ...DRAFT,
      redactions: [{ kind: 'phone-number', number: '12', reason: { category: 'other' } }],
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^redactions\[0\]\.number: /);
    const unknownKey = await put({ ...DRAFT, selection: [] });
    expect(unknownKey.status).toBe(400);

    const tooLarge = await put({
      ...DRAFT,
      rejectedSuggestions: Array.from({ length: JSON_BODY_MAX_BYTES / 10 }, (_, i) => `${i}:1:2`),
    });
    expect(tooLarge.status).toBe(413);
    expect(((await (await fetch(draftUrl(exportId))).json()) as { draft: ExhibitDraft }).draft).toEqual(
      DRAFT,
    );
  });

  it('is deleted with its export: its routes answer 410 EXPORT_DELETED and its row is gone', async () => {
    expect(await draftRows()).toBe(1);
    const deleted = await fetch(`${standalone.baseUrl}/api/whatsapp/export/${exportId}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
    for (const response of [await fetch(draftUrl(exportId)), await put(DRAFT)]) {
      expect(response.status).toBe(410);
      expect(((await response.json()) as { reason: string }).reason).toBe('EXPORT_DELETED');
    }
    // The services delete their rows after the answer, through the export's expiry jobs.
    await eventually(async () => (await draftRows()) === 0, 30_000, 'the draft row deleted');
  });
});
