import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  receiveUpload,
  stalledUpload,
  tooSlowUpload,
  UPLOAD_PACE,
  type UploadPace,
  UploadRefusedError,
} from '../src/uploads/receive-upload';

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
  /** The pace a test's upload is held to; the minimum rate's window is the real one unless a test says. */
  let pace: UploadPace;
  const tmpdir = process.env.TMPDIR;

  beforeEach(async () => {
    pace = { ...UPLOAD_PACE, idleTimeoutMs: IDLE_TIMEOUT_MS };
    spool = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-spool-test-'));
    process.env.TMPDIR = spool;
    let take!: (request: IncomingMessage) => void;
    const request = new Promise<IncomingMessage>((resolve) => (take = resolve));
    received = request.then(async (incoming) => {
      const upload = await receiveUpload(incoming, pace);
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
    await expect(received).rejects.toEqual(new UploadRefusedError(408, stalledUpload(IDLE_TIMEOUT_MS)));
    expect(stalledUpload(60_000)).toBe(
      'The upload stalled: nothing arrived for 60 seconds. Please check your connection and try again.',
    );
    // The spool folder is removed before the refusal is answered.
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

  it('cuts a body that keeps arriving slower than the minimum rate, with a sentence, and leaves nothing behind', async () => {
    // A window shorter than the idle timeout: the trickle never stalls, it is only too slow.
    pace = {
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      rateWindowMs: IDLE_TIMEOUT_MS / 2,
      minBytesPerWindow: 64 * 1024,
    };
    const client = await open();
    client.write(requestHead(port, 10 * 1024 * 1024) + fileHead);
    let refused = false;
    received.catch(() => (refused = true));
    // A kilobyte every tenth of the idle timeout until the upload is cut (ten windows at most).
    for (let i = 0; !refused && i < 50; i++) {
      client.write(Buffer.alloc(1024, 3));
      await sleep(IDLE_TIMEOUT_MS / 10);
    }
    await expect(received).rejects.toEqual(new UploadRefusedError(408, tooSlowUpload(pace)));
    expect(tooSlowUpload(UPLOAD_PACE)).toBe(
      'The upload was too slow: less than 64 KB arrived in 60 seconds. Please check your connection and try again.',
    );
    expect(await readdir(spool)).toEqual([]);
  });

  it('lets a body that brings the minimum in every window take several windows', async () => {
    pace = { idleTimeoutMs: IDLE_TIMEOUT_MS, rateWindowMs: IDLE_TIMEOUT_MS / 2, minBytesPerWindow: 1024 };
    // 16 KiB every tenth of the idle timeout, 1.5 times the idle timeout (three windows) in all.
    await expectReceivedWhenSentSlowly(Buffer.alloc(16 * 1024, 4));
  });
});
