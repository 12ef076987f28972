import { afterFailure } from '@chatexhibit/kit/bus/work-queue';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { SmtpMailTransport } from '@chatexhibit/kit/mail/mail-transport';
import type { ContactMessageEntity } from '../src/contact-messages/contact-message.entity';
import type { ContactMessageRepository } from '../src/contact-messages/contact-message.repository';
import { contactMail } from '../src/use-cases/send-mail/contact-mail';
import { MAIL_MAX_DELIVER } from '../src/use-cases/send-mail/send-mail.job-handler';
import { SendMailUseCase } from '../src/use-cases/send-mail/send-mail.use-case';
import { freePort } from '../../../test/support/free-port';
import { startSmtpSink } from '../../../test/support/smtp-sink';

const stored: ContactMessageEntity = {
  id: '6f1c8b62-3f1e-4d8e-9a55-0d3b8f1f2a10',
  name: 'Ann <Admin>',
  email: 'ann@example.net',
  subject: 'Line one\nline two',
  message: 'Please <script>alert(1)</script> help & thanks',
  receivedAt: new Date('2026-01-02T03:04:05Z'),
  mailId: '0a9e2c34-55b1-4a8d-8d0e-51b8c5e0b7c1',
  sentAt: null,
};

/** The repository's two reads and writes the use case needs, over one row in memory. */
const repositoryOf = (row: ContactMessageEntity) =>
  ({
    find: (id: string) => Promise.resolve(id === row.id ? row : null),
    markSent: (_id: string, sentAt: Date) => {
      row.sentAt = sentAt;
      return Promise.resolve();
    },
  }) as unknown as ContactMessageRepository;

const silent = { info: () => undefined } as unknown as Logger;
const job = { kind: 'contact', mailId: stored.mailId, contactId: stored.id } as const;

describe('the contact mail', () => {
  it('goes to support, Reply-To the sender, with the subject on one line and the HTML escaped', () => {
    const mail = contactMail(stored, 'support@example.com');
    expect(mail).toMatchObject({
      to: 'support@example.com',
      replyTo: 'ann@example.net',
      subject: '[ChatExhibit contact] Line one line two',
    });
    expect(mail.text).toContain('Please <script>alert(1)</script> help & thanks');
    expect(mail.text).toContain('From: Ann <Admin> <ann@example.net>');
    expect(mail.html).toContain('Please &lt;script&gt;alert(1)&lt;/script&gt; help &amp; thanks');
    expect(mail.html).toContain('Ann &lt;Admin&gt; &lt;ann@example.net&gt;');
    expect(mail.html).not.toContain('<script>');
  });
});

describe('sending a contact mail', () => {
  it('fails while the SMTP server refuses, so the queue retries; sends once it accepts, and never twice', async () => {
    const port = await freePort();
    const transport = new SmtpMailTransport(`smtp://127.0.0.1:${port}`, 'ChatExhibit <no-reply@example.com>');
    const row = { ...stored };
    const sendMail = new SendMailUseCase(
      repositoryOf(row),
      transport,
      { supportEmail: 'support@example.com' },
      silent,
    );

    // Nothing listens yet: the delivery fails and, far from its last, is retried.
    const refused = await sendMail.execute(job).then(
      () => 'sent',
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ message: expect.stringContaining('ECONNREFUSED') });
    expect(afterFailure(refused, 1, MAIL_MAX_DELIVER)).toEqual({ action: 'retry', delayMs: 1000 });
    expect(row.sentAt).toBeNull();

    const sink = await startSmtpSink(port);
    try {
      await sendMail.execute(job);
      expect(sink.messages).toHaveLength(1);
      expect(sink.messages[0]).toMatch(/^Reply-To: ann@example\.net\r$/m);
      expect(row.sentAt).toBeInstanceOf(Date);

      // A redelivery after the mark sends nothing.
      await sendMail.execute(job);
      expect(sink.messages).toHaveLength(1);
    } finally {
      await transport.close();
      await sink.close();
    }
  });

  it('keeps retrying for about a quarter of an hour before a mail is dead-lettered', () => {
    const delays: number[] = [];
    for (let delivery = 1; ; delivery++) {
      const next = afterFailure(new Error('refused'), delivery, MAIL_MAX_DELIVER);
      if (next.action === 'dead-letter') break;
      delays.push(next.delayMs);
    }
    expect(delays).toHaveLength(MAIL_MAX_DELIVER - 1);
    const totalMinutes = delays.reduce((sum, d) => sum + d, 0) / 60_000;
    expect(totalMinutes).toBeGreaterThan(13);
    expect(totalMinutes).toBeLessThan(16);
  });
});
