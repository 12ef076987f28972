// Security round, low findings: one address could fill the disk within its hourly upload limit
// (a 22.5 MB upload is stored as about 90 MB, an unbought export kept 3 days), until the disk
// watermark refused everyone's uploads; and the hourly limit's 429 said when to come back only
// in a header of its own (`Retry-After-uploads`).
import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UNFINISHED_EXPORT_RETENTION_DAYS } from '@chatexhibit/proto/constants';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { UPLOAD_REFUSALS } from '@chatexhibit/proto/upload-refusals';
import { yazlZip } from '../../services/ingest/test/support/hostile-zips';
import { readProgress } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';

const QUOTA_MIB = 1;
/** The operator's hourly upload limit, under the default and over the 5 uploads any other test sends from one address. */
const UPLOADS_PER_HOUR = 12;
/**
 * An upload of 250 KiB, which unpacks to as much again: two (1000 KiB, the uploads and what they
 * unpacked to) fit the test's quota of 1 MiB, a third does not.
 */
const UPLOAD_BYTES = 250 * 1024;
/** Zeros, which a ZIP stores in about a kilobyte: unpacked, more than half the quota. */
const ZEROS_BYTES = 600 * 1024;

describe("a client's share of storage (UPLOAD_QUOTA_MB) and the upload limits' Retry-After", () => {
  // Behind a proxy on loopback, so that each test address (X-Forwarded-For) is a client of its own.
  const standalone = useStandalone({
    TRUST_PROXY: 'loopback',
    TEST_CHECKOUT: 'true',
    UPLOAD_QUOTA_MB: String(QUOTA_MIB),
    UPLOADS_PER_HOUR: String(UPLOADS_PER_HOUR),
  });
  let zipPath: string;
  let zerosPath: string;
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-quota-'));
    // Random bytes, stored: the upload weighs what it holds. No chat in it, so processing ends at once.
    zipPath = path.join(workDir, 'export.zip');
    await writeFile(
      zipPath,
      await yazlZip([{ path: 'photo.jpg', data: randomBytes(UPLOAD_BYTES), compress: false }]),
    );
    zerosPath = path.join(workDir, 'zeros.zip');
    await writeFile(zerosPath, await yazlZip([{ path: 'photo.jpg', data: Buffer.alloc(ZEROS_BYTES) }]));
  });
  afterAll(() => workDir && rm(workDir, { recursive: true, force: true }));

  const upload = async (address: string, fileName = 'export.zip', file = zipPath) => {
    const form = new FormData();
    form.set('file', await openAsBlob(file), fileName);
    const response = await fetch(`${standalone.baseUrl}/api/whatsapp/process`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { clientId?: string; code?: string; message?: string },
      retryAfter: response.headers.get('retry-after'),
      headers: [...response.headers.keys()],
    };
  };

  it('says at start that payments use the test checkout, which behind the proxy only TEST_CHECKOUT=true turns on', () => {
    expect(
      standalone.app.lines.filter((line) => line.includes('payments use the local test checkout')),
    ).toHaveLength(1);
  });

  /** The last progress event of an export: once it is sent, what it unpacked to is counted. */
  const finalEvent = async (clientId: string | undefined) =>
    (await readProgress(standalone.baseUrl, clientId!)).events.at(-1);

  it('refuses an address whose unbought exports hold its quota, with the sentence and when the oldest expires, until it deletes one', async () => {
    const first = await upload('198.51.100.7');
    await finalEvent(first.body.clientId);
    const second = await upload('198.51.100.7');
    await finalEvent(second.body.clientId);
    expect([first.status, second.status]).toEqual([201, 201]);

    const refused = await upload('198.51.100.7');
    expect([refused.status, refused.body]).toEqual([
      429,
      { code: 'RATE_LIMITED', message: UPLOAD_REFUSALS.quotaFull(QUOTA_MIB * 1024 * 1024) },
    ]);
    // Neither export is processed to a decision (no chat): each is kept a day after its upload.
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(UNFINISHED_EXPORT_RETENTION_DAYS * 86_400);

    // Another address has a quota of its own.
    expect((await upload('203.0.113.9')).status).toBe(201);

    // Deleting one of its exports frees its share.
    const deleted = await fetch(`${standalone.baseUrl}/api/whatsapp/export/${first.body.clientId}`, {
      method: 'DELETE',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(deleted.status).toBe(204);
    expect((await upload('198.51.100.7')).status).toBe(201);
  });

  it("holds an address to the operator's hourly upload limit (UPLOADS_PER_HOUR), answering its 429 with a standard Retry-After, and no header of its own", async () => {
    expect(UPLOADS_PER_HOUR).toBeLessThan(HTTP_LIMITS.uploadsPerHour);
    // Any request to the route counts, a refused one too: a name that is not a ZIP is answered 415 at once.
    for (let i = 0; i < UPLOADS_PER_HOUR; i++)
      expect((await upload('192.0.2.44', 'notes.txt')).status).toBe(415);
    const limited = await upload('192.0.2.44', 'notes.txt');
    expect([limited.status, limited.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(limited.retryAfter).toMatch(/^\d+$/);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(3600);
    expect(limited.headers.filter((name) => /^(retry-after-|x-ratelimit-)/.test(name))).toEqual([]);
  });

  it('counts what an upload unpacks to: a ZIP of a kilobyte that unpacks past the quota is refused, and then holds nothing', async () => {
    const first = await upload('198.51.100.80', 'zeros.zip', zerosPath);
    expect(first.status).toBe(201);
    // Its only export: admitted whatever it unpacks to (no chat in it, so it ends there).
    expect((await finalEvent(first.body.clientId))?.error).not.toBe(
      UPLOAD_REFUSALS.unpackedOverQuota(QUOTA_MIB * 1024 * 1024),
    );

    const second = await upload('198.51.100.80', 'zeros.zip', zerosPath);
    expect(second.status).toBe(201);
    expect((await finalEvent(second.body.clientId))?.error).toBe(
      UPLOAD_REFUSALS.unpackedOverQuota(QUOTA_MIB * 1024 * 1024),
    );
    // Refused, it holds nothing: the address still has room for a small upload.
    const third = await upload('198.51.100.80', 'zeros.zip', zerosPath);
    expect(third.status).toBe(201);
  });
});
