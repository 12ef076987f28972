import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { createTransport } from 'nodemailer';
import { S3ObjectStorage } from '@chatexhibit/kit/storage/s3-object-storage';
import { type RunningProcess, startProcess } from '../support/child-process';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';

/** `npm run local-servers` as docs/deployment.md uses it: the variables it prints work. */
describe('local servers for the distributed mode on one machine', () => {
  let folder: string;
  let servers: RunningProcess | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-local-servers-'));
  });
  afterAll(async () => {
    await servers?.stop('SIGTERM');
    await rm(folder, { recursive: true, force: true });
  });

  it('prints S3 and SMTP variables that an S3 client and a logged-in SMTP client can use', async () => {
    servers = startProcess(
      'scripts/local-servers.cjs',
      {
        S3_PORT: String(await freePort()),
        SMTP_PORT: String(await freePort()),
      },
      [folder],
    );
    await servers.waitForLine((line) => line.startsWith('SMTP_URL='));
    const env = Object.fromEntries(
      servers.lines.filter((l) => l.includes('=')).map((l) => l.split(/=(.*)/s, 2)),
    );

    const storage = new S3ObjectStorage({
      endpoint: env.S3_ENDPOINT!,
      region: 'us-east-1',
      accessKey: env.S3_ACCESS_KEY!,
      secretKey: env.S3_SECRET_KEY!,
      bucket: env.S3_BUCKET!,
    });
    await storage.ensureBucket();
    await storage.put('exports/1/upload.zip', Buffer.from('PK bytes'));
    expect(await text(await storage.get('exports/1/upload.zip'))).toBe('PK bytes');

    // The notification service logs in with the user and password of SMTP_URL.
    const mail = createTransport(env.SMTP_URL!);
    await mail.verify();
    await mail.sendMail({
      from: 'no-reply@example.com',
      to: 'client@example.com',
      subject: 'Hi',
      text: 'Hello',
    });
    mail.close();
    const mailDir = path.join(folder, 'mail');
    await eventually(async () => (await readdir(mailDir)).length === 1, 5000, 'the mail stored');
  }, 30_000);
});
