import { afterFailure, OUTSIDE_SERVER_MAX_DELIVER } from '@chatexhibit/kit/bus/work-queue';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { SignedLinks } from '@chatexhibit/kit/links/signed-links';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { SmtpMailTransport } from '@chatexhibit/kit/mail/mail-transport';
import type { ExportEraser } from '@chatexhibit/kit/retention/export-expiry';
import type { ContactMessageEntity } from '../src/contact-messages/contact-message.entity';
import type { ContactMessageRepository } from '../src/contact-messages/contact-message.repository';
import { CONTACT_CONFIRMATION_SUBJECT, contactMail } from '../src/mail-templates/contact-mail';
import type { SentMailRepository } from '../src/sent-mails/sent-mail.repository';
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
  confirmationMailId: '5c2d7e10-8f3a-4b6c-9d1e-2a3b4c5d6e7f',
};

/** The contact repository's one read the use case needs, over one row in memory. */
const contactRepositoryOf = (row: ContactMessageEntity) =>
  ({
    find: (id: string) => Promise.resolve(id === row.id ? row : null),
  }) as unknown as ContactMessageRepository;

/** The sent-mail record, in memory. */
const sentMailsIn = (sent: Map<string, Date>) =>
  ({
    isSent: (mailId: string) => Promise.resolve(sent.has(mailId)),
    markSent: ({ mailId, sentAt }: { mailId: string; sentAt: Date }) => {
      sent.set(mailId, sentAt);
      return Promise.resolve();
    },
  }) as unknown as SentMailRepository;

const settings = {
  supportEmail: 'support@example.com',
  publicUrl: 'https://chatexhibit.example',
  linkSigningSecret: 'x'.repeat(64),
};

const silent = { info: () => undefined } as unknown as Logger;
/** No export of these mails was deleted. */
const noneErased = { undoIfErased: () => Promise.resolve(false) } as unknown as ExportEraser;
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

  it('writes each sender field on its one line, even one stored with a line break', () => {
    const mail = contactMail(
      { ...stored, name: 'Ann\r\nReceived: 1999-01-01', subject: 'Help\u2028Subject: refund' },
      'support@example.com',
    );
    expect(mail.subject).toBe('[ChatExhibit contact] Help Subject: refund');
    expect(mail.text.split('\n').slice(0, 3)).toEqual([
      'From: Ann Received: 1999-01-01 <ann@example.net>',
      'Received: 2026-01-02T03:04:05.000Z',
      'Subject: Help Subject: refund',
    ]);
  });
});

describe("the contact form sender's confirmation", () => {
  it('reaches the sender over SMTP, Reply-To support, repeating nothing they typed, once', async () => {
    const sink = await startSmtpSink();
    const transport = new SmtpMailTransport(sink.url, 'ChatExhibit <no-reply@example.com>');
    const sent = new Map<string, Date>();
    const sendMail = sendMailOver(transport, sent);
    const confirmation = {
      kind: 'contact-confirmation',
      mailId: stored.confirmationMailId!,
      contactId: stored.id,
    } as const;
    try {
      await sendMail.execute(confirmation);
      await sendMail.execute(confirmation);
      expect(sink.messages).toHaveLength(1);
      const raw = sink.messages[0]!;
      expect(raw).toMatch(/^To: ann@example\.net\r$/m);
      expect(raw).toMatch(/^Reply-To: support@example\.com\r$/m);
      expect(raw).toMatch(new RegExp(`^Subject: ${CONTACT_CONFIRMATION_SUBJECT}\r$`, 'm'));
      expect(raw).toContain('support@example.com');
      // Anyone can type another's address into the form: none of their words goes to it.
      for (const typed of ['Ann', 'Line one', 'alert(1)', 'thanks']) expect(raw).not.toContain(typed);
      expect(sent.get(stored.confirmationMailId!)).toBeInstanceOf(Date);
    } finally {
      await transport.close();
      await sink.close();
    }
  });
});

/** The use case over `transport`, for the stored contact message, recording sent mails in `sent`. */
const sendMailOver = (transport: SmtpMailTransport, sent = new Map<string, Date>()): SendMailUseCase =>
  new SendMailUseCase(
    contactRepositoryOf({ ...stored }),
    sentMailsIn(sent),
    transport,
    noneErased,
    settings,
    silent,
  );

