import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import { UPLOAD_REFUSALS } from '@chatexhibit/proto/upload-refusals';
import { eventually } from '../support/eventually';
import { readProgress, uploadExport } from '../support/pipeline-client';
import { useStandalone } from '../support/standalone';
import { writeWhatsAppExport } from '../support/whatsapp-export';

const BOUNDARY = 'chatexhibit-slots-test';
/** The pace, scaled down for the test: a grace of 1 s, then at least 1 KiB/s. */
const GRACE_SECONDS = 1;
const MIN_BYTES_PER_SECOND = 1024;

/** An upload that keeps arriving just fast enough, until the server answers it or the test stops it. */
interface Trickle {
  /** Everything the server wrote, once it closed the connection. */
  answer: Promise<string>;
  stop(): void;
}

/**
 * Finding M6's attack, scaled down: every upload slot held by trickles from four networks, each
 * over the pace floor (a kilobyte every tenth of a second: 10 times the test's minimum rate,
 * declaring 1 MiB, which that pace brings well within the 20 minutes).
 */
describe('every upload slot held by trickles that keep the pace (finding M6)', () => {
  const standalone = useStandalone({
    TRUST_PROXY: 'loopback',
    TEST_CHECKOUT: 'true',
    UPLOAD_MIN_BYTES_PER_SECOND: String(MIN_BYTES_PER_SECOND),
    UPLOAD_PACE_GRACE_SECONDS: String(GRACE_SECONDS),
  });
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-slots-'));
  });
  afterAll(() => workDir && rm(workDir, { recursive: true, force: true }));

  const spooled = async () => (await readdir(path.join(standalone.dataDir, 'tmp'))).length;

  function trickle(forwardedFor: string): Trickle {
    const socket = connect(standalone.port, '127.0.0.1');
    socket.on('error', () => undefined);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/whatsapp/process HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${forwardedFor}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${1024 * 1024}\r\n\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="chat.zip"\r\n\r\n`,
    );
    const timer = setInterval(() => socket.write(Buffer.alloc(1024, 7)), 100);
    const stop = () => {
      clearInterval(timer);
      socket.destroy();
    };
    void closed.then(() => clearInterval(timer));
    return { answer: closed.then(() => text), stop };
  }

  it('gives a fresh honest upload a place, ending the trickle furthest from finishing with a sentence to retry', async () => {
    const trickles: Trickle[] = [];
    try {
      // 5 from each of four /24s in four /16s: every network within its shares, all 20 slots held.
      for (let i = 0; i < HTTP_LIMITS.uploadsInFlight; i++) {
        const network = Math.floor(i / HTTP_LIMITS.uploadsInFlightPerNetwork);
        trickles.push(trickle(`10.${network + 1}.7.${(i % HTTP_LIMITS.uploadsInFlightPerNetwork) + 1}`));
      }
      // Each trickle's spool folder is made once it holds a slot.
      await eventually(
        async () => (await spooled()) === HTTP_LIMITS.uploadsInFlight,
        20_000,
        'every slot held',
      );
      // Until every trickle is past its grace, none has shown a pace to judge it by.
      await new Promise((resolve) => setTimeout(resolve, 2 * GRACE_SECONDS * 1000));

      const chat = await writeWhatsAppExport(workDir, { textMessages: 6, voiceNotes: 0, photos: 0 });
      // From 127.0.0.1 itself (no X-Forwarded-For): a network of its own.
      const honest = await uploadExport(standalone.baseUrl, chat.zipPath);
      expect(honest).toMatchObject({ status: 201, body: { clientId: expect.any(String) } });
      const { events } = await readProgress(standalone.baseUrl, honest.body.clientId!);
      expect(events.at(-1)).toMatchObject({ done: true });

      // One trickle gave its place, told why and when to come back; the others go on.
      const evicted = await Promise.race(trickles.map((t) => t.answer));
      expect(evicted).toMatch(/^HTTP\/1\.1 503 /);
      expect(evicted).toMatch(/\r\nretry-after: 60\r\n/i);
      expect(evicted).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(evicted.slice(evicted.indexOf('\r\n\r\n') + 4))).toEqual({
        code: 'UNAVAILABLE',
        message: UPLOAD_REFUSALS.evicted,
      });
      expect(await spooled()).toBe(HTTP_LIMITS.uploadsInFlight - 1);
    } finally {
      for (const t of trickles) t.stop();
    }
    await eventually(async () => (await spooled()) === 0, 10_000, 'an empty work folder');
  }, 90_000);
});
