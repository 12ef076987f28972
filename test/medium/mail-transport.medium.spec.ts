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

/** A link longer than a quoted-printable line, with `=` in it: what the .eml cannot show as it is. */
const linkMail = {
  ...message,
  text: 'Link: https://example.com/d/1?expires=1700000000&signature=0123456789abcdef0123456789abcdef0123456789abcdef',
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
      await transport.send(linkMail, mailId);
      await transport.send(message, randomUUID());
      const files = (await readdir(directory)).filter((name) => name.includes(mailId)).sort();
      expect(files).toHaveLength(2);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await readFile(path.join(directory, files[0]!), 'utf8');
      expect(eml).toContain('To: client@example.com');
      expect(eml).toContain('From: ChatExhibit <no-reply@example.com>');
      expect(eml).toContain('Link: https://example.com/d/1');
      // Beside it, the same mail for a person to read: its link whole, not quoted-printable.
      expect(files[1]).toBe(files[0]!.replace(/\.eml$/, '.txt'));
      const date = /^Date: (.+)\r$/m.exec(eml)![1]!;
      expect(await readFile(path.join(directory, files[1]!), 'utf8')).toBe(
        [
          'From: ChatExhibit <no-reply@example.com>',
          'To: client@example.com',
          'Subject: Your ChatExhibit download',
          `Date: ${date}`,
          '',
          linkMail.text,
          '',
        ].join('\n'),
      );
      expect(eml).not.toContain(linkMail.text);
      // Forgetting the mail deletes its copies, and only its copies.
      await transport.forget([mailId]);
      expect((await readdir(directory)).some((name) => name.includes(mailId))).toBe(false);
      expect(await readdir(directory)).toHaveLength(2);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
