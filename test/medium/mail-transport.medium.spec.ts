import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createLogger } from '@chatexhibit/kit/logging/logger';
import { OutboxMailTransport, SmtpMailTransport } from '@chatexhibit/kit/mail/mail-transport';

const message = {
  to: 'client@example.com',
  subject: 'Your ChatExhibit download',
  text: 'Link: https://example.com/d/1',
};

describe('mail transports', () => {
  it('sends through a real SMTP server', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const transport = new SmtpMailTransport(`smtp://127.0.0.1:${port}`, 'ChatExhibit <no-reply@example.com>');
    try {
      await transport.check();
      const { messageId } = await transport.send(message);
      expect(messageId).toMatch(/@/);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: 'no-reply@example.com', to: ['client@example.com'] });
      expect(received[0]!.data).toContain('Subject: Your ChatExhibit download');
    } finally {
      await transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('reports an SMTP server that is not there', async () => {
    const transport = new SmtpMailTransport('smtp://127.0.0.1:1', 'x@example.com');
    await expect(transport.check()).rejects.toThrow();
  });

  it('writes a complete .eml to the outbox in standalone mode', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'chatexhibit-outbox-'));
    const directory = path.join(folder, 'outbox');
    try {
      const transport = new OutboxMailTransport(
        directory,
        'ChatExhibit <no-reply@example.com>',
        createLogger({ part: 'test', level: 'silent' }),
      );
      await transport.check();
      const mailId = randomUUID();
      await transport.send(message, mailId);
      await transport.send(message, randomUUID());
      const files = (await readdir(directory)).filter((name) => name.includes(mailId));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await readFile(path.join(directory, files[0]!), 'utf8');
      expect(eml).toContain('To: client@example.com');
      expect(eml).toContain('From: ChatExhibit <no-reply@example.com>');
      expect(eml).toContain('Link: https://example.com/d/1');
      // Forgetting the mail deletes its copy, and only its copy.
      await transport.forget([mailId]);
      expect((await readdir(directory)).some((name) => name.includes(mailId))).toBe(false);
      expect(await readdir(directory)).toHaveLength(1);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
