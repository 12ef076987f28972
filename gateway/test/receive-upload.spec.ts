import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_REFUSALS, type UploadPace } from '@chatexhibit/proto/upload-refusals';
import {
  DEFAULT_UPLOAD_PACE,
  isBehindPace,
  receiveUpload,
  UploadRefusedError,
} from '../src/uploads/receive-upload';
import type { UploadSlot } from '../src/uploads/uploads-in-flight';

const BOUNDARY = 'chatexhibit-test-boundary';
const IDLE_TIMEOUT_MS = 1000;

/** The start of a multipart body whose file part has begun; the body then goes on or stalls. */
const fileHead =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="chat.zip"\r\n` +
  `Content-Type: application/zip\r\n\r\n`;
const fileTail = `\r\n--${BOUNDARY}--\r\n`;

const requestHead = (port: number, contentLength: number) =>
  `POST /api/whatsapp/process HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
  `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${contentLength}\r\n\r\n`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** receiveUpload on a real loopback server, its spool folders in a temp folder of the test's own. */
describe('receiveUpload', () => {
  let spool: string;
  let server: Server;
  let port: number;
  let received: Promise<unknown>;
  let socket: Socket | undefined;
  /** The pace a test's upload is held to: only the idle timeout counts unless a test says. */
  let pace: UploadPace;
  /** The slot a test's upload holds, if the test gives it one. */
  let slot: Pick<UploadSlot, 'signal' | 'arrived'> | undefined;
  const tmpdir = process.env.TMPDIR;

  beforeEach(async () => {
    pace = { ...DEFAULT_UPLOAD_PACE, idleTimeoutMs: IDLE_TIMEOUT_MS };
    slot = undefined;
    spool = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-spool-test-'));
    process.env.TMPDIR = spool;
    let take!: (request: IncomingMessage) => void;
    const request = new Promise<IncomingMessage>((resolve) => (take = resolve));
    received = request.then(async (incoming) => {
      const upload = await receiveUpload(incoming, pace, slot);
      await upload.discard();
      return upload.sizeBytes;
    });
    received.catch(() => undefined);
    server = createServer((incoming) => take(incoming));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  afterEach(async () => {
    socket?.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
    await rm(spool, { recursive: true, force: true });
  });

  const open = async (): Promise<Socket> => {
    socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket!.once('connect', resolve));
    return socket;
  };

  it('cuts a body that stops arriving, with a sentence, and leaves nothing behind', async () => {
    const client = await open();
    const content = Buffer.alloc(64 * 1024, 1);
    // The head and some of the file; then nothing more, the connection held open.
    client.write(requestHead(port, 10 * 1024 * 1024) + fileHead);
    client.write(content);
    await expect(received).rejects.toEqual(new UploadRefusedError(408, UPLOAD_REFUSALS.stalled(pace)));
    expect(UPLOAD_REFUSALS.stalled(DEFAULT_UPLOAD_PACE)).toBe(
      'The upload stalled: nothing arrived for 60 seconds. Please check your connection and try again.',
    );
    // The spool folder is removed before the refusal is answered.
    expect(await readdir(spool)).toEqual([]);
  });

  it('ends a body whose slot is taken for a newer upload, with a sentence to retry, and leaves nothing behind', async () => {
    const eviction = new AbortController();
    let arrived = 0;
    slot = { signal: eviction.signal, arrived: (bytes) => (arrived += bytes) };
    const client = await open();
    client.write(requestHead(port, 10 * 1024 * 1024) + fileHead);
    client.write(Buffer.alloc(64 * 1024, 1));
    while (arrived < 64 * 1024) await sleep(10);
    eviction.abort();
    await expect(received).rejects.toEqual(new UploadRefusedError(503, UPLOAD_REFUSALS.evicted));
    expect(await readdir(spool)).toEqual([]);
  });

  /** Sends a whole upload as 15 `chunk`s a tenth of the idle timeout apart; it is taken whole. */
  async function expectReceivedWhenSentSlowly(chunk: Buffer): Promise<void> {
    const client = await open();
    const chunks = 15;
    client.write(requestHead(port, fileHead.length + chunks * chunk.length + fileTail.length) + fileHead);
    for (let i = 0; i < chunks; i++) {
      client.write(chunk);
      await sleep(IDLE_TIMEOUT_MS / 10);
    }
    client.write(fileTail);
    await expect(received).resolves.toBe(chunks * chunk.length);
    expect(await readdir(spool)).toEqual([]);
  }

  it('lets a slow body that keeps arriving take longer than the idle timeout', async () => {
    // 1 KiB every tenth of the idle timeout, 1.5 times the idle timeout in all.
    await expectReceivedWhenSentSlowly(Buffer.alloc(1024, 2));
  });

  /** Sends a kilobyte every tenth of the idle timeout (never a stall) until the upload is refused. */
  async function trickleUntilRefused(declaredLength: number): Promise<void> {
    const client = await open();
    client.write(requestHead(port, declaredLength) + fileHead);
    let refused = false;
    received.catch(() => (refused = true));
    for (let i = 0; !refused && i < 100; i++) {
      client.write(Buffer.alloc(1024, 3));
      await sleep(IDLE_TIMEOUT_MS / 10);
    }
  }

  it('cuts a body whose average rate stays under the minimum after the grace, with a sentence, and leaves nothing behind', async () => {
    pace = { ...pace, graceMs: IDLE_TIMEOUT_MS / 2, minBytesPerSecond: 64 * 1024 };
    await trickleUntilRefused(10 * 1024 * 1024);
    await expect(received).rejects.toEqual(new UploadRefusedError(408, UPLOAD_REFUSALS.tooSlow(pace)));
    expect(UPLOAD_REFUSALS.tooSlow(DEFAULT_UPLOAD_PACE)).toBe(
      'The upload is arriving too slowly to finish within 20 minutes (it needs at least 8 KB a second). Please try again on a faster connection.',
    );
    expect(await readdir(spool)).toEqual([]);
  });

  it('cuts a body over the minimum rate that would not bring its declared length before its time is up', async () => {
    // 10 KiB/s is well over the minimum; 10 MiB would take 1,000 s, and the upload has 30.
    pace = { ...pace, graceMs: IDLE_TIMEOUT_MS / 2, minBytesPerSecond: 1, maxDurationMs: 30_000 };
    await trickleUntilRefused(10 * 1024 * 1024);
    await expect(received).rejects.toEqual(new UploadRefusedError(408, UPLOAD_REFUSALS.tooSlow(pace)));
    expect(await readdir(spool)).toEqual([]);
  });

  it('cuts a body that takes longer than the longest upload, whatever its pace', async () => {
    pace = { ...pace, maxDurationMs: IDLE_TIMEOUT_MS * 2 };
    await trickleUntilRefused(10 * 1024 * 1024);
    await expect(received).rejects.toEqual(new UploadRefusedError(408, UPLOAD_REFUSALS.tookTooLong(pace)));
    expect(UPLOAD_REFUSALS.tookTooLong(DEFAULT_UPLOAD_PACE)).toBe(
      'The upload took longer than 20 minutes. Please try again on a faster connection.',
    );
    expect(await readdir(spool)).toEqual([]);
  });

  it('lets a body that keeps the pace after its grace take several seconds', async () => {
    pace = { ...pace, graceMs: IDLE_TIMEOUT_MS / 5, minBytesPerSecond: 1024 };
    // 16 KiB every tenth of the idle timeout: 160 KiB/s, 1.5 s in all.
    await expectReceivedWhenSentSlowly(Buffer.alloc(16 * 1024, 4));
  });
});

describe('isBehindPace', () => {
  const pace: UploadPace = {
    idleTimeoutMs: 60_000,
    graceMs: 30_000,
    minBytesPerSecond: 8192,
    maxDurationMs: 1_200_000,
  };
  const MiB = 1024 * 1024;

  it('holds no upload to a rate during its grace', () => {
    expect(isBehindPace(pace, 29_999, 0, 100 * MiB)).toBe(false);
  });

  it('after the grace, wants the minimum average rate, declared length or not', () => {
    expect(isBehindPace(pace, 60_000, 60 * 8192, Number.NaN)).toBe(false);
    expect(isBehindPace(pace, 60_000, 60 * 8192 - 1, Number.NaN)).toBe(true);
    // 20 slots' worth of the attack: 1.2 KB/s.
    expect(isBehindPace(pace, 60_000, 60 * 1200, 2 * MiB)).toBe(true);
  });

  it('wants a pace that brings the rest of the declared length before the upload’s time is up', () => {
    // 100 MiB in 20 minutes needs about 85 KiB/s: at 100 KiB/s it is on time, at 50 KiB/s not.
    expect(isBehindPace(pace, 60_000, 60 * 100 * 1024, 100 * MiB)).toBe(false);
    expect(isBehindPace(pace, 60_000, 60 * 50 * 1024, 100 * MiB)).toBe(true);
    // Whatever the rate, a body that brought all it declared is not behind.
    expect(isBehindPace(pace, 1_000_000, 100 * MiB, 100 * MiB)).toBe(false);
  });
});