describe('sending a contact mail', () => {
  it('fails while the SMTP server refuses, so the queue retries; sends once it accepts, and never twice', async () => {
    const port = await freePort();
    const transport = new SmtpMailTransport(`smtp://127.0.0.1:${port}`, 'ChatExhibit <no-reply@example.com>');
    const sent = new Map<string, Date>();
    const sendMail = sendMailOver(transport, sent);

    // Nothing listens yet: the delivery fails and, far from its last, is retried.
    const refused = await sendMail.execute(job).then(
      () => 'sent',
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ message: expect.stringContaining('ECONNREFUSED') });
    expect(afterFailure(refused, 1, OUTSIDE_SERVER_MAX_DELIVER)).toEqual({ action: 'retry', delayMs: 1000 });
    expect(sent.has(stored.mailId)).toBe(false);

    const sink = await startSmtpSink(port);
    try {
      await sendMail.execute(job);
      expect(sink.messages).toHaveLength(1);
      expect(sink.messages[0]).toMatch(/^Reply-To: ann@example\.net\r$/m);
      expect(sent.get(stored.mailId)).toBeInstanceOf(Date);

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
      const next = afterFailure(new Error('refused'), delivery, OUTSIDE_SERVER_MAX_DELIVER);
      if (next.action === 'dead-letter') break;
      delays.push(next.delayMs);
    }
    expect(delays).toHaveLength(OUTSIDE_SERVER_MAX_DELIVER - 1);
    const totalMinutes = delays.reduce((sum, d) => sum + d, 0) / 60_000;
    expect(totalMinutes).toBeGreaterThan(13);
    expect(totalMinutes).toBeLessThan(16);
  });
});

describe('the download-links mail', () => {
  const job = {
    kind: 'download-links',
    mailId: '3b0f3a4e-6c1d-4f57-9a3e-2f4b5c6d7e8f',
    to: 'buyer@example.org',
    bundleId: 'b1d4c0de-1111-4222-8333-444455556666',
    exportId: 'e1d4c0de-aaaa-4bbb-8ccc-ddddeeeeffff',
    deleteAfter: '2027-02-21T10:00:00.000Z',
  } as const;

  it('reaches the buyer over SMTP with two signed links on the public URL, valid 90 days, once', async () => {
    const sink = await startSmtpSink();
    const transport = new SmtpMailTransport(sink.url, 'ChatExhibit <no-reply@example.com>');
    const sent = new Map<string, Date>();
    const sendMail = sendMailOver(transport, sent);
    try {
      await sendMail.execute(job);
      await sendMail.execute(job);
      expect(sink.messages).toHaveLength(1);
      const raw = sink.messages[0]!;
      expect(raw).toMatch(/^To: buyer@example\.org\r$/m);
      expect(raw).toMatch(/^Subject: Your ChatExhibit transcript and evidence package\r$/m);
      const unfolded = raw.replace(/=\r\n/g, '').replace(/=3D/g, '=').replace(/&amp;/g, '&');
      const links = [...new Set(unfolded.match(/https:\/\/chatexhibit\.example\/api\/files\/[^\s"<]+/g))];
      const verifier = new SignedLinks(settings.linkSigningSecret);
      const paths = links.map((link) => new URL(link).pathname).sort();
      // Each path names the export by a sealed token: neither id of the job is in the mail.
      expect(paths.map((p) => p.replace(/^\/api\/files\/[^/]+\//, '/api/files/<token>/'))).toEqual([
        '/api/files/<token>/evidence.zip',
        '/api/files/<token>/transcript.pdf',
      ]);
      for (const p of paths) expect(verifier.unseal(p.split('/')[3]!)).toBe(job.exportId);
      for (const id of [job.exportId, job.bundleId, job.mailId]) expect(unfolded).not.toContain(id);
      expect(unfolded).toContain(exportReference(job.exportId));
      for (const link of links) {
        const url = new URL(link);
        // The signature rides in the fragment, which no server or proxy log sees; the query is empty.
        expect(url.search).toBe('');
        const signed = new URLSearchParams(url.hash.slice(1));
        const expires = signed.get('expires')!;
        expect(verifier.verify(url.pathname, expires, signed.get('signature')!)).toBe('valid');
        const days = (Number(expires) * 1000 - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(89.9);
        expect(days).toBeLessThanOrEqual(90);
        // Signed for this secret only.
        expect(new SignedLinks('y'.repeat(64)).verify(url.pathname, expires, signed.get('signature')!)).toBe(
          'tampered',
        );
      }
      expect(unfolded).toContain('February 21, 2027');
      expect(unfolded).toContain(
        `The documents of your chat export ${exportReference(job.exportId)} are ready.`,
      );
      // Besides `sha256sum -c`, the page that checks the package in a browser.
      expect(unfolded).toContain('sha256sum -c SHA256SUMS');
      expect(unfolded).toContain('https://chatexhibit.example/verify');
      expect(unfolded).toContain('Thank you for your purchase.');
    } finally {
      await transport.close();
      await sink.close();
    }
  });

  it("mails a free export's links, asked for on the page, as working until its files are deleted", async () => {
    const sink = await startSmtpSink();
    const transport = new SmtpMailTransport(sink.url, 'ChatExhibit <no-reply@example.com>');
    const sendMail = sendMailOver(transport);
    const { bundleId: _bought, ...free } = job;
    try {
      await sendMail.execute(free);
      const unfolded = sink.messages[0]!.replace(/=\r\n/g, '').replace(/\s+/g, ' ');
      expect(unfolded).toContain('https://chatexhibit.example/api/files/');
      expect(unfolded).toContain(
        'These links work until the files are deleted from our servers on February 21, 2027',
      );
      expect(unfolded).not.toContain('Thank you for your purchase');
      expect(unfolded).not.toContain('extra month of storage');
    } finally {
      await transport.close();
      await sink.close();
    }
  });
});
